// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import FormulaEntry from './FormulaEntry';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let saves: URLSearchParams[];

const FORMULA = { id: 5, version: 3, rev: 1, code: 'PF-1', name: '纸箱配方', item_id: 11, item_id_name: '纸箱A', category_id: null,
  version_no: 1, is_current: true, traits: null, remark: null, canceled: false, created_at: '', created_by: null, updated_at: '', updated_by: null };
const MATERIAL = { id: 21, version: 1, rev: 1, formula_id: 5, item_id: 31, item_id_name: '三层B瓦纸板', quantity: 0.5, unit: '平方米', loss_rate: 4,
  level: 1, sub_formula_id: null, sort: 10, remark: null };
const OPERATION = { id: 41, version: 2, rev: 1, formula_id: 5, worknode_id: 2, worknode_id_name: '印刷', seq: 1, parameters: '车速 120', duration: 40, remark: null };

beforeEach(() => {
  saves = [];
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1' });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/formulas/detail/') return jsonReply({ msg: 'OK', dt: { ...FORMULA, id: Number(url.searchParams.get('id')) } });
    if (url.pathname === '/formulas/materials/list/') return jsonReply({ msg: 'OK', dt: [MATERIAL], total: 1 });
    if (url.pathname === '/formulas/operations/list/') return jsonReply({ msg: 'OK', dt: [OPERATION], total: 1 });
    if (url.pathname === '/formulas/save_with_lines/') {
      saves.push(new URLSearchParams(String(init?.body)));
      return jsonReply({ msg: 'OK', msg1: '已生成配方新版本 v2', id: 9, version: 1, forked: true,
        dt: { ...FORMULA, id: 9, version: 1, version_no: 2 }, materials: [], operations: [] });
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

describe('the formula screen', { timeout: 30_000 }, () => {
  it('edits a material line and saves the formula with its lines in one call, then opens the version the server made', async () => {
    ui = await renderUi(<FormulaEntry />, { path: '/formulas/edit/5', pattern: '/formulas/edit/:id' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="formula-material-row"]')).toHaveLength(1), 10_000);
    const row = mustFind('formula-material-row');
    const quantity = row.querySelector<HTMLInputElement>('input[aria-label="单位用量"]')!;
    expect(quantity.value).toBe('0.5');
    await typeInto(quantity, '0.75');
    await click(mustFind('formula-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    const item = JSON.parse(saves[0]!.get('item')!) as Record<string, unknown>;
    expect(item).toMatchObject({ id: 5, version: 3, code: 'PF-1', item_id: 11 });
    expect(JSON.parse(saves[0]!.get('materials')!)).toEqual([{ id: 21, version: 1, item_id: 31, quantity: '0.75', unit: '平方米',
      loss_rate: '4', level: '1', sub_formula_id: null, remark: null }]);
    expect(JSON.parse(saves[0]!.get('operations')!)).toEqual([{ id: 41, version: 2, worknode_id: 2, seq: '1', parameters: '车速 120',
      duration: '40', remark: null }]);
    await waitFor(() => expect(mustFind('where').dataset.where).toBe('/formulas/edit/9'));
  });
});
