import * as XLSX from 'xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/domain/resources/all';
import { mapColumns } from '../../src/resources/import/map-columns';
import { prepareRows } from '../../src/resources/import/validate-rows';
import { buildXlsx } from '../../src/workers/spreadsheet-build';
import { parseSheet, SheetParseError } from '../../src/workers/spreadsheet-parse';
import { PARSE_LIMITS } from '../../src/workers/spreadsheet-types';

function xlsxOf(aoa: unknown[][], patch?: (ws: XLSX.WorkSheet) => void): ArrayBuffer {
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  patch?.(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Sheet1');
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}
const bytes = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;
const codeOf = (fn: () => unknown) => {
  try { fn(); } catch (e) { return (e as SheetParseError).code; }
  return undefined;
};

afterEach(() => {
  // A test that polluted Object.prototype must not leave it polluted for the next one.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('parseSheet', () => {
  it('reads the first sheet as texts: numbers, zero-padded codes, dates without zone shift, booleans', () => {
    const file = xlsxOf([['编码', '数量', '日期', '时间', '启用'], ['x', 12.5, 45306, 45306.5, true], [123, 0, null, null, false]], ws => {
      ws.C2!.z = 'yyyy-mm-dd';
      ws.D2!.z = 'yyyy-mm-dd hh:mm';
      ws.A3!.z = '000000';
    });
    const s = parseSheet(file, 'a.xlsx');
    expect(s.headers).toEqual(['编码', '数量', '日期', '时间', '启用']);
    expect(s.rows).toEqual([['x', '12.5', '2024-01-15', '2024-01-15 12:00:00', 'true'], ['000123', '0', '', '', 'false']]);
    expect(s.truncated).toBe(false);
  });

  it('reads what buildXlsx writes (an export re-imported)', () => {
    const file = buildXlsx(['code', 'name'], [['A-1', '=1+1'], ['A-2', null]]);
    expect(parseSheet(file, 'excel.xlsx')).toEqual({ headers: ['code', 'name'], rows: [['A-1', '=1+1'], ['A-2']], truncated: false });
  });

  it('reads CSV by its own rules, whatever its first cell', () => {
    // SheetJS would take a text starting with "ID" for SYLK; ours is plain CSV.
    const s = parseSheet(bytes('ID;名称\n1;<table><tr><td>x</td></tr></table>\n'), 'x.csv');
    expect(s).toEqual({ headers: ['ID', '名称'], rows: [['1', '<table><tr><td>x</td></tr></table>']], truncated: false });
  });

  it('caps rows, columns and cell length, and says when rows were left out', () => {
    const limits = { ...PARSE_LIMITS, maxRows: 3, maxColumns: 2, maxCellLength: 4 };
    const aoa = [['a', 'b', 'c'], ...Array.from({ length: 10 }, (_, i) => [`row-${i}`, i, 'dropped'])];
    const x = parseSheet(xlsxOf(aoa), 'big.xlsx', limits);
    expect(x.rows).toEqual([['row-', '0'], ['row-', '1'], ['row-', '2']]);
    expect(x.headers).toEqual(['a', 'b']);
    expect(x.truncated).toBe(true);
    const c = parseSheet(bytes(aoa.map(r => r.join(',')).join('\n')), 'big.csv', limits);
    expect(c.rows.length).toBe(3);
    expect(c.truncated).toBe(true);
  });

  it('refuses files too large, empty or unreadable', () => {
    expect(codeOf(() => parseSheet(new ArrayBuffer(10), 'a.xlsx', { ...PARSE_LIMITS, maxBytes: 5 }))).toBe('too_large');
    expect(codeOf(() => parseSheet(new ArrayBuffer(0), 'a.xlsx'))).toBe('empty');
    expect(codeOf(() => parseSheet(bytes('\n\n'), 'a.csv'))).toBe('empty');
    const zipLike = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]).buffer;
    expect(codeOf(() => parseSheet(zipLike, 'broken.xlsx'))).toBe('unreadable');
  });

  it('a file crafted to pollute Object.prototype changes nothing, through parse, mapping and checks', () => {
    const hostile = [
      ['__proto__', 'constructor', 'prototype', 'code', 'name', '__defineGetter__'],
      ['{"polluted":"yes"}', '{"prototype":{"polluted":"yes"}}', 'polluted', 'P-1', 'n', 'x'],
    ];
    const csv = hostile.map(r => r.map(c => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n');
    const items = resourceByName('items')!;
    for (const [file, name] of [[xlsxOf(hostile), 'evil.xlsx'], [bytes(csv), 'evil.csv']] as const) {
      const s = parseSheet(file, name);
      expect(Array.isArray(s.rows[0])).toBe(true);
      expect(s.headers).toEqual(hostile[0]);
      const mapping = mapColumns(items, s.headers, 'en');
      expect(mapping).toEqual([null, null, null, 'code', 'name', null]);
      const prepared = prepareRows(items, mapping, s.rows, 'en');
      expect(prepared[0]!.cells).toEqual({ code: 'P-1', name: 'n' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
