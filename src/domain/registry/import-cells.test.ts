import { describe, expect, it } from 'vitest';
import { resourceByName } from '../resources/all';
import { cellValue, draftRow, importFields, isImportable, localDateTimeCell, naturalKeyOf, refTokensOf } from './import-cells';

const items = resourceByName('items')!;
const journals = resourceByName('journals')!;
const workflows = resourceByName('workflows')!;
const f = (res: typeof items, name: string) => res.fields[name]!;

describe('import cells', () => {
  it('trims, turns empty cells into "no value", and numbers given to text into text', () => {
    expect(cellValue(items, 'code', f(items, 'code'), '  A-1 ')).toBe('A-1');
    expect(cellValue(items, 'code', f(items, 'code'), 1001)).toBe('1001');
    expect(cellValue(items, 'remark', f(items, 'remark'), '   ')).toBeNull();
    expect(cellValue(items, 'price', f(items, 'price'), ' 12.5 ')).toBe('12.5');
  });

  it('reads yes/no words of the four languages for booleans', () => {
    const active = f(items, 'active');
    for (const w of ['是', 'yes', 'TRUE', '1', 'sí', 'はい', '√']) expect(cellValue(items, 'active', active, w)).toBe(true);
    for (const w of ['否', 'no', 'False', '0', 'いいえ']) expect(cellValue(items, 'active', active, w)).toBe(false);
    expect(cellValue(items, 'active', active, 1)).toBe(true);
    expect(cellValue(items, 'active', active, 'maybe')).toBe('maybe');
  });

  it('accepts an enum value or its label in any language, and loose dates', () => {
    expect(cellValue(journals, 'kind', f(journals, 'kind'), '交接班')).toBe('shift');
    expect(cellValue(journals, 'kind', f(journals, 'kind'), 'INCIDENT')).toBe('incident');
    expect(cellValue(journals, 'day', f(journals, 'day'), '2024/1/5')).toBe('2024-01-05');
    expect(cellValue(journals, 'day', f(journals, 'day'), '2024.12.31 00:00:00')).toBe('2024-12-31');
    expect(cellValue(journals, 'day', f(journals, 'day'), '2024/1/5 08:00')).toBe('2024/1/5 08:00');
  });

  it('splits reference lists on the usual separators', () => {
    expect(refTokensOf(f(workflows, 'worknode_ids'), '开料, WN02、质检；包装')).toEqual(['开料', 'WN02', '质检', '包装']);
    expect(refTokensOf(f(items, 'category_id'), ' 纸箱, 彩盒 ')).toEqual(['纸箱, 彩盒']);
    expect(refTokensOf(f(items, 'category_id'), '')).toEqual([]);
  });

  it('reads only declared fields; other keys, __proto__ included, are listed as unknown', () => {
    const cells = JSON.parse('{"code":"X","name":"n","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"id":"7"}') as Record<string, unknown>;
    const d = draftRow(items, cells);
    expect(d.values).toEqual({ code: 'X', name: 'n' });
    expect(d.unknown.sort()).toEqual(['__proto__', 'constructor', 'id']);
    expect(Object.getPrototypeOf(d.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keys rows by their natural key; resources without one cannot be imported', () => {
    expect(naturalKeyOf(items, { code: 'A' })).toBe('["A"]');
    expect(naturalKeyOf(items, { code: '' })).toBeNull();
    expect(isImportable(items)).toBe(true);
    expect(isImportable(journals)).toBe(false);
    expect(importFields(items).map(([n]) => n)).toContain('category_id');
  });

  it('reads a sheet\'s date-time as the runtime\'s wall-clock time, sent with its offset; leaves the rest alone', () => {
    const local = new Date(2026, 0, 5, 8, 5, 0);
    expect(localDateTimeCell('2026/1/5 8:05')).toBe(local.toISOString());
    expect(localDateTimeCell('2026-01-05 08:05:00')).toBe(local.toISOString());
    expect(localDateTimeCell('2026-01-05T08:05:00+08:00')).toBe('2026-01-05T08:05:00+08:00');
    expect(localDateTimeCell('2026-02-30 08:00')).toBe('2026-02-30 08:00');
    expect(localDateTimeCell('soon')).toBe('soon');
  });
});
