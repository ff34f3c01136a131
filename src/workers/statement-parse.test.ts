import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSheet } from './spreadsheet-parse';
import {
  findHeaderRow, headerRowFor, mappingFits, parseStatementAmount, parseStatementDate, proposeMapping, readStatement, statementSheet,
} from './statement-parse';

/** A common Chinese bank layout, with a title and an account line above the header and a total row below. */
const SHEET: string[][] = [
  ['中国工商银行账户明细'],
  ['账号：6222 0000 1111', '', '币种：人民币'],
  ['交易日期', '收入金额(元)', '支出金额(元)', '对方户名', '对方账号', '摘要', '流水号', '余额'],
  ['2026-11-03', '12,000.00', '', '华东纸业有限公司', '6222 0211 0001', '货款', 'A001', '112,000.00'],
  ['20261104', '', '3,500.5', '电费', '', '电费', 'A002', '108,499.50'],
  ['46331', '800', '', '某某人', '', '', '', ''],
  ['', '', '', '', '', '', '', ''],
  ['合计', '12,800.00', '3,500.50'],
];

describe('bank statement header and mapping', () => {
  it('finds the header row below title lines and proposes the columns from the Chinese headers', () => {
    expect(findHeaderRow(SHEET)).toBe(2);
    expect(proposeMapping(SHEET[2]!, 2)).toEqual({
      header_row: 3, date_format: 'auto', date_column: '交易日期', credit_column: '收入金额(元)', debit_column: '支出金额(元)',
      name_column: '对方户名', account_column: '对方账号', memo_column: '摘要', reference_column: '流水号', balance_column: '余额',
    });
  });

  it('knows the other banks’ names: 贷方发生额/借方发生额, 交易金额, 对方名称, 用途, 凭证号', () => {
    const m = proposeMapping(['记账日期', '交易金额', '对方名称', '用途', '凭证号', ' 账户余额 '], 0);
    expect(m).toMatchObject({ date_column: '记账日期', amount_column: '交易金额', name_column: '对方名称', memo_column: '用途',
      reference_column: '凭证号', balance_column: '账户余额' });
    expect(proposeMapping(['记账日期', '贷方发生额', '借方发生额', '金额'], 0)).toMatchObject({ credit_column: '贷方发生额',
      debit_column: '借方发生额' });
    expect(proposeMapping(['记账日期', '贷方发生额', '借方发生额', '金额'], 0).amount_column).toBeUndefined();
  });

  it('falls back to the first non-empty row when no row names a date and an amount', () => {
    expect(findHeaderRow([[], ['a', 'b'], ['1', '2']])).toBe(1);
    expect(findHeaderRow([])).toBe(0);
  });

  it('a saved mapping finds its header row again when the bank adds a title line; differing headers ask again', () => {
    const m = proposeMapping(SHEET[2]!, 0);
    expect(headerRowFor(m, SHEET)).toBe(2);
    expect(mappingFits(m, SHEET[2]!)).toBe(true);
    expect(headerRowFor({ ...m, memo_column: '用途' }, SHEET)).toBe(-1);
    expect(statementSheet(SHEET, { ...m, memo_column: '用途' }).read).toBeNull();
    expect(statementSheet(SHEET).read).toBeNull();
  });
});

describe('bank statement rows', () => {
  it('reads credit and debit lines signed, every date form, skipping blanks and totals', () => {
    const r = statementSheet(SHEET, proposeMapping(SHEET[2]!, 2)).read!;
    expect(r.errors).toEqual([]);
    expect(r.skipped).toBe(2);
    expect(r.lines).toEqual([
      { row: 4, date: '2026-11-03', amount: 12000, name: '华东纸业有限公司', account: '622202110001', memo: '货款', reference: 'A001', balance: 112000 },
      { row: 5, date: '2026-11-04', amount: -3500.5, name: '电费', memo: '电费', reference: 'A002', balance: 108499.5 },
      { row: 6, date: '2026-11-05', amount: 800, name: '某某人' },
    ]);
  });

  it('reports a bad date, a bad amount and a line without an amount by its sheet row', () => {
    const rows = [['日期', '交易金额'], ['2026-02-30', '5'], ['2026-03-01', '1,2'], ['2026-03-02', '0.00'], ['2026-03-03', '1.23456']];
    const m = proposeMapping(rows[0]!, 0);
    expect(readStatement(rows, m, 0).errors).toEqual([
      { row: 2, key: 'statement_date' }, { row: 3, key: 'statement_amount' }, { row: 4, key: 'statement_no_amount' },
      { row: 5, key: 'statement_amount' },
    ]);
  });
});

