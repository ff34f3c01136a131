// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import WorksReport from './WorksReport';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: { method: string; path: string; params: URLSearchParams }[];
let closed = false;

const person = (id: number, name: string, amount: number | null) => ({
  person_id: id, code: `P${id}`, name, department: '印刷车间', records: 2, quantity: 1000.5, bad_quantity: 3, weight: 12.25,
  metres: 0, amount, unvalued: 0,
});
const REPORT = {
  msg: 'OK', total: 2, amount_hidden: false,
  dt: [person(1, '张三', 10.01), person(2, '李四', 20.02)],
  // The server's total over every record (pay at 4 decimals, then rounded): not the sum of the rounded rows.
  totals: { records: 4, quantity: 2001, bad_quantity: 6, weight: 24.5, metres: 0, amount: 30.04, unvalued: 1 },
};
const slip = (id: number, name: string) => ({
  person_id: id, code: `P${id}`, name, department: '印刷车间',
  rows: [{ id: id * 10, work_date: '2026-11-03', worknode_name: '印刷', card_show_id: 'C1', item_name: '纸箱', quantity: 500,
    bad_quantity: 1, weight: 6, metres: null, basis: 'piece', rate: 0.0125, amount: 6.25 }],
  totals: { records: 1, quantity: 500, bad_quantity: 1, weight: 6, metres: 0, amount: 6.25, unvalued: 0 },
});

beforeEach(() => {
  calls = [];
  closed = false;
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1', permissions: null });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.stubGlobal('print', vi.fn());
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const params = method === 'POST' ? new URLSearchParams(String(init?.body)) : url.searchParams;
    calls.push({ method, path: url.pathname, params });
    if (url.pathname === '/persons/works/report/') return jsonReply(REPORT);
    if (url.pathname === '/persons/works/slips/') {
      const only = params.get('person_ids');
      return jsonReply({ msg: 'OK', from: params.get('from'), to: params.get('to'), amount_hidden: false,
        dt: only ? [slip(1, '张三')] : [slip(1, '张三'), slip(2, '李四')] });
    }
    if (url.pathname === '/persons/works/report/export/') {
      return new Response(new Uint8Array([0x50, 0x4b]), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    }
    if (url.pathname === '/persons/workperiods/list/') {
      return jsonReply({ msg: 'OK', total: 1, dt: [{ id: 1, version: 1, period: params.get('filter')?.includes('2026-11') ? '2026-11' : '?', closed }] });
    }
    if (url.pathname === '/persons/works/close_period/') {
      closed = params.get('closed') === '1';
      return jsonReply({ msg: 'OK', period: params.get('period'), closed });
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

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="works-report-row"]')];
const cells = (el: Element) => [...el.querySelectorAll('td')].map(td => td.textContent);

describe('the piece-work report', { timeout: 30_000 }, () => {
  it('shows each person and the server\'s totals, pay at 2 decimals, and flags records without a rate', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 10) });
    try {
      ui = await renderUi(<WorksReport />, { path: '/reports/works' });
      await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    } finally {
      vi.useRealTimers();
    }
    const asked = calls.find(c => c.path === '/persons/works/report/')!;
    expect([asked.params.get('from'), asked.params.get('to')]).toEqual(['2026-11-01', '2026-11-25']);
    expect(cells(rows()[0]!)).toEqual(['P1', '张三', '印刷车间', '2', '1,000.5', '3', '12.25', '0', '10.01']);
    expect(cells(mustFind('works-report-total'))).toEqual(['合计', '4', '2,001', '6', '24.5', '0', '30.04']);
    expect(mustFind('works-report-unvalued').textContent).toContain('1 条记录没有对应工价');
    // The range lies in one month: its state is shown and a supervisor may close it.
    await waitFor(() => expect(mustFind('works-period').textContent).toContain('2026-11 未结账'));
  });

  it('opens a person\'s records, exports the same range, and prints one slip per person', async () => {
    ui = await renderUi(<WorksReport />, { path: '/reports/works' });
    await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    await click(rows()[0]!);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="works-person-record"]')).toHaveLength(1));
    const one = calls.find(c => c.path === '/persons/works/slips/')!;
    expect(one.params.get('person_ids')).toBe('[1]');

    await click(mustFind('works-report-export'));
    await waitFor(() => expect(calls.some(c => c.path === '/persons/works/report/export/')).toBe(true));
    const asked = calls.find(c => c.path === '/persons/works/report/')!;
    const exported = calls.find(c => c.path === '/persons/works/report/export/')!;
    expect([exported.method, exported.params.get('from'), exported.params.get('to')])
      .toEqual(['POST', asked.params.get('from'), asked.params.get('to')]);

    await click(mustFind('works-report-slips'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="pay-slip"]')).toHaveLength(2));
    await waitFor(() => expect(window.print).toHaveBeenCalled());
    expect(mustFind('pay-slips').textContent).toContain('6.25');
  });

  it('closes the month after asking, and then says it is closed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 10) });
    try {
      ui = await renderUi(<WorksReport />, { path: '/reports/works' });
      await waitFor(() => expect(mustFind('works-period-toggle').textContent).toBe('结账 2026-11'), 10_000);
    } finally {
      vi.useRealTimers();
    }
    await click(mustFind('works-period-toggle'));
    // The question opens in a modal, rendered a moment after the click on a busy machine.
    await click(await waitFor(() => mustFind('works-period-confirm'), 10_000));
    await waitFor(() => expect(calls.some(c => c.path === '/persons/works/close_period/')).toBe(true));
    const sent = calls.find(c => c.path === '/persons/works/close_period/')!;
    expect([sent.params.get('period'), sent.params.get('closed')]).toEqual(['2026-11', '1']);
    await waitFor(() => expect(mustFind('works-period').textContent).toContain('2026-11 已结账'));
  });
});
