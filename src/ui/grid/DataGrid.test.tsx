// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, silentNotifier } from '../../data/notifier';
import { localDateString } from '../../domain/rules/date-single';
import { initI18n } from '../../i18n/react';
import { DataGrid, KEYWORD_DEBOUNCE_MS } from './DataGrid';
import { requireSelection } from './require-selection';
import type { DataGridProps, GridColumn, RowKey } from './types';
import { TOTALS_DEBOUNCE_MS } from './use-totals';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Line { id: number; name: string; qty: number; price: number; day: string; canceled: boolean }

const today = localDateString(new Date());
const ROWS: Line[] = Array.from({ length: 1000 }, (_, i) => ({
  id: i + 1,
  name: `item ${String(i + 1).padStart(4, '0')}`,
  qty: (i % 10) + 0.5,
  price: 0.005,
  day: i % 2 ? today : '2020-01-01',
  canceled: i === 2,
}));

const COLUMNS: GridColumn<Line>[] = [
  { id: 'name', title: '名称', kind: 'text', value: r => r.name },
  { id: 'qty', title: '数量', kind: 'number', total: true, value: r => r.qty },
  { id: 'price', title: '金额', kind: 'money', total: true, value: r => r.price },
  { id: 'day', title: '日期', kind: 'date', value: r => r.day },
];

let host: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
    addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }) as MediaQueryList;
  globalThis.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  // jsdom lays nothing out; the virtualizers read the scroller's size from clientWidth/clientHeight.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
  await initI18n('zh');
});

beforeEach(() => {
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  setNotifier(null);
});

async function render(props: Partial<DataGridProps<Line>> = {}) {
  await act(async () => root.render(
    <MantineProvider>
      <DataGrid<Line> rows={ROWS} columns={COLUMNS} rowId={r => r.id} height={600} {...props} />
    </MantineProvider>,
  ));
}

const rowEls = () => [...host.querySelectorAll<HTMLElement>('[data-testid="grid-row"]')];
const ids = () => rowEls().map(r => r.dataset.rowId);
const totals = () => [...host.querySelectorAll('[data-testid="grid-totals"] [role="gridcell"]')].map(c => c.textContent);
/** Lets timers run (debounces, the totals) until `ok()` holds, or fails after 3 s. */
async function waitFor(ok: () => boolean) {
  for (let i = 0; i < 60 && !ok(); i++) await act(async () => { await new Promise(r => setTimeout(r, 50)); });
  expect(ok()).toBe(true);
}
const click = (el: Element, init: MouseEventInit = {}) =>
  act(async () => { el.dispatchEvent(new MouseEvent('click', { bubbles: true, ...init })); });

