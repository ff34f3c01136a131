import { describe, expect, it } from 'vitest';
import { decodeText, parseCsv, sniffDelimiter } from './spreadsheet-csv';

const LIMITS = { maxRows: 1000, maxColumns: 50, maxCellLength: 100 };

describe('CSV', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks; any line ending', () => {
    const text = 'code,name,remark\r\nA-1,"Box, large","He said ""hi""\nnext line"\nA-2,Plain,\rA-3,Last,x';
    expect(parseCsv(text, LIMITS).records).toEqual([
      ['code', 'name', 'remark'],
      ['A-1', 'Box, large', 'He said "hi"\nnext line'],
      ['A-2', 'Plain', ''],
      ['A-3', 'Last', 'x'],
    ]);
  });

  it('keeps cells as text exactly (no number or date guessing)', () => {
    expect(parseCsv('code,day\n000123,2024-01-05\n', LIMITS).records[1]).toEqual(['000123', '2024-01-05']);
  });

  it('finds the separator of the first line', () => {
    expect(sniffDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('"a,b";c;d')).toBe(';');
    expect(sniffDelimiter('single')).toBe(',');
  });

  it('stops at the row limit, drops extra columns and cuts long cells', () => {
    const many = Array.from({ length: 20 }, (_, i) => `r${i},x`).join('\n');
    const r = parseCsv(many, { maxRows: 5, maxColumns: 1, maxCellLength: 2 });
    expect(r.records).toEqual([['r0'], ['r1'], ['r2'], ['r3'], ['r4']]);
    expect(r.truncated).toBe(true);
    expect(parseCsv('a,b\n1,2\n', { ...LIMITS, maxRows: 2 }).truncated).toBe(false);
  });

  it('decodes UTF-8 (with or without BOM), UTF-16 and, failing UTF-8, GB18030', () => {
    const utf8 = new TextEncoder().encode('编码,名称');
    expect(decodeText(utf8)).toBe('编码,名称');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe('编码,名称');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x16, 0x7f, 0x01, 0x78]))).toBe('编码');
    // 编码 in GBK: what Excel on a Chinese Windows writes.
    expect(decodeText(new Uint8Array([0xb1, 0xe0, 0xc2, 0xeb]))).toBe('编码');
  });
});
