// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { offlineDbFor, setMeta } from '../../data/offline/db';
import { forgetOfflineReads } from '../../data/offline/local-read';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import DeviceStatusBoard from './DeviceStatusBoard';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

interface Call { method: string; path: string; query: URLSearchParams; body: URLSearchParams }

let ui: Rendered | undefined;
let calls: Call[];
let deviceRows: Record<string, unknown>[];
let maintenanceStatus: number;
let doneFails: boolean;
/** `down`: no reply at all (the network); a number: the server answers with that status and no envelope. */
let server: 'up' | 'down' | number;

const device = (id: number, code: string, status: string, worknode: [number, string] | null) => ({
  id, version: 1, code, name: `机器${id}`, model: null, location: null, status,
  worknode_id: worknode?.[0] ?? null, worknode_id_name: worknode?.[1] ?? null,
});

beforeEach(() => {
  calls = [];
  server = 'up';
  sessionStore.setState({ baseURL: '' });
  connectivityStore.setState({ reachable: true });
  maintenanceStatus = 200;
  doneFails = false;
  deviceRows = [device(1, 'P-01', 'running', [2, '印刷']), device(2, 'P-02', 'fault', [2, '印刷']), device(3, 'C-01', 'idle', [1, '裁切']), device(4, 'X-01', 'off', null)];
  setNotifier(fakeNotifier());
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    if (server === 'down') throw new TypeError('Failed to fetch');
    if (server !== 'up') return new Response('Bad Gateway', { status: server });
    if (url.pathname === '/devices/list/') return jsonReply({ msg: 'OK', dt: deviceRows, total: deviceRows.length });
    if (url.pathname === '/devicemaintenances/list/') {
      if (maintenanceStatus !== 200) return jsonReply({ msg: '没有权限' }, maintenanceStatus);
      const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as { field: string; op: string; value: unknown }[];
      const status = filter.find(f => f.field === 'status' && f.op === 'eq')?.value;
      if (doneFails && status === 'done') return jsonReply({ msg: '请求参数错误' }, 400);
      const planned = [{ device_id: 1, status: 'planned', planned_date: '2000-01-01', canceled: false }];
      return jsonReply({ msg: 'OK', dt: status === 'planned' ? planned : [], total: 1 });
    }
    if (url.pathname === '/devices/save/' && method === 'POST') {
      const item = JSON.parse(body.get('item') ?? '{}') as { id: number; status: string };
      deviceRows = deviceRows.map(d => (d.id === item.id ? { ...d, status: item.status, version: 2 } : d));
      return jsonReply({ msg: 'OK', id: item.id, version: 2 });
    }
    return jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(async () => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
  connectivityStore.setState({ reachable: true });
  const db = offlineDbFor('');
  await Promise.all([db.rows.clear(), db.meta.clear()]);
  forgetOfflineReads();
});

const cards = () => [...document.querySelectorAll<HTMLElement>('[data-testid="board-device"]')];
const codes = () => cards().map(c => c.querySelector('p')?.textContent);

describe('device status board', () => {
  it('groups the machines by worknode with the faults first, counts each status and flags overdue maintenance', async () => {
    ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
    await waitFor(() => expect(cards()).toHaveLength(4));
    const groups = [...document.querySelectorAll<HTMLElement>('[data-testid="board-group"]')].map(g => g.dataset.group);
    expect(groups).toEqual(['wn-1', 'wn-2', 'none']); // 裁切 (cái) before 印刷 (yìn), machines on no worknode last
    expect(codes()).toEqual(['C-01', 'P-02', 'P-01', 'X-01']);
    expect(mustFind('board-filter-fault').closest('div')?.textContent).toContain('故障 1');
    await waitFor(() => expect(cards()[2]!.querySelector('[data-testid="board-overdue"]')?.textContent).toContain('2000-01-01'));
    const filterOf = (c: Call) => JSON.parse(c.query.get('filter') ?? '[]') as { field: string; op: string; value: string }[];
    const done = calls.find(c => c.path === '/devicemaintenances/list/' && filterOf(c).some(f => f.field === 'status' && f.value === 'done'))!;
    const since = filterOf(done).find(f => f.field === 'done_at');
    expect(since).toMatchObject({ field: 'done_at', op: 'gte' }); // only the last two years of done maintenance
    expect(Date.now() - Date.parse(since!.value)).toBeGreaterThan(700 * 86400_000);
    await click(mustFind('board-filter-fault'));
    expect(codes()).toEqual(['P-02']);
    await click(mustFind('board-filter-all'));
    await typeInto(mustFind('board-keyword'), 'c-0');
    expect(codes()).toEqual(['C-01']);
  });

  it('changes a status from the card menu and reloads the board', async () => {
    ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
    await waitFor(() => expect(cards()).toHaveLength(4));
    await click(cards()[1]!); // P-02, fault
    await click(await waitFor(() => mustFind('board-set-maintenance')));
    await waitFor(() => expect(cards().find(c => c.dataset.deviceId === '2')?.dataset.status).toBe('maintenance'));
    const save = calls.find(c => c.path === '/devices/save/')!;
    expect(JSON.parse(save.body.get('item')!)).toMatchObject({ id: 2, version: 1, status: 'maintenance' });
  });

  it('still flags overdue plans when the done maintenance cannot be read', async () => {
    doneFails = true;
    ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
    await waitFor(() => expect(document.querySelector('[data-testid="board-overdue"]')?.textContent).toContain('2000-01-01'));
  });

  it('shows the machines when maintenance may not be read', async () => {
    maintenanceStatus = 403;
    ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(document.querySelector('[data-testid="board-overdue"]')).toBeNull();
  });

  describe('with the server out of reach', { timeout: 30_000 }, () => {
    const refreshDone = () => expect(mustFind('board-refresh').hasAttribute('data-loading')).toBe(false);

    it('keeps showing the last machines it had, and says offline as of when', async () => {
      ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
      await waitFor(() => expect(cards()).toHaveLength(4), 10_000);
      // The server goes away; the board asks again (as its 30 s refresh or a reload with the persisted cache would).
      server = 'down';
      connectivityStore.setState({ reachable: false });
      await click(mustFind('board-refresh'));
      await waitFor(() => mustFind('offline-notice'), 10_000);
      await waitFor(refreshDone, 10_000);
      expect(cards()).toHaveLength(4);
      expect(mustFind('board-count').textContent).toBe('4 / 4 台');
      expect(mustFind('offline-notice').textContent).toMatch(/离线 — 显示 .+ 的数据/);
      expect(document.querySelector('[data-testid="board-no-data"]')).toBeNull();
    });

    it('shows the machines of the offline copy', async () => {
      const db = offlineDbFor('');
      await db.rows.bulkPut(deviceRows.map(r => ({ t: 'devices', id: r.id as number, row: r })));
      await setMeta(db, 'cursor:devices', 4);
      await setMeta(db, 'pulledAt:devices', Date.now() - 3600_000);
      server = 'down';
      connectivityStore.setState({ reachable: false });
      ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
      await waitFor(() => expect(cards()).toHaveLength(4), 10_000);
      expect(codes()).toEqual(['C-01', 'P-02', 'P-01', 'X-01']);
      expect(mustFind('board-count').textContent).toBe('4 / 4 台');
      expect(mustFind('offline-notice').textContent).toMatch(/离线 — 显示 .+ 的数据/);
      expect(calls.some(c => c.path === '/devices/list/')).toBe(false); // out of reach: the copy answers at once
    });

    it('with no data at all it says so, instead of 0 / 0 machines', async () => {
      server = 'down';
      connectivityStore.setState({ reachable: false });
      ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
      const none = await waitFor(() => mustFind('board-no-data'), 10_000);
      expect(none.textContent).toContain('本机还没有保存过设备数据');
      expect(document.querySelector('[data-testid="board-count"]')).toBeNull();
      expect(mustFind('board-filter-all').closest('div')?.textContent).not.toMatch(/\d/);
      expect(cards()).toHaveLength(0);
      expect(document.body.textContent).not.toContain('显示的是上次的数据');
      expect(document.body.textContent).not.toContain('0 / 0');
    });

    it('a failing server with no earlier data does not claim to show the last data', async () => {
      server = 502;
      ui = await renderUi(<DeviceStatusBoard />, { path: '/devices/list_status' });
      const none = await waitFor(() => mustFind('board-no-data'), 10_000);
      expect(none.textContent).toMatch(/还没有保存过设备数据/);
      expect(document.body.textContent).not.toContain('显示的是上次的数据');
      expect(document.querySelector('[data-testid="board-count"]')).toBeNull();
    });
  });
});
