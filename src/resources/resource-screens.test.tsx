// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../data/notifier';
import { fakeNotifier } from '../data/test-helpers';
import { RESOURCES } from '../domain/resources/all';
import { flattenMenu } from '../domain/menu/flatten';
import { ROUTE_TREE } from '../domain/menu/route-tree';
import { initI18n } from '../i18n/react';
import { createPathOf, editPathOf, listPathOf } from '../domain/menu/resource-paths';
import { jsonReply, mustFind, renderUi, sampleRow, setupDom, waitFor, type Rendered } from './form/test-utils';
import { resourceScreens } from './resource-screens';

/**
 * Every declared resource gets its list, edit and create screens from its declaration alone (issue 4): generated
 * from the registry, so a new declaration is covered without touching this file.
 */
beforeAll(async () => {
  setupDom();
  // jsdom lays nothing out; the grid's virtualizers read the scroller's size from clientWidth/clientHeight.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  await initI18n('zh');
});

let ui: Rendered | undefined;
beforeEach(() => setNotifier(fakeNotifier()));
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
});

const ROUTE_PATHS = new Set(flattenMenu(ROUTE_TREE).map(m => m.path));

describe.each(RESOURCES.map(def => [def.name, def] as const))('%s', (_name, def) => {
  const screens = resourceScreens([def]);
  const row = sampleRow(def);
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes(`${def.api}/detail/`)) return jsonReply({ msg: 'OK', dt: row });
      if (url.includes(`${def.api}/list/`)) return jsonReply({ msg: 'OK', dt: [row], total: 1 });
      return jsonReply({ msg: 'OK', dt: [], total: 0 });
    }));
  });

  it('has its screens in the route tree, under its menu path', () => {
    for (const p of [listPathOf(def), editPathOf(def, ':id'), createPathOf(def)]) {
      if (p) expect(ROUTE_PATHS, p).toContain(p);
    }
    expect(ROUTE_PATHS).toContain(def.menu[0]);
  });

  const list = listPathOf(def);
  it.runIf(list !== undefined && screens[list] !== undefined)('renders its list with the rows of the server', async () => {
    const Screen = screens[list!]!;
    ui = await renderUi(<Suspense fallback={null}><Screen /></Suspense>, { path: list });
    await waitFor(() => expect(mustFind('resource-list').dataset.resource).toBe(def.name), 5000);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="grid-row"]').length).toBe(1), 5000);
  }, 20_000);

  const edit = editPathOf(def, ':id');
  it.runIf(edit !== undefined)('renders its edit page with the row', async () => {
    const Screen = screens[edit!]!;
    ui = await renderUi(<Suspense fallback={null}><Screen /></Suspense>, { path: editPathOf(def, 7), pattern: edit });
    await waitFor(() => mustFind('resource-form'), 5000);
    expect(mustFind('history-open')).toBeTruthy();
  }, 20_000);

  const create = createPathOf(def);
  it.runIf(create !== undefined)('renders its create page', async () => {
    const Screen = screens[create!]!;
    ui = await renderUi(<Suspense fallback={null}><Screen /></Suspense>, { path: create });
    await waitFor(() => mustFind('resource-form'), 5000);
  }, 20_000);
});
