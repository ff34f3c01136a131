import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { columnLetters, escapeXml, XlsxStreamWriter } from './xlsx-stream';

async function build(rows: (string | number | boolean | null)[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = new XlsxStreamWriter(out);
  await w.start();
  for (let i = 0; i < rows.length; i += 1000) await w.rows(rows.slice(i, i + 1000));
  await w.end();
  out.end();
  return Buffer.concat(chunks);
}

describe('streamed excel.xlsx', () => {
  it('is read back by SheetJS cell for cell: text, numbers, booleans, empty cells, CJK and markup', async () => {
    const rows = [
      ['编码', 'Name', 'Price', 'OK'],
      ['A-1', '纸箱 <大> & "盖"', 12.5, true],
      ['A-2', null, -3, false],
      ['A-3', 'tab\tand\nnewline', 0, null],
    ];
    const wb = XLSX.read(await build(rows), { type: 'buffer' });
    const got = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
    expect(got).toEqual(rows);
  });

  it('streams 20,000 rows', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`R${i}`, i, i % 2 === 0]);
    const wb = XLSX.read(await build(rows), { type: 'buffer' });
    const got = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Sheet1!, { header: 1 });
    expect(got.length).toBe(20_000);
    expect(got[19_999]).toEqual(['R19999', 19_999, false]);
  });

  it('drops characters XML cannot carry and letters columns past Z', () => {
    expect(escapeXml('a\u0001b\u0000c<')).toBe('abc&lt;');
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
