// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { outboxDb } from '../../data/outbox/device';
import { recordFact } from '../../data/outbox/outbox';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import TapLogs from './TapLogs';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: { path: string; params: URLSearchParams }[];

const serverFact = {
  id: 7, version: 1, rev: 1, created_at: '2026-11-25T08:00:00.000Z', created_by: 3, updated_at: '2026-11-25T08:00:00.000Z', updated_by: 3,
  canceled: false, uuid: '0b6c1c1e-7b2e-4f39-9a3c-1d7f5ad5e001', computer_id: 2, computer_id_name: '印刷车间刷卡机', seq: 12, name: 'tap', v: 1,
  at: '2026-11-25T07:59:00.000Z', status: 'rejected', reason: 'tap_sequence', reason_params: {}, person_id: 5, person_id_name: '张三',
  card_id: 9, card_id_name: 'C1', card_show_id: 'C26112500001', worknode_id: 3, worknode_id_name: '印刷', device_id: null, action: 'start',
  good: null, bad: null, args: {}, note: null, resolved_by: null, resolved_at: null,
};

beforeEach(async () => {
  calls = [];
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1', permissions: null });
  connectivityStore.setState({ reachable: true });
  const db = outboxDb();
  await db.outbox.clear();
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
    const url = new URL(String(input), 'http://x');
    calls.push({ path: url.pathname, params: url.searchParams });
    if (!connectivityStore.getState().reachable) throw new TypeError('Failed to fetch');
    if (url.pathname === '/sync/facts/list/') return jsonReply({ msg: 'OK', total: 1, dt: [serverFact] });
    return jsonReply({ msg: 'OK', dt: [], total: 0 });
  }));
  // Two swipes of this device not yet pushed (no sender runs in the test).
  await recordFact('tap', { card: 'C26112500002', worknode_id: 3, person_id: 5, action: 'start' });
  await recordFact('tap', { card: 'C26112500003', worknode_id: 3, person_id: 5, action: 'finish', good: 10, bad: 1 });
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="taplog"]')];
const listCalls = () => calls.filter(c => c.path === '/sync/facts/list/');

describe('swipe logs', { timeout: 30_000 }, () => {
  it('lists this device\'s queued swipes first, marked pending, then the server\'s, with a rejected one\'s reason', async () => {
    ui = await renderUi(<TapLogs />, { path: '/persons/taplogs' });
    await waitFor(() => expect(rows()).toHaveLength(3), 10_000);
    expect(rows().map(r => r.dataset.pending)).toEqual(['1', '1', '0']);
    expect(rows()[0]!.textContent).toContain('C26112500003');
    expect(rows()[0]!.textContent).toContain('待同步');
    expect(rows()[0]!.textContent).toContain('完工');
    expect(rows()[2]!.textContent).toContain('C26112500001');
    expect(mustFind('taplog-reason').textContent).toBe('上一道工序尚未完工');
    const first = listCalls()[0]!;
    expect(JSON.parse(first.params.get('filter')!)).toEqual([{ field: 'name', op: 'eq', value: 'tap' }]);
    expect([first.params.get('sort'), first.params.get('page'), first.params.get('limit')]).toEqual(['-at', '1', '50']);
  });

  it('sends the card filter to the server and applies it to the queued swipes', async () => {
    ui = await renderUi(<TapLogs />, { path: '/persons/taplogs' });
    await waitFor(() => expect(rows()).toHaveLength(3), 10_000);
    await typeInto(mustFind('taplogs-card'), '0002');
    await waitFor(() => expect(listCalls().some(c => c.params.get('filter')?.includes('contains'))).toBe(true), 5_000);
    const sent = listCalls().find(c => c.params.get('filter')?.includes('contains'))!;
    expect(JSON.parse(sent.params.get('filter')!)).toEqual([
      { field: 'name', op: 'eq', value: 'tap' }, { field: 'card_show_id', op: 'contains', value: '0002' },
    ]);
    // The stub answers the same server row whatever the filter; the queued swipes are filtered here.
    await waitFor(() => expect(rows().filter(r => r.dataset.pending === '1').map(r => r.textContent)).toEqual([expect.stringContaining('C26112500002')]));
  });

  it('offline: says the server\'s part cannot be read, and still shows the queued swipes', async () => {
    connectivityStore.setState({ reachable: false });
    ui = await renderUi(<TapLogs />, { path: '/persons/taplogs' });
    await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    expect(rows().every(r => r.dataset.pending === '1')).toBe(true);
    await waitFor(() => expect(mustFind('offline-notice').textContent).toContain('本机还未同步的刷卡'));
  });
});
