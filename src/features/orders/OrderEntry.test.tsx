// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { blur, click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import OrderEntry from './OrderEntry';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

interface Call { method: string; path: string; query: URLSearchParams; body: URLSearchParams; headers: Record<string, string> }

const customer = { id: 2, version: 1, name: '华美包装', code: 'C02', saler_id: 7, saler_id_name: '李四' };
const ITEMS = [
  { id: 5, version: 1, code: 'CT-01', name: '五层纸箱', unit: '个', unit2: '箱', unit3: null, rate2: 50, rate3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5 },
  { id: 8, version: 1, code: 'TP-02', name: '胶带', unit: '卷', unit2: null, unit3: null, rate2: null, rate3: null, workflow_id: null, workflow_id_name: null, price: null },
];

let calls: Call[];
let savedOrder: Record<string, unknown>;
let savedLines: Record<string, unknown>[];
/** What the next save answers: the saved order, or a refusal naming a line's field. */
let saveReply: () => Response;

function filterOf(q: URLSearchParams): { field: string; op: string; value: unknown }[] {
  return JSON.parse(q.get('filter') ?? '[]') as { field: string; op: string; value: unknown }[];
}

beforeEach(() => {
  calls = [];
  sessionStore.setState({ baseURL: '', sessionid: 'sess-1', permissions: null });
  connectivityStore.setState({ reachable: true });
  setNotifier(fakeNotifier());
  savedOrder = {
    id: 12, version: 4, show_id: 'SO20240601-001', customer_id: 2, customer_id_name: '华美包装', saler_id: 7, saler_id_name: '李四',
    contract_no: null, order_date: '2024-06-01', due_date: null, status: 'confirmed', quantity: 130, amount: 325,
    check_code: 'K7Q2', remark: null, canceled: false,
  };
  savedLines = [
    { id: 31, version: 2, order_id: 12, line_no: 1, item_id: 5, item_id_name: '五层纸箱', unit: '个', quantity: 100, unit2: '箱', quantity2: 2,
      unit3: null, quantity3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5, amount: 250, due_date: null, props: null,
      card_quantity: 60, finished_quantity: 0, remark: null, canceled: false },
    { id: 32, version: 1, order_id: 12, line_no: 2, item_id: 8, item_id_name: '胶带', unit: '卷', quantity: 30, unit2: null, quantity2: null,
      unit3: null, quantity3: null, workflow_id: null, workflow_id_name: null, price: 2.5, amount: 75, due_date: null, props: { metres: 4 },
      card_quantity: 0, finished_quantity: 0, remark: null, canceled: false },
  ];
  saveReply = () => jsonReply({
    msg: 'OK', id: 12, version: 1,
    dt: { id: 12, version: 1, show_id: 'SO20240601-001', customer_id: 2, status: 'draft', canceled: false },
    lines: [],
  });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, query: url.searchParams, body, headers: { ...(init?.headers as Record<string, string>) } });
    switch (url.pathname) {
      case '/customers/list/': return jsonReply({ msg: 'OK', dt: [customer], total: 1 });
      case '/customers/detail/': return jsonReply({ msg: 'OK', dt: customer });
      case '/items/list/': {
        const keyword = url.searchParams.get('keyword') ?? '';
        let rows = ITEMS.filter(i => !keyword || i.code.includes(keyword) || i.name.includes(keyword));
        for (const f of filterOf(url.searchParams)) {
          const values = f.value as unknown[];
          rows = rows.filter(i => values.includes(i[f.field as 'code' | 'name' | 'id']));
        }
        return jsonReply({ msg: 'OK', dt: rows, total: rows.length });
      }
      case '/orders/orders/save_with_lines/': return saveReply();
      case '/orders/orders/detail/': return jsonReply({ msg: 'OK', dt: savedOrder });
      case '/orders/details/list/': return jsonReply({ msg: 'OK', dt: savedLines, total: savedLines.length });
      case '/orders/cards/generate/': return jsonReply({ msg: 'OK', total: 2, dt: [] });
      default: return jsonReply({ msg: 'OK', dt: [], total: 0 });
    }
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

let ui: Rendered | undefined;

