// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../domain/resources/all';
import { parseSheet } from '../../workers/spreadsheet-parse';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import { exportCell, exportFileName, exportTable, serverTitles, type ExportColumn } from './export-rows';

type Row = { code: string; qty: number | null; tags: string[]; props: object | null; at: Date };
const columns: ExportColumn<Row>[] = [
  { title: '编码', value: r => r.code, id: 'code' },
  { title: 'Qty', value: r => r.qty },
  { title: 'Tags', value: r => r.tags },
  { title: 'Props', value: r => r.props },
  { title: 'At', value: r => r.at },
];

describe('export', () => {
  it('writes values as cells: lists joined, objects as JSON, nothing for null and NaN', () => {
    expect(exportCell(Number.NaN)).toBeNull();
    expect(exportCell(undefined)).toBeNull();
    const t = exportTable(columns, [{ code: '=SUM(A1)', qty: 2.5, tags: ['a', 'b'], props: { k: 1 }, at: new Date('2024-01-05T00:00:00Z') }]);
    expect(t).toEqual({ titles: ['编码', 'Qty', 'Tags', 'Props', 'At'], rows: [['=SUM(A1)', 2.5, 'a, b', '{"k":1}', '2024-01-05T00:00:00.000Z']] });
  });

  it('builds an excel.xlsx that reads back the same (text that looks like a formula stays text)', async () => {
    const t = exportTable(columns, [{ code: '=SUM(A1)', qty: null, tags: [], props: null, at: new Date(0) }]);
    const out = await buildSpreadsheet(t.titles, t.rows);
    expect(parseSheet(out, 'excel.xlsx').rows).toEqual([['=SUM(A1)', '', '', '', '1970-01-01T00:00:00.000Z']]);
  });

  it('names the list keys of references for the server\'s export', () => {
    const items = resourceByName('items')!;
    const cols: ExportColumn<unknown>[] = [
      { title: 'Code', id: 'code', value: () => '' },
      { title: 'Category', id: 'category_id', value: () => '' },
      { title: 'Computed', value: () => '' },
      { title: 'Explicit', field: 'x_name', value: () => '' },
    ];
    expect(serverTitles(cols, items)).toEqual([
      { title: 'Code', field: 'code' }, { title: 'Category', field: 'category_id_name' }, { title: 'Explicit', field: 'x_name' },
    ]);
  });
  it('names the file after the screen and the day, never with a character a file system refuses', () => {
    const day = new Date(2026, 10, 29, 23, 30);
    expect(exportFileName('客户', day)).toBe('客户-2026-11-29.xlsx');
    expect(exportFileName('A/B: "C"?', day)).toBe('A_B_ _C_-2026-11-29.xlsx');
    expect(exportFileName('  ', day)).toBe('export-2026-11-29.xlsx');
  });
});
