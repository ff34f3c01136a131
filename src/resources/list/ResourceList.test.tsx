// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../data/notifier';
import { fakeNotifier } from '../../data/test-helpers';
import { devicemaintenances } from '../../domain/resources/devices/devicemaintenances';
import { items } from '../../domain/resources/items/items';
import { summableFields } from '../../domain/rules/sums';
import { initI18n } from '../../i18n/react';
import { jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../form/test-utils';
import ResourceList from './ResourceList';

/**
 * The list's totals row (issue 15): only fields declared `sum: true` are totalled — never a unit price or a sort
 * order — and a total of narrowed rows says so.
 */

beforeAll(async () => {
  setupDom();
  // jsdom lays nothing out; the grid's virtualizers read the scroller's size from clientWidth/clientHeight.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 2000 });
  await initI18n('zh');
});

let ui: Rendered | undefined;
let listCalls: URLSearchParams[];

const itemRow = (id: number) => ({
  id, version: 1, code: `A-${id}`, name: `纸箱${id}`, spec: null, category_id: null, unit: '件', unit2: null,
  weight: '1.5000', price: '12.5000', workflow_id: null, active: true,
});
const maintenanceRow = (id: number, content: string, cost: string) => ({
  id, version: 1, device_id: 1, device_id_name: '印刷机', kind: 'repair', status: 'done', planned_date: '2026-01-01',
  done_at: null, person_id: null, cost, content,
});

beforeEach(() => {
  listCalls = [];
  setNotifier(fakeNotifier());
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/items/list/') {
      listCalls.push(url.searchParams);
      // A server of an older build that still totals the unit price: the grid must not show it.
      return jsonReply({ msg: 'OK', dt: [itemRow(1), itemRow(2)], total: 2, totals: { price: 25, weight: 3 } });
    }
    if (url.pathname === '/devicemaintenances/list/') {
      return jsonReply({ msg: 'OK', dt: [maintenanceRow(1, '更换轴承', '100.2500'), maintenanceRow(2, '例行清洁', '50.0000'),
        maintenanceRow(3, '更换皮带', '0.5000')], total: 3 });
    }
    return jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const totalsRow = () => mustFind('grid-totals');
const totalOf = (column: string) => totalsRow().querySelector(`[data-column="${column}"]`)?.textContent;

// A loaded two-core machine may take seconds to mount the first screen of the file (Mantine, the grid, the form).
describe('the list’s totals row', { timeout: 30_000 }, () => {
  it('items: a unit price is never totalled', async () => {
    expect(summableFields(items)).not.toContain('price');
    ui = await renderUi(<ResourceList def={items} />, { path: '/items/list' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="grid-row"]')).toHaveLength(2), 10_000);
    expect(listCalls[0]?.get('totals')).toBe('1');
    await waitFor(() => expect(totalOf('price')).toBe(''), 10_000);
    expect(totalsRow().textContent).not.toContain('25');
    expect(totalsRow().textContent).toContain('合计');
    expect(totalsRow().hasAttribute('data-filtered')).toBe(false);
    expect(document.querySelector('[data-testid="grid-totals-filtered"]')).toBeNull();
  });

  it('a total of the rows a keyword leaves says it is filtered', async () => {
    expect(summableFields(devicemaintenances)).toEqual(['cost']);
    ui = await renderUi(<ResourceList def={devicemaintenances} />, { path: '/devicemaintenances/list' });
    await waitFor(() => expect(totalOf('cost')).toBe('150.75'), 10_000);
    expect(document.querySelector('[data-testid="grid-totals-filtered"]')).toBeNull();
    await typeInto(mustFind('list-keyword'), '更换');
    await waitFor(() => expect(totalOf('cost')).toBe('100.75'), 10_000);
    expect(totalsRow().hasAttribute('data-filtered')).toBe(true);
    expect(mustFind('grid-totals-filtered').textContent).toBe('仅筛选后的行');
  });
});
