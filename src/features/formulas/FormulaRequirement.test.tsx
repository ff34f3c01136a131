// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import FormulaRequirement from './FormulaRequirement';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: { method: string; path: string; params: URLSearchParams }[];

const REPLY = {
  msg: 'OK', total: 2, lines: 3, without_formula_total: 1,
  without_formula: [{ detail_id: 9, code: 'SO1-3', item_id: 5, item_name: '无配方纸箱' }],
  dt: [
    { item_id: 1, code: 'FL-000001', name: '水性油墨 青', spec: '柔印水墨', unit: '千克', quantity: 12.9651 },
    { item_id: 2, code: 'ZB-000001', name: '三层B瓦纸板', spec: null, unit: '平方米', quantity: 1208 },
  ],
};

beforeEach(() => {
  calls = [];
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1' });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const params = method === 'POST' ? new URLSearchParams(String(init?.body)) : url.searchParams;
    calls.push({ method, path: url.pathname, params });
    if (url.pathname === '/formulas/requirement/') return jsonReply(REPLY);
    if (url.pathname === '/formulas/requirement/export/') {
      return new Response(new Uint8Array([0x50, 0x4b]), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
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

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="requirement-row"]')];

describe('the material requirement report', { timeout: 30_000 }, () => {
  it('shows the need per material at 4 decimals, the lines without formula, and exports the same range', async () => {
    ui = await renderUi(<FormulaRequirement />, { path: '/reports/formulas?from=2024-01-01&to=2024-01-31' });
    await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    const asked = calls.find(c => c.path === '/formulas/requirement/')!;
    expect([asked.params.get('from'), asked.params.get('to')]).toEqual(['2024-01-01', '2024-01-31']);
    expect(rows().map(r => [...r.querySelectorAll('td')].map(td => td.textContent))).toEqual([
      ['FL-000001', '水性油墨 青', '柔印水墨', '千克', '12.9651'],
      ['ZB-000001', '三层B瓦纸板', '', '平方米', '1,208'],
    ]);
    expect(mustFind('requirement-summary').textContent).toBe('共 3 行订单明细，2 种物料');
    expect(mustFind('requirement-without').textContent).toContain('SO1-3 无配方纸箱');
    await click(mustFind('requirement-export'));
    await waitFor(() => expect(calls.some(c => c.path === '/formulas/requirement/export/')).toBe(true));
    const exported = calls.find(c => c.path === '/formulas/requirement/export/')!;
    expect([exported.method, exported.params.get('from'), exported.params.get('to')]).toEqual(['POST', '2024-01-01', '2024-01-31']);
  });

  it('asks nothing until an order is chosen', async () => {
    ui = await renderUi(<FormulaRequirement />, { path: '/reports/formulas' });
    await waitFor(() => expect(mustFind('formula-requirement').textContent).toContain('请选择订单'));
    expect(calls.filter(c => c.path === '/formulas/requirement/')).toEqual([]);
  });
});