/** Picks the option whose text contains `text` from the list a searchable select opened after typing `typed`. */
async function choose(testId: string, typed: string, text: string): Promise<void> {
  await typeInto(mustFind(testId), typed);
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(el => el.textContent?.includes(text));
    if (!o) throw new Error(`no option ${text}`);
    return o;
  });
  await click(option);
}

async function key(el: Element, k: string, mods: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...mods }));
  });
}

async function paste(el: Element, text: string): Promise<void> {
  await act(async () => {
    const e = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(e, 'clipboardData', { value: { getData: (type: string) => (type === 'text/plain' ? text : '') } });
    el.dispatchEvent(e);
  });
}

/** What a cell shows: an input's value, or the text of a picker button (dates). */
const value = (testId: string) => { const el = mustFind(testId); return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : el.textContent ?? ''; };
const cellText = (testId: string) => mustFind(testId).closest('td, [data-field]')?.textContent ?? '';
const saves = () => calls.filter(c => c.path === '/orders/orders/save_with_lines/');

/** A new order: the customer (its salesperson follows), one line typed, Alt+N, one line pasted from a sheet. */
async function enterTwoLines(): Promise<void> {
  ui = await renderUi(<OrderEntry />, { path: '/orders/create' });
  await waitFor(() => mustFind('order-entry'));
  expect(value('field-order_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await choose('field-customer_id', '华美', '华美包装');
  await waitFor(() => expect(value('field-saler_id')).toBe('李四'));

  // By keyboard: the first match is highlighted once it arrives, and Enter takes it and moves on (issue 30: the
  // quantity typed next went into the item search).
  await typeInto(mustFind('line-0-item_id'), 'CT');
  await waitFor(() => expect(document.querySelector('[role="option"][data-combobox-selected]')?.textContent).toBe('CT-01 五层纸箱'));
  await key(mustFind('line-0-item_id'), 'Enter', { code: 'Enter' });
  await waitFor(() => expect(value('line-0-unit')).toBe('个'));
  expect(value('line-0-item_id')).toBe('CT-01 五层纸箱');
  await waitFor(() => expect(document.activeElement).toBe(mustFind('line-0-quantity')));
  // Typing into a chosen item's cell highlights nothing: Enter and leaving the cell keep the item.
  await typeInto(mustFind('line-0-item_id'), 'TP');
  await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBeGreaterThan(0));
  expect(document.querySelector('[role="option"][data-combobox-selected]')).toBeNull();
  await key(mustFind('line-0-item_id'), 'Enter', { code: 'Enter' });
  await blur(mustFind('line-0-item_id'));
  await waitFor(() => expect(value('line-0-item_id')).toBe('CT-01 五层纸箱'));
  expect(value('line-0-unit')).toBe('个');
  await typeInto(mustFind('line-0-quantity'), '120');
  expect(value('line-0-quantity2')).toBe('2.4');
  expect(value('line-0-price')).toBe('2.50');
  expect(mustFind('line-0-amount').textContent).toBe('300');

  await key(mustFind('line-0-quantity'), 'n', { altKey: true });
  await waitFor(() => expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(2));
  await waitFor(() => expect(document.activeElement).toBe(mustFind('line-1-item_id')));
  // The empty line Alt+N added takes the pasted row.
  await paste(mustFind('line-1-item_id'), 'TP-02\t3\t4.5\r\n');
  await waitFor(() => expect(value('line-1-unit')).toBe('卷'));
  // The focus stays in the grid, on the pasted line (issue 30: it fell to the page).
  await waitFor(() => expect(document.activeElement).toBe(mustFind('line-1-item_id')));
  expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(2);
  expect(value('line-1-quantity')).toBe('3');
  expect(mustFind('order-lines-totals').querySelector('[data-column="amount"]')?.textContent).toBe('313.5');
}

describe('order entry', { timeout: 60_000 }, () => {
  it('saves a new order with two lines in one save_with_lines call', async () => {
    await enterTwoLines();
    const today = value('field-order_date');
    // Ctrl+S saves wherever the focus is, even nowhere (on the page's body).
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    await key(document.body, 's', { ctrlKey: true });
    await waitFor(() => expect(saves()).toHaveLength(1));
    const save = saves()[0]!;
    expect(save.method).toBe('POST');
    expect(save.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(save.body.get('removed')).toBeNull();
    expect(JSON.parse(save.body.get('item')!)).toEqual({
      show_id: null, customer_id: 2, saler_id: 7, contract_id: null, contract_no: null, order_date: today, due_date: null, remark: null,
    });
    expect(JSON.parse(save.body.get('lines')!)).toEqual([
      { item_id: 5, unit: '个', quantity: 120, unit2: '箱', quantity2: 2.4, unit3: null, quantity3: null, workflow_id: 3, price: 2.5, due_date: null, props: null, remark: null },
      { item_id: 8, unit: '卷', quantity: 3, unit2: null, quantity2: null, unit3: null, quantity3: null, workflow_id: null, price: 4.5, due_date: null, props: null, remark: null },
    ]);
    // Saved: the order opens as itself.
    await waitFor(() => expect(mustFind('where').dataset.where).toBe('/orders/edit/12'));
  });

  it('shows the server’s field error on the cell of the line it names, keeps the id for a lost reply only', async () => {
    savedOrder = {
    id: 12, version: 4, show_id: 'SO20240601-001', customer_id: 2, customer_id_name: '华美包装', saler_id: 7, saler_id_name: '李四',
    contract_no: null, order_date: '2024-06-01', due_date: null, status: 'confirmed', quantity: 130, amount: 325,
    check_code: 'K7Q2', remark: null, canceled: false,
  };
  savedLines = [
    { id: 31, version: 2, order_id: 12, line_no: 1, item_id: 5, item_id_name: '五层纸箱', unit: '个', quantity: 100, unit2: '箱', quantity2: 2,
      unit3: null, quantity3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5, amount: 250, due_date: null, props: null,
      card_quantity: 60, finished_quantity: 0, remark: null, canceled: false },
    { id: 32, version: 1, order_id: 12, line_no: 2, item_id: 8, item_id_name: '胶带', unit: '卷', quantity: 30, unit2: null, quantity2: null,
      unit3: null, quantity3: null, workflow_id: null, workflow_id_name: null, price: 2.5, amount: 75, due_date: null, props: { metres: 4 },
      card_quantity: 0, finished_quantity: 0, remark: null, canceled: false },
  ];
  saveReply = () => jsonReply({ msg: '提交的数据有误，请检查标红的字段', errors: { 'lines.1.quantity': '数量超出可接范围' } }, 422);
    await enterTwoLines();
    await click(mustFind('save-button'));
    await waitFor(() => expect(cellText('line-1-quantity')).toContain('数量超出可接范围'));
    expect(cellText('line-0-quantity')).not.toContain('数量超出可接范围');
    // Editing the cell takes its message away; the next save is a new request.
    await typeInto(mustFind('line-1-quantity'), '2');
    expect(cellText('line-1-quantity')).not.toContain('数量超出可接范围');
    await click(mustFind('save-button'));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.headers['Idempotency-Key']).not.toBe(saves()[0]!.headers['Idempotency-Key']);
  });

  it('keeps a pasted row whose item code is unknown, saying so on its cell, and sends nothing until it is fixed', async () => {
    ui = await renderUi(<OrderEntry />, { path: '/orders/create' });
    await waitFor(() => mustFind('order-entry'));
    await paste(mustFind('line-0-item_id'), 'CT-01\t10\r\nNOPE-9\t5\t1\r\n');
    await waitFor(() => expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(2));
    expect(cellText('line-1-item_id')).toContain('找不到物料“NOPE-9”（粘贴第 2 行）');
    expect(value('line-1-quantity')).toBe('5');
    expect(mustFind('paste-notice').textContent).toContain('其中 1 行');
    await click(mustFind('save-button'));
    await waitFor(() => expect(cellText('field-customer_id')).toContain('必填'));
    expect(cellText('line-1-item_id')).toContain('NOPE-9');
    expect(saves()).toHaveLength(0);
  });

  it('edits a saved order: moves the role may make, lines with cards keep their item, changed and removed lines only', async () => {
    sessionStore.setState({ permissions: { admin: false, resources: {
      orders: { actions: ['view', 'edit', 'confirm'], scope: 'all' }, details: { actions: ['view', 'edit'], scope: 'all' },
      cards: { actions: ['view', 'create'], scope: 'all' },
    } } });
    saveReply = () => jsonReply({ msg: 'OK', id: 12, version: 5, dt: { ...savedOrder, version: 5 }, lines: [{ ...savedLines[0], version: 3, quantity: 90 }] });
    ui = await renderUi(<OrderEntry />, { path: '/orders/edit/12', pattern: '/orders/edit/:id' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(2));
    expect(mustFind('order-status').dataset.status).toBe('confirmed');
    expect(mustFind('order-to-draft').textContent).toBe('退回草稿');
    expect(document.querySelector('[data-testid="order-to-producing"]')).toBeNull(); // no `produce` grant
    expect(mustFind<HTMLInputElement>('line-0-item_id').disabled).toBe(true); // on cards
    expect(mustFind<HTMLInputElement>('line-1-item_id').disabled).toBe(false);
    expect(mustFind<HTMLInputElement>('field-show_id').disabled).toBe(true); // numbered once confirmed
    expect(value('line-1-metres')).toBe('4');
    expect(mustFind('line-0-generate').getAttribute('aria-disabled')).toBe('false');
    expect(mustFind('line-0-due_date').tagName).toBe('INPUT');

    await typeInto(mustFind('line-0-quantity'), '90');
    await key(mustFind('line-1-quantity'), 'Delete', { ctrlKey: true });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(1));
    // Unsaved changes: moves and card generation wait for the save.
    expect(mustFind<HTMLButtonElement>('order-to-draft').disabled).toBe(true);
    expect(mustFind('line-0-generate').getAttribute('aria-disabled')).toBe('true');
    await click(mustFind('save-button'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const save = saves()[0]!;
    expect(save.headers['Idempotency-Key']).toBeUndefined();
    expect(JSON.parse(save.body.get('item')!)).toEqual({ id: 12, version: 4 });
    expect(JSON.parse(save.body.get('lines')!)).toEqual([
      { id: 31, version: 2, item_id: 5, unit: '个', quantity: 90, unit2: '箱', quantity2: 1.8, unit3: null, quantity3: null, workflow_id: 3,
        price: 2.5, due_date: null, props: null, remark: null },
    ]);
    expect(JSON.parse(save.body.get('removed')!)).toEqual([{ id: 32, version: 1 }]);
    // The editor starts over from the reply: clean, so the moves are offered again.
    await waitFor(() => expect(mustFind<HTMLButtonElement>('order-to-draft').disabled).toBe(false));
    expect(value('line-0-quantity')).toBe('90');

    await click(mustFind('line-0-generate'));
    await waitFor(() => mustFind('generate-cards-dialog'));
    expect(value('generate-quantity')).toBe('30');
    await typeInto(mustFind('generate-count'), '2');
    await waitFor(() => expect(mustFind('generate-preview').textContent).toContain('2 × 15'));
    await click(mustFind('generate-submit'));
    const gen = await waitFor(() => { const c = calls.find(x => x.path === '/orders/cards/generate/'); if (!c) throw new Error('not yet'); return c; });
    expect(Object.fromEntries(gen.body)).toMatchObject({ detail_id: '31', count: '2', quantity: '30' });
    expect(gen.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(document.querySelector('[data-testid="generate-cards-dialog"]')).toBeNull());
  });

  it('a stale version opens the conflict dialog naming who saved meanwhile; Reload starts over from the server', async () => {
    saveReply = () => jsonReply({ msg: '记录已被他人修改', version: 5, updated_by_name: '王五', updated_at: '2024-06-02T08:00:00.000Z' }, 409);
    ui = await renderUi(<OrderEntry />, { path: '/orders/edit/12', pattern: '/orders/edit/:id' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="order-line"]')).toHaveLength(2));
    await typeInto(mustFind('line-1-remark'), '加急');
    await click(mustFind('save-button'));
    const dialog = await waitFor(() => mustFind('conflict-dialog'));
    expect(dialog.textContent).toContain('王五');
    savedOrder = { ...savedOrder, version: 5, remark: '王五改过' };
    await click(mustFind('conflict-reload'));
    await waitFor(() => expect(document.querySelector('[data-testid="conflict-dialog"]')).toBeNull());
    await waitFor(() => expect(value('field-remark')).toBe('王五改过'));
    expect(value('line-1-remark')).toBe(''); // the stale draft is gone, as the dialog said
  });
});
