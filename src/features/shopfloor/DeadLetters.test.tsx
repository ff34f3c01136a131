// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import DeadLetters from './DeadLetters';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: { method: string; path: string; params: URLSearchParams }[];
let status = 'rejected';

const fact = () => ({
  id: 7, version: 1, rev: 1, created_at: '2026-11-25T08:00:00.000Z', created_by: 3, updated_at: '2026-11-25T08:00:00.000Z',
  updated_by: 3, canceled: false, uuid: '0b6c1c1e-7b2e-4f39-9a3c-1d7f5ad5e001', computer_id: 2, computer_id_name: '印刷车间刷卡机',
  seq: 12, name: 'tap', v: 1, at: '2026-11-25T07:59:00.000Z', status,
  reason: 'tap_sequence', reason_params: {}, person_id: 5, person_id_name: '张三', card_id: 9, card_id_name: 'C1',
  card_show_id: 'C26112500001', worknode_id: 3, worknode_id_name: '印刷', device_id: null, action: 'start', good: null, bad: null,
  args: { card: 'C26112500001', worknode_id: 3, person_id: 5, action: 'start' },
  note: status === 'dismissed' ? '重复刷卡' : null, resolved_by: null, resolved_at: null,
});

beforeEach(() => {
  calls = [];
  status = 'rejected';
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1', permissions: null });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const params = method === 'POST' ? new URLSearchParams(String(init?.body)) : url.searchParams;
    calls.push({ method, path: url.pathname, params });
    if (url.pathname === '/sync/facts/list/') {
      const wanted = params.get('filter') ?? '';
      return jsonReply({ msg: 'OK', total: 1, dt: wanted.includes(`"${status}"`) || !wanted.includes('status') ? [fact()] : [] });
    }
    if (url.pathname === '/sync/facts/dismiss/') {
      status = 'dismissed';
      return jsonReply({ msg: 'OK', id: 7, version: 2, status });
    }
    if (url.pathname === '/sync/facts/resubmit/') {
      status = 'resolved';
      return jsonReply({ msg: 'OK', id: 7, version: 2, status });
    }
    return jsonReply({ msg: 'OK', dt: [], total: 0 });
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="dead-letter"]')];

describe('dead letters', { timeout: 30_000 }, () => {
  it('lists the rejected facts with their reason in the reader\'s language', async () => {
    ui = await renderUi(<DeadLetters />, { path: '/sync/deadletters' });
    await waitFor(() => expect(rows()).toHaveLength(1), 10_000);
    const asked = calls.find(c => c.path === '/sync/facts/list/')!;
    expect(JSON.parse(asked.params.get('filter')!)).toEqual([{ field: 'status', op: 'eq', value: 'rejected' }]);
    expect(mustFind('dead-letter-reason').textContent).toBe('上一道工序尚未完工');
    expect(rows()[0]!.textContent).toContain('C26112500001');
    expect(rows()[0]!.textContent).toContain('印刷车间刷卡机');
  });

  it('dismisses with a required note, sent with the fact\'s version', async () => {
    ui = await renderUi(<DeadLetters />, { path: '/sync/deadletters' });
    await waitFor(() => expect(rows()).toHaveLength(1), 10_000);
    await click(mustFind('dead-letter-dismiss'));
    await click(mustFind('dismiss-save'));
    expect(calls.some(c => c.path === '/sync/facts/dismiss/')).toBe(false);
    expect(mustFind('dismiss-dialog').textContent).toContain('请填写说明');
    await typeInto(mustFind('dismiss-note'), '重复刷卡');
    await click(mustFind('dismiss-save'));
    await waitFor(() => expect(calls.some(c => c.path === '/sync/facts/dismiss/')).toBe(true));
    const sent = calls.find(c => c.path === '/sync/facts/dismiss/')!;
    expect([sent.params.get('id'), sent.params.get('version'), sent.params.get('note')]).toEqual(['7', '1', '重复刷卡']);
  });

  it('resubmits the corrected arguments: the card number corrected, the rest as they were', async () => {
    ui = await renderUi(<DeadLetters />, { path: '/sync/deadletters' });
    await waitFor(() => expect(rows()).toHaveLength(1), 10_000);
    await click(mustFind('dead-letter-resubmit'));
    await typeInto(mustFind('resubmit-card'), 'C26112500002');
    await click(mustFind('resubmit-save'));
    await waitFor(() => expect(calls.some(c => c.path === '/sync/facts/resubmit/')).toBe(true));
    const sent = calls.find(c => c.path === '/sync/facts/resubmit/')!;
    expect([sent.params.get('id'), sent.params.get('version')]).toEqual(['7', '1']);
    expect(JSON.parse(sent.params.get('args')!)).toEqual({ card: 'C26112500002', worknode_id: 3, person_id: 5, action: 'start' });
  });
});
