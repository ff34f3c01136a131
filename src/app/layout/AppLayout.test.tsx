// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/react';
import { flattenMenu } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import type { MenuNode } from '../../domain/menu/menu-types';
import { useTabs } from '../tabs/tabs-store';
import { AppLayout } from './AppLayout';
import { FAVOURITES_CHOICE_KEY } from './favourites';
import type { FavMenu } from '../../data/menu/fav-menus-store';

// Tells React that this test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks what Mantine measures with: matchMedia, ResizeObserver, scrollIntoView.
beforeAll(async () => {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
  globalThis.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  Element.prototype.scrollIntoView = () => {};
  // The local helper is not running in a test: a socket that never opens.
  vi.stubGlobal('WebSocket', class { readyState = 0; send() {} close() {} onopen = null; onclose = null; onerror = null; onmessage = null; });
  await initI18n('zh');
});

const TREE: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console', icon: 'IconGauge' }, children: [
    { path: '/dashboard', meta: { title: 'menu.dashboard', icon: 'IconLayoutDashboard', affix: true } },
  ] },
  { path: '/sales', meta: { title: 'test.sales', icon: 'IconCoin' }, children: [
    { path: '/customers/list', meta: { title: 'test.customers', icon: 'IconUsers' } },
    { path: '/contracts/list', meta: { title: 'test.contracts', icon: 'IconSignature' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'test.edit', activeMenu: '/customers/list' } },
  ] },
];

let container: HTMLDivElement;
let root: Root;
function Where() {
  const l = useLocation();
  return <div data-testid="page" data-where={l.pathname + l.search}>page {l.pathname}</div>;
}

/** The location the router is at, as the page rendered it. */
const where = () => document.querySelector('[data-testid="page"]')?.getAttribute('data-where');

async function renderAt(path: string, favourites: FavMenu[] = []) {
  await act(async () => {
    root.render(
      <MantineProvider>
        {/* The app's shell lives inside the query client (main.tsx): the header's help button reads through it. */}
        <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<AppLayout loadServers={async () => []} loadFavourites={async () => favourites} />}>
              <Route path="*" element={<Where />} />
            </Route>
          </Routes>
        </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
}

const text = (el: Element | null) => el?.textContent ?? '';
const tabs = () => [...document.querySelectorAll('[role="tab"]')];
const navItems = () => [...document.querySelectorAll('nav[aria-label="菜单"] a')].map(a => a.textContent);

beforeEach(() => {
  sessionStorage.clear();
  useTabs.getState().clear();
  useMenu.setState({ tree: TREE, flat: flattenMenu(TREE), loaded: true });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('AppLayout', () => {
  it('shows the breadcrumb starting with 控制台 and the fixed dashboard tab', async () => {
    await renderAt('/dashboard');
    const crumbs = document.querySelector('[aria-label="当前位置"]');
    expect(text(crumbs)).toBe('控制台');
    expect(tabs().map(text)).toEqual(['控制台']);
    expect(tabs()[0]!.getAttribute('data-affix')).toBe('true');
    // The fixed tab has no close button.
    expect(tabs()[0]!.querySelector('[aria-label="关闭"]')).toBeNull();
    expect(text(document.querySelector('[data-testid="page"]'))).toBe('page /dashboard');
  });

  it('adds a tab per visited page, titles an edit page after its list, and closing the active one goes back', async () => {
    await renderAt('/customers/edit/12?x=1');
    expect(tabs().map(text)).toEqual(['控制台', 'test.customers / test.edit']);
    // Breadcrumb: 控制台 / group / the list (linked) / the page.
    const crumbs = document.querySelector('[aria-label="当前位置"]')!;
    expect([...crumbs.children].map(text).filter(s => s !== '/')).toEqual(['控制台', 'test.sales', 'test.customers', 'test.edit']);
    // The sidebar highlights the list the edit page belongs to.
    expect(text(document.querySelector('nav a[aria-current="page"]'))).toBe('test.customers');
    // Refresh goes through the hidden /redirect route, keeping the query.
    const refresh = tabs()[1]!.querySelector<HTMLElement>('[aria-label="刷新"]')!;
    await act(async () => refresh.click());
    expect(where()).toBe('/redirect/customers/edit/12?x=1');
    await act(async () => root.unmount());
    root = createRoot(container);
    await renderAt('/customers/edit/12?x=1');
    const close = tabs()[1]!.querySelector<HTMLElement>('[aria-label="关闭"]')!;
    await act(async () => close.click());
    expect(where()).toBe('/dashboard');
    expect(tabs().map(text)).toEqual(['控制台']);
  });

  it('offers the favourites above 4 entries and uses them when the 4-second countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const favs: FavMenu[] = ['/customers/list', '/contracts/list', '/a/list', '/b/list', '/c/list']
      .map(path => ({ path, title: `fav ${path}` }));
    await renderAt('/dashboard', favs);
    expect(document.body.textContent).toContain('使用收藏菜单？');
    expect(navItems()).toContain('test.customers');
    await act(async () => { vi.advanceTimersByTime(3000); });
    expect(sessionStorage.getItem(FAVOURITES_CHOICE_KEY)).toBeNull();
    await act(async () => { vi.advanceTimersByTime(1000); });
    expect(sessionStorage.getItem(FAVOURITES_CHOICE_KEY)).toBe('1');
    expect(navItems()).toEqual(favs.map(f => f.title));
  });

  it('does not ask with 4 favourites or fewer', async () => {
    const favs: FavMenu[] = ['/a', '/b', '/c', '/d'].map(path => ({ path, title: path }));
    await renderAt('/dashboard', favs);
    expect(document.body.textContent).not.toContain('使用收藏菜单？');
    expect(sessionStorage.getItem(FAVOURITES_CHOICE_KEY)).toBeNull();
    expect(navItems().join()).not.toContain('/a');
  });
});