describe('DataGrid', () => {
  it('renders only the rows in view, with a header per column', async () => {
    await render();
    const n = rowEls().length;
    expect(n).toBeGreaterThan(10);
    expect(n).toBeLessThan(60);
    expect(ids()[0]).toBe('1');
    expect(host.querySelector('[data-testid="grid-header-qty"]')?.textContent).toContain('数量');
    expect(host.querySelector('[role="grid"]')?.getAttribute('aria-rowcount')).toBe('1002');
  });

  it('scrolls by recycling row elements: the rows that stay keep their nodes, the new ones show their own data', async () => {
    await render();
    const scroller = host.querySelector<HTMLElement>('[role="grid"]')!;
    const scrollTo = (top: number) => act(async () => {
      scroller.scrollTop = top;
      scroller.dispatchEvent(new Event('scroll'));
      await new Promise(r => requestAnimationFrame(r));
    });
    await scrollTo(32 * 10);
    const before = new Map(rowEls().map(el => [el.dataset.rowId, el]));
    await scrollTo(32 * 11);
    const after = rowEls();
    const kept = after.filter(el => before.get(el.dataset.rowId) === el);
    expect(kept.length).toBe(after.length - 1); // one row entered, into the node of the one that left:
    const nodes = new Set(before.values());
    expect(after.every(el => nodes.has(el))).toBe(true);
    for (const el of after) expect(el.textContent).toContain(`item ${el.dataset.rowId!.padStart(4, '0')}`);
    // Scrolling back up reuses the nodes too, and moves none of them in the DOM (rows are in slot order).
    const order = rowEls();
    await scrollTo(32 * 9);
    const up = rowEls();
    expect(up.every(el => order.includes(el))).toBe(true);
    expect(up.length).toBe(order.length);
    expect(up.every((el, i) => el === order[i])).toBe(true);
    expect(ids()).toContain('10');
    await scrollTo(32 * 990);
    expect(ids()).toContain('1000');
    for (const el of rowEls()) expect(el.textContent).toContain(`item ${el.dataset.rowId!.padStart(4, '0')}`);
  });

  it('sorts by a header click: ascending, descending, then none', async () => {
    await render();
    const title = host.querySelector('[data-testid="grid-header-name"] span')!;
    await click(title);
    expect(ids()[0]).toBe('1');
    expect(host.querySelector('[data-testid="grid-header-name"]')?.getAttribute('aria-sort')).toBe('ascending');
    await click(title);
    expect(ids()[0]).toBe('1000');
    await click(title);
    expect(host.querySelector('[data-testid="grid-header-name"]')?.getAttribute('aria-sort')).toBe('none');
    expect(ids()[0]).toBe('1');
  });

  it('filters by keyword, and the date bar filters with a shortcut', async () => {
    await render({ keyword: 'ITEM 099' });
    expect(ids()).toEqual(['99', '990', '991', '992', '993', '994', '995', '996', '997', '998', '999']);
    await render({ keyword: 'item 0099' });
    expect(ids()).toHaveLength(11); // typing: the keyword waits for a pause
    await act(async () => { await new Promise(r => setTimeout(r, KEYWORD_DEBOUNCE_MS + 50)); });
    expect(ids()).toEqual(['99']);
    await render({ keyword: undefined, dateFilter: { columnId: 'day', initial: 'today' } });
    // The bar's initial range only applies to a grid mounted with it.
    act(() => root.unmount());
    root = createRoot(host);
    await render({ dateFilter: { columnId: 'day', initial: 'today' } });
    expect(ids().every(id => Number(id) % 2 === 0)).toBe(true);
    expect(host.querySelector('[role="grid"]')?.getAttribute('aria-rowcount')).toBe('502');
  });

  it('totals the filtered rows: quantities to 2 decimals, money at 4 then rounded', async () => {
    await render();
    expect(host.querySelector('[data-testid="grid-totals"]')?.hasAttribute('data-pending')).toBe(true);
    await act(async () => { await new Promise(r => setTimeout(r, TOTALS_DEBOUNCE_MS)); });
    await waitFor(() => !host.querySelector('[data-testid="grid-totals"]')?.hasAttribute('data-pending'));
    // qty: 100 × (0.5 + 1.5 + … + 9.5) = 5000; price: 1000 × 0.005 = 5 (rounding each to cents would give 10).
    expect(totals()).toEqual(['', '5,000', '5', '']);
    expect(host.querySelector('[data-testid="grid-totals"]')?.textContent).toContain('合计');
    expect(host.querySelector('[data-testid="grid-totals"]')?.hasAttribute('data-filtered')).toBe(false);
    await render({ keyword: 'item 000' }); // both words: items 0001–0009 and 1000
    await waitFor(() => totals()[1] === '50');
    // A narrowed total says so in words, in the first column without a total.
    expect(totals()).toEqual(['仅筛选后的行', '50', '0.05', '']);
    expect(host.querySelector('[data-testid="grid-totals"]')?.hasAttribute('data-filtered')).toBe(true);
  });

  it('selects by click, Ctrl+click and Shift+click, and reports the ids', async () => {
    const changes: RowKey[][] = [];
    await render({ onSelectedChange: s => changes.push([...s].sort((a, b) => Number(a) - Number(b))) });
    await click(rowEls()[1]!);
    await click(rowEls()[4]!, { shiftKey: true });
    expect(changes.at(-1)).toEqual([2, 3, 4, 5]);
    await click(rowEls()[2]!, { ctrlKey: true });
    expect(changes.at(-1)).toEqual([2, 4, 5]);
    expect(rowEls()[1]!.dataset.state).toBe('selected');
    expect(rowEls()[1]!.getAttribute('aria-selected')).toBe('true');
    await click(host.querySelector('[data-testid="grid-select-all"]')!);
    expect(changes.at(-1)).toHaveLength(1000);
  });

  it('shows the row states: cancelled, selected, last used', async () => {
    await render({ selected: new Set([3, 5]), isCanceled: r => r.canceled, lastUsedId: 7 });
    const byId = (id: number) => host.querySelector<HTMLElement>(`[data-row-id="${id}"]`)!;
    expect(byId(3).dataset.state).toBe('canceled selected');
    expect(byId(5).dataset.state).toBe('selected');
    expect(byId(7).dataset.state).toBe('last-used');
    expect(byId(1).dataset.state).toBeUndefined();
    expect(host.querySelectorAll('[data-state~="selected"]')).toHaveLength(2);
  });

  it('opens a row on double click and on Enter', async () => {
    const open = vi.fn();
    await render({ onRowOpen: open });
    await click(rowEls()[3]!);
    await act(async () => { rowEls()[3]!.dispatchEvent(new MouseEvent('dblclick', { bubbles: true })); });
    expect(open).toHaveBeenLastCalledWith(ROWS[3]);
    const grid = host.querySelector<HTMLElement>('[role="grid"]')!;
    const key = (k: string) => act(async () => { grid.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); });
    await key('ArrowDown');
    await key('Enter');
    expect(open).toHaveBeenLastCalledWith(ROWS[4]);
  });

  it('filters a column from its header popover', async () => {
    await render();
    await click(host.querySelector('[data-testid="grid-filter-name"]')!);
    await act(async () => { await new Promise(r => setTimeout(r, 50)); }); // the popover's transition
    const input = document.querySelector<HTMLInputElement>('input[placeholder="包含…"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '0777');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise(r => setTimeout(r, 300));
    });
    expect(ids()).toEqual(['777']);
    expect(host.querySelector('[data-testid="grid-filter-name"]')?.getAttribute('data-variant')).toBe('light');
  });

  it('resizes a column by dragging its edge and remembers the width for its title', async () => {
    await render();
    const edge = host.querySelector('[data-testid="grid-header-qty"] [title^="拖动"]')!;
    const cellWidth = () => host.querySelector<HTMLElement>('[data-testid="grid-header-qty"]')!.style.width;
    expect(cellWidth()).toBe('110px');
    await act(async () => {
      edge.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 300 }));
      document.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 350 }));
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: 350 }));
    });
    expect(cellWidth()).toBe('160px');
    expect(JSON.parse(localStorage.getItem('grid-column-widths')!)).toEqual({ 数量: 160 });
    // Another grid with a 数量 column starts at that width.
    act(() => root.unmount());
    root = createRoot(host);
    await render();
    expect(cellWidth()).toBe('160px');
  });

  it('is the window height minus 42 px minus the toolbar', async () => {
    window.innerHeight = 900;
    await act(async () => root.render(
      <MantineProvider><DataGrid<Line> rows={ROWS} columns={COLUMNS} rowId={r => r.id} toolbarHeight={58} /></MantineProvider>,
    ));
    expect(host.querySelector<HTMLElement>('[data-testid="data-grid"]')!.style.height).toBe('800px');
    window.innerHeight = 700;
    await act(async () => { window.dispatchEvent(new Event('resize')); });
    expect(host.querySelector<HTMLElement>('[data-testid="data-grid"]')!.style.height).toBe('600px');
  });
});

describe('requireSelection', () => {
  it('warns "please select a row of data" and refuses when nothing is selected', () => {
    const warnings: string[] = [];
    setNotifier({ ...silentNotifier, warning: msg => warnings.push(msg) });
    const t = (k: string) => ({ 'grid.select_row': '请选择一行数据', 'grid.select_records': '请选择记录' })[k] ?? k;
    expect(requireSelection(new Set(), t)).toBe(false);
    expect(requireSelection([], t, 'records')).toBe(false);
    expect(requireSelection(new Set([1]), t)).toBe(true);
    expect(warnings).toEqual(['请选择一行数据', '请选择记录']);
  });
});
