// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMenuFetcher, type MenuRequest } from '../../data/menu/fetcher';
import { ComingContext, type ComingPolicy } from '../../ui/menu/coming-context';
import { useMenu } from '../../ui/stores';
import type { MenuNode } from '../../domain/menu/menu-types';
import { initI18n } from '../../i18n/react';
import Dashboard from './Dashboard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the server answers a supervisor-like role: production pages, persons, devices; no items, no customers. */
const MENU: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console', icon: 'IconGauge' }, children: [
    { path: '/dashboard', meta: { title: 'menu.dashboard', icon: 'IconLayoutDashboard', affix: true } },
  ] },
  { path: '/production', meta: { title: 'menu.production', icon: 'IconBuildingFactory2' }, children: [
    { path: '/orders/list', color: '#e8590c', meta: { title: 'resources.orders.menu', icon: 'IconClipboardList' } },
    { path: '/orders/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/orders/list' } },
  ] },
  { path: '/people', meta: { title: 'menu.people_group', icon: 'IconUsersGroup' }, children: [
    { path: '/persons/list', meta: { title: 'resources.persons.menu', icon: 'IconUser' } },
  ] },
  { path: '/device', meta: { title: 'menu.devices_group', icon: 'IconSettingsAutomation' }, children: [
    { path: '/devices/list_status', meta: { title: 'menu.devices_status', icon: 'IconActivity' } },
  ] },
];

const TOTALS: Record<string, number> = { '/persons/list/': 1234, '/devices/list/': 12, 'running': 9, 'fault': 2 };

let requests: MenuRequest[] = [];
let host: HTMLDivElement;
let root: Root;

async function flush() {
  for (let i = 0; i < 5; i++) await act(async () => { await Promise.resolve(); });
}

describe('Dashboard', () => {
  beforeAll(async () => {
    // Mantine reads the colour scheme through matchMedia, which jsdom lacks.
    window.matchMedia = (query: string) => ({
      matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
      addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
    }) as MediaQueryList;
    await initI18n('zh');
  });

  beforeEach(() => {
    requests = [];
    useMenu.getState().clear();
    setMenuFetcher(async req => {
      requests.push(req);
      return { msg: 'OK', menus: MENU };
    });
    // The counts go through the data layer: a list of one row answers its total.
    vi.stubGlobal('fetch', vi.fn(async (input: string) => {
      const u = new URL(input, 'http://local');
      const status = u.searchParams.get('status');
      requests.push({ method: 'GET', url: u.pathname, data: Object.fromEntries([...u.searchParams].filter(([k]) => k === 'limit' || k === 'status').sort()) });
      return new Response(JSON.stringify({ msg: 'OK', dt: [], total: TOTALS[status ?? `${u.pathname}`] ?? 0 }), { status: 200 });
    }));
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    setMenuFetcher(null);
    vi.unstubAllGlobals();
  });

  /** Without a policy, as outside the shell: every page counts as built. */
  async function renderAt(path: string, coming?: ComingPolicy) {
    const routes = (
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/orders/list" element={<p>orders page</p>} />
        </Routes>
      </MemoryRouter>
    );
    await act(async () => root.render(
      <MantineProvider>
        {coming ? <ComingContext.Provider value={coming}>{routes}</ComingContext.Provider> : routes}
      </MantineProvider>,
    ));
    await flush();
  }

  /** The shell's answer for this menu: orders has no screen yet, persons and the status board have. */
  const ordersComing = (path: string) => path !== '/orders/list';

  it('greys the tiles of pages still to come and marks them, the others not', async () => {
    await renderAt('/dashboard', { hasScreen: ordersComing, hide: false });
    const orders = host.querySelector<HTMLElement>('[data-path="/orders/list"]')!;
    expect(orders.dataset.coming).toBe('true');
    expect(orders.getAttribute('aria-label')).toBe('订单列表 — 此功能将在后续版本提供');
    expect(orders.querySelector<HTMLElement>('.mantine-Card-root')!.style.borderStyle).toBe('dashed');
    for (const p of ['/persons/list', '/devices/list_status']) {
      const tile = host.querySelector<HTMLElement>(`[data-path="${p}"]`)!;
      expect(tile.dataset.coming, p).toBeUndefined();
      expect(tile.querySelector<HTMLElement>('.mantine-Card-root')!.style.borderStyle, p).toBe('');
    }
  });

  it('leaves out the pages still to come, and a group left empty, when the user hides them', async () => {
    await renderAt('/dashboard', { hasScreen: ordersComing, hide: true });
    expect(host.querySelector('[data-path="/orders/list"]')).toBeNull();
    expect(host.querySelector('[data-testid="group-/production"]')).toBeNull();
    expect(host.querySelector('[data-path="/persons/list"]')).not.toBeNull();
  });

  it('loads the menu and shows its groups and pages, translated, without hidden pages or itself', async () => {
    await renderAt('/dashboard');
    expect(requests.filter(r => r.method === 'POST')).toHaveLength(1);
    const text = host.textContent ?? '';
    expect(text).toContain('功能地图');
    for (const label of ['生产', '订单', '人员', '员工', '设备', '机台状态']) expect(text).toContain(label);
    expect(host.querySelector('[data-path="/orders/edit/:id"]')).toBeNull();
    expect(host.querySelector('[data-path="/dashboard"]')).toBeNull();
    expect(host.querySelector('[data-testid="group-/"]')).toBeNull();
    expect(host.querySelectorAll('[data-testid^="group-"]')).toHaveLength(3);
  });

  it('shows the live counts of the resources the role holds, and asks for no others', async () => {
    await renderAt('/dashboard');
    const value = (k: string) => host.querySelector(`[data-testid="stat-${k}-value"]`)?.textContent;
    expect(value('persons')).toBe('1,234');
    expect(value('devices')).toBe('12');
    expect(value('devices_running')).toBe('9');
    expect(value('devices_fault')).toBe('2');
    expect(host.querySelector('[data-testid="stat-items"]')).toBeNull();
    expect(host.querySelector('[data-testid="stat-customers"]')).toBeNull();
    const lists = requests.filter(r => r.method === 'GET').map(r => `${r.url}?${new URLSearchParams(
      Object.entries(r.data ?? {}).map(([k, v]) => [k, String(v)])).toString()}`).sort();
    expect(lists).toEqual([
      '/devices/list/?limit=1', '/devices/list/?limit=1&status=fault', '/devices/list/?limit=1&status=running',
      '/persons/list/?limit=1',
    ]);
  });

  it('opens a page when its card is clicked', async () => {
    await renderAt('/dashboard');
    const card = host.querySelector<HTMLButtonElement>('[data-path="/orders/list"]')!;
    await act(async () => card.click());
    expect(host.textContent).toContain('orders page');
  });

  it('offers a retry when the menu cannot be loaded', async () => {
    let fail = true;
    setMenuFetcher(async () => {
      if (fail) throw new Error('down');
      return { msg: 'OK', menus: MENU };
    });
    await renderAt('/dashboard');
    expect(host.textContent).toContain('菜单加载失败');
    fail = false;
    const retry = [...host.querySelectorAll('button')].find(b => b.textContent === '重试')!;
    await act(async () => retry.click());
    await flush();
    expect(host.textContent).not.toContain('菜单加载失败');
    expect(host.textContent).toContain('订单');
  });
});
