import { describe, expect, it } from 'vitest';
import {
  compareCells, filterTypeOf, textCollator, formatCell, gridHeight, isActiveFilter, isTotalled, keywordWords, matchesFilter,
  matchesKeyword, nextSelection, rowSearchText, rowStateTokens, selectModeOf, toggleAll, toNumber, totalKindOf,
} from './grid-model';
import type { GridColumn } from './types';

interface Item { id: number; name: string; qty: number | null; price: number; day: string; at: string; state: string; ok: boolean }

const col = (kind: GridColumn<Item>['kind'], value: (r: Item) => Item[keyof Item], extra: Partial<GridColumn<Item>> = {}) =>
  ({ id: kind, title: kind, kind, value, ...extra }) as GridColumn<Item>;

describe('grid height (spec §9)', () => {
  it('is the window minus 42 px minus the toolbar, never tiny', () => {
    expect(gridHeight(900, 50)).toBe(808);
    expect(gridHeight(900, 0)).toBe(858);
    expect(gridHeight(200, 100)).toBe(160);
  });
});

describe('cells', () => {
  it('format numbers per DESIGN §8, dates, booleans and enum labels', () => {
    expect(formatCell(col('number', r => r.qty), 3)).toBe('3');
    expect(formatCell(col('money', r => r.price), 2.5)).toBe('2.5');
    expect(formatCell(col('money', r => r.price), '12.3456')).toBe('12.35');
    expect(formatCell(col('int', r => r.qty), null)).toBe('');
    expect(formatCell(col('bool', r => r.ok), true)).toBe('✓');
    expect(formatCell(col('bool', r => r.ok), false)).toBe('');
    expect(formatCell(col('date', r => r.day), '2024-03-15')).toBe('2024-03-15');
    const local = new Date(2024, 2, 15, 8, 5, 9).toISOString();
    expect(formatCell(col('datetime', r => r.at), local)).toBe('2024-03-15 08:05:09');
    const e = col('enum', r => r.state, { options: [{ value: 'open', label: '未完成' }] });
    expect(formatCell(e, 'open')).toBe('未完成');
    expect(formatCell(e, 'other')).toBe('other');
  });

  it('group a number\'s thousands in the reader\'s language, keeping the column\'s scale (issue 30)', () => {
    const qty = col('number', r => r.qty);
    expect(formatCell(qty, 1234567.5, 'zh')).toBe('1,234,567.5');
    expect(formatCell(qty, 1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatCell(qty, 1234567.5, 'es')).toBe('1.234.567,5');
    expect(formatCell(qty, '1234567.5', 'ja')).toBe('1,234,567.5');
    expect(formatCell(col('int', r => r.qty), 25000, 'es')).toBe('25.000');
    // A piece rate declared with 4 decimals still reads 0.004 (issue 30 item 1).
    expect(formatCell(col('money', r => r.price, { scale: 4 }), 0.004, 'en')).toBe('0.004');
    expect(formatCell(col('money', r => r.price, { scale: 4 }), 1234.0045, 'en')).toBe('1,234.0045');
    // Without a reader (search text, copies) the digits stay plain.
    expect(formatCell(qty, 1234567.5)).toBe('1234567.5');
  });

  it('read numeric text as numbers', () => {
    expect(toNumber('1.5')).toBe(1.5);
    expect(toNumber('')).toBeUndefined();
    expect(toNumber('abc')).toBeUndefined();
    expect(toNumber(Number.NaN)).toBeUndefined();
  });

  it('compare by kind', () => {
    expect(compareCells('number', 10, 9)).toBeGreaterThan(0);
    expect(compareCells('money', '10', '9')).toBeGreaterThan(0);
    expect(compareCells('text', 'A-10', 'A-9')).toBeGreaterThan(0); // numbers in text by value
    expect(compareCells('text', '张三', '李四')).toBeGreaterThan(0); // pinyin: zhāng after lǐ
    expect(compareCells('text', 'b', 'a', textCollator('en'))).toBeGreaterThan(0);
    expect(compareCells('bool', false, true)).toBeLessThan(0);
    expect(compareCells('date', '2024-01-02', '2023-12-31')).toBeGreaterThan(0);
    expect(compareCells('datetime', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00+08:00')).toBeGreaterThan(0);
  });
});

describe('column filters', () => {
  it('offer a filter by kind', () => {
    expect(['text', 'int', 'money', 'enum', 'bool', 'date', 'datetime'].map(k => filterTypeOf(k as never)))
      .toEqual(['text', 'range', 'range', 'pick', 'pick', 'dates', 'dates']);
  });

  it('text: contains, case-insensitive', () => {
    const c = col('text', r => r.name);
    expect(matchesFilter(c, 'Steel Bar', { type: 'text', contains: 'bar' })).toBe(true);
    expect(matchesFilter(c, 'Steel', { type: 'text', contains: 'bar' })).toBe(false);
    expect(matchesFilter(c, null, { type: 'text', contains: 'bar' })).toBe(false);
    expect(matchesFilter(c, null, { type: 'text', contains: '  ' })).toBe(true); // empty filter: no filter
  });

  it('numbers: between min and max, both included, each optional', () => {
    const c = col('number', r => r.qty);
    expect(matchesFilter(c, 5, { type: 'range', min: 5, max: 10 })).toBe(true);
    expect(matchesFilter(c, 10.01, { type: 'range', min: 5, max: 10 })).toBe(false);
    expect(matchesFilter(c, -3, { type: 'range', min: null, max: 0 })).toBe(true);
    expect(matchesFilter(c, '7', { type: 'range', min: 5, max: null })).toBe(true);
    expect(matchesFilter(c, undefined, { type: 'range', min: 5, max: null })).toBe(false);
  });

  it('pick: one of the values (booleans as true/false)', () => {
    expect(matchesFilter(col('enum', r => r.state), 'open', { type: 'pick', values: ['open', 'done'] })).toBe(true);
    expect(matchesFilter(col('enum', r => r.state), 'late', { type: 'pick', values: ['open'] })).toBe(false);
    expect(matchesFilter(col('bool', r => r.ok), false, { type: 'pick', values: ['false'] })).toBe(true);
  });

  it('dates: the local day lies within the range, both ends included', () => {
    const d = col('date', r => r.day);
    const f = { type: 'dates' as const, from: '2024-03-01', to: '2024-03-15' };
    expect(matchesFilter(d, '2024-03-01', f)).toBe(true);
    expect(matchesFilter(d, '2024-03-15', f)).toBe(true);
    expect(matchesFilter(d, '2024-03-16', f)).toBe(false);
    expect(matchesFilter(d, '2024-02-29', { type: 'dates', from: null, to: '2024-02-29' })).toBe(true);
    const dt = col('datetime', r => r.at);
    expect(matchesFilter(dt, new Date(2024, 2, 15, 23, 59, 59).toISOString(), f)).toBe(true);
    expect(matchesFilter(dt, new Date(2024, 2, 16, 0, 0, 0).toISOString(), f)).toBe(false);
    expect(matchesFilter(dt, new Date(2024, 2, 1, 0, 0, 0).toISOString(), f)).toBe(true);
    expect(matchesFilter(dt, 'not a date', f)).toBe(false);
  });

  it('know when they are empty', () => {
    expect(isActiveFilter(undefined)).toBe(false);
    expect(isActiveFilter({ type: 'dates', from: null, to: null })).toBe(false);
    expect(isActiveFilter({ type: 'pick', values: [] })).toBe(false);
    expect(isActiveFilter({ type: 'range', min: 0, max: null })).toBe(true);
  });
});

describe('keyword search', () => {
  const columns = [
    col('text', r => r.name),
    col('number', r => r.qty),
    col('enum', r => r.state, { options: [{ value: 'open', label: '未完成' }] }),
    col('int', r => r.id, { search: false }),
  ];
  const row: Item = { id: 4711, name: 'Steel BAR', qty: 12.5, price: 1, day: '', at: '', state: 'open', ok: true };

  it('looks at the shown text of searchable columns, every word must match', () => {
    const text = rowSearchText(columns, row);
    expect(matchesKeyword(text, keywordWords('bar'))).toBe(true);
    expect(matchesKeyword(text, keywordWords('  steel   12.5 '))).toBe(true);
    expect(matchesKeyword(text, keywordWords('未完成'))).toBe(true);
    expect(matchesKeyword(text, keywordWords('open'))).toBe(false); // the label, not the code
    expect(matchesKeyword(text, keywordWords('4711'))).toBe(false); // not searchable
    expect(matchesKeyword(text, keywordWords('steel copper'))).toBe(false);
    expect(keywordWords(undefined)).toEqual([]);
  });
});

describe('selection', () => {
  const order = [1, 2, 3, 4, 5];
  const none = { selected: new Set<number>(), anchor: null };

  it('maps clicks and modifier keys to modes', () => {
    const e = (shiftKey: boolean, ctrlKey: boolean) => ({ shiftKey, ctrlKey, metaKey: false });
    expect(selectModeOf(e(false, false))).toBe('replace');
    expect(selectModeOf(e(false, true))).toBe('toggle');
    expect(selectModeOf(e(true, false))).toBe('range');
    expect(selectModeOf(e(true, true))).toBe('range-add');
    expect(selectModeOf(e(false, false), true)).toBe('toggle');
    expect(selectModeOf(e(true, false), true)).toBe('range-add');
  });

  it('a click selects one row, Ctrl toggles, Shift takes the range from the anchor', () => {
    let s = nextSelection(none, order, 2, 'replace');
    expect([...s.selected]).toEqual([2]);
    s = nextSelection(s, order, 4, 'toggle');
    expect([...s.selected].sort()).toEqual([2, 4]);
    expect(s.anchor).toBe(4);
    s = nextSelection(s, order, 1, 'range');
    expect([...s.selected].sort()).toEqual([1, 2, 3, 4]);
    expect(s.anchor).toBe(4); // the anchor stays: a second Shift click narrows the range
    s = nextSelection(s, order, 5, 'range');
    expect([...s.selected].sort()).toEqual([4, 5]);
    s = nextSelection({ selected: new Set([1]), anchor: 3 }, order, 4, 'range-add');
    expect([...s.selected].sort()).toEqual([1, 3, 4]);
    s = nextSelection(s, order, 4, 'toggle');
    expect([...s.selected].sort()).toEqual([1, 3]);
  });

  it('a range without an anchor in view is a plain click', () => {
    expect([...nextSelection({ selected: new Set([9]), anchor: 9 }, order, 3, 'range').selected]).toEqual([3]);
    expect([...nextSelection({ selected: new Set([1]), anchor: null }, order, 3, 'range-add').selected]).toEqual([1, 3]);
  });

  it('the header checkbox selects every row shown, or clears them when all are', () => {
    const all = toggleAll(new Set([9, 2]), [1, 2, 3]);
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggleAll(all, [1, 2, 3])]).toEqual([9]);
    expect(toggleAll(new Set(), []).size).toBe(0);
  });

  it('writes row states as tokens', () => {
    expect(rowStateTokens({ canceled: true, selected: true, lastUsed: false })).toBe('canceled selected');
    expect(rowStateTokens({ canceled: false, selected: false, lastUsed: true })).toBe('last-used');
    expect(rowStateTokens({ canceled: false, selected: false, lastUsed: false })).toBeUndefined();
  });
});

describe('totals', () => {
  it('sum the numeric columns that say so (quantities, amounts), never prices, orders or ids by default', () => {
    expect(isTotalled(col('money', r => r.price, { total: true }))).toBe(true);
    expect(isTotalled(col('money', r => r.price))).toBe(false);
    expect(isTotalled(col('int', r => r.id, { total: false }))).toBe(false);
    expect(isTotalled(col('text', r => r.name, { total: true }))).toBe(false);
    expect([totalKindOf('int'), totalKindOf('number'), totalKindOf('money')]).toEqual(['int', 'quantity', 'money']);
  });
});