describe('statement dates', () => {
  it.each([
    ['2026-11-03', '2026-11-03'], ['2026/11/3', '2026-11-03'], ['2026.11.03', '2026-11-03'], ['2026年11月3日', '2026-11-03'],
    ['20261103', '2026-11-03'], ['2026-11-03 14:22:01', '2026-11-03'], ['20261103 142201', '2026-11-03'],
    ['46329', '2026-11-03'], ['46329.5', '2026-11-03'], ['2024-02-29', '2024-02-29'],
  ])('%s is %s', (raw, day) => expect(parseStatementDate(raw)).toBe(day));

  it.each(['', '2026-13-01', '2025-02-29', '20261332', '123', '3', 'abc', '1899-12-31', '99999'])('%s is not a day', raw =>
    expect(parseStatementDate(raw)).toBeUndefined());

  it('every day of a few years reads back from each form, and Excel serials count from 1899-12-30', () => {
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const d = new Date(t).toISOString().slice(0, 10);
      expect(parseStatementDate(d)).toBe(d);
      expect(parseStatementDate(d.replace(/-/g, '/'))).toBe(d);
      expect(parseStatementDate(d.replace(/-/g, ''))).toBe(d);
      expect(parseStatementDate(String((t - Date.UTC(1899, 11, 30)) / 86_400_000))).toBe(d);
    }
  });
});

describe('statement amounts', () => {
  it.each([
    ['1,234.56', 1234.56], ['1234.5', 1234.5], ['-1,000', -1000], ['(1,000.00)', -1000], ['¥12,000.00', 12000],
    ['12000元', 12000], ['100-', -100], ['+7', 7], ['１，２３４．５', 1234.5], ['0.0001', 0.0001], ['1,234,567.8900', 1234567.89],
    ['', null], ['-', null], ['--', null], ['0', 0],
  ])('%s is %s', (raw, n) => expect(parseStatementAmount(raw)).toBe(n));

  it.each(['abc', '1,2', '12,34.5', '1.23456', '1..2', '1e5', '--5'])('%s is refused', raw =>
    expect(parseStatementAmount(raw)).toBeUndefined());

  it('any amount written with separators and a sign reads back exactly', () => {
    for (let i = 0; i < 2000; i++) {
      const cents = Math.floor(Math.random() * 1e13) * (i % 2 ? -1 : 1);
      const n = cents / 100;
      const text = Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(parseStatementAmount(`${n < 0 ? '-' : ''}${text}`)).toBe(n === 0 ? 0 : n);
    }
  });
});

/** GBK bytes of a text (a reverse table of the decoder's two-byte codes; ASCII as itself). */
function gbk(text: string): Uint8Array {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, [number, number]>();
  for (let a = 0x81; a <= 0xfe; a++) {
    for (let b = 0x40; b <= 0xfe; b++) {
      if (b === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([a, b]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [a, b]);
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else out.push(...table.get(ch)!);
  }
  return new Uint8Array(out);
}

describe('statement files', () => {
  it('reads a GBK-encoded csv (what a Chinese bank’s “export to CSV” writes) with its title line', () => {
    const text = '账户明细\r\n交易日期,收入金额,支出金额,对方户名,摘要\r\n2026/11/03,"1,234.50",,湖州诚信茶业有限公司,货款\r\n20261104,,88,电费,电费\r\n';
    const bytes = gbk(text);
    expect(new TextDecoder('gbk').decode(bytes)).toBe(text);
    const sheet = parseSheet(bytes.buffer as ArrayBuffer, '明细.csv');
    const s = statementSheet([sheet.headers, ...sheet.rows]);
    expect(s.headerRow).toBe(1);
    expect(s.proposal).toMatchObject({ header_row: 2, date_column: '交易日期', credit_column: '收入金额', debit_column: '支出金额' });
    expect(statementSheet([sheet.headers, ...sheet.rows], s.proposal).read!.lines).toEqual([
      { row: 3, date: '2026-11-03', amount: 1234.5, name: '湖州诚信茶业有限公司', memo: '货款' },
      { row: 4, date: '2026-11-04', amount: -88, name: '电费', memo: '电费' },
    ]);
  });

  it('reads the demo statement of the repository: nine lines below two title lines, two of them money out', async () => {
    const file = await readFile(fileURLToPath(new URL('../../server/seed/files/bank-statement-demo.xlsx', import.meta.url)));
    const sheet = parseSheet(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer, 'demo.xlsx');
    const rows = [sheet.headers, ...sheet.rows];
    const first = statementSheet(rows);
    expect(first.headerRow).toBe(2);
    const read = statementSheet(rows, first.proposal).read!;
    expect(read.errors).toEqual([]);
    expect(read.lines).toHaveLength(9);
    expect(read.lines.filter(l => l.amount < 0)).toHaveLength(2);
    expect(read.lines.every(l => /^DEMO\d+$/.test(l.reference ?? '') && /^2026-11-\d\d$/.test(l.date))).toBe(true);
  });
});

describe('a header row named by the accountant', () => {
  it('proposes from that row’s headers instead of the one found', () => {
    const rows = [['日期', '金额', '摘要', '余额'], ['说明'], ['交易日期', '收入金额', '对方户名'], ['2026-11-03', '5', '甲']];
    expect(findHeaderRow(rows)).toBe(0);
    const s = statementSheet(rows, null, 2);
    expect(s).toMatchObject({ headerRow: 2, headers: ['交易日期', '收入金额', '对方户名'], sample: [['2026-11-03', '5', '甲']] });
    expect(s.proposal).toMatchObject({ header_row: 3, date_column: '交易日期', credit_column: '收入金额', name_column: '对方户名' });
    expect(statementSheet(rows, s.proposal).read!.lines).toEqual([{ row: 4, date: '2026-11-03', amount: 5, name: '甲' }]);
  });
});
