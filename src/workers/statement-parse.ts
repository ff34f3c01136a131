import { MAX_HEADER_ROW, type MappingColumn, type StatementMapping } from '../domain/contract/statement';

/**
 * Bank statements read into lines (docs/finance.md "4. Bank statement import"), in the spreadsheet worker after the
 * file became rows of texts (spreadsheet-parse.ts). Pure: the header row found, a mapping proposed from the headers
 * Chinese banks use, the dates and amounts read the ways banks write them. A row that cannot be read is a row error
 * (its sheet row and the reason's message key), never a guess.
 */

/** The header texts each column is known by, compared without spaces, case and a unit in brackets ("收入金额(元)"). */
const KNOWN: Record<MappingColumn, readonly string[]> = {
  date_column: ['交易日期', '记账日期', '入账日期', '交易时间', '记账时间', '日期', 'date', 'transactiondate', 'valuedate'],
  credit_column: ['收入金额', '贷方金额', '贷方发生额', '收入', '存入金额', '贷方', '来账金额', 'credit', 'creditamount'],
  debit_column: ['支出金额', '借方金额', '借方发生额', '支出', '支取金额', '借方', '往账金额', 'debit', 'debitamount'],
  amount_column: ['交易金额', '发生额', '金额', 'amount'],
  name_column: ['对方户名', '对方名称', '对方账户名称', '对方账户名', '对方单位', '收/付方名称', '对方户名称', 'counterparty', 'payer'],
  account_column: ['对方账号', '对方账户', '对方卡号', '收/付方账号', '对方账号卡号', 'counterpartyaccount', 'account'],
  memo_column: ['摘要', '用途', '附言', '交易摘要', '备注', '交易附言', 'memo', 'description'],
  reference_column: ['流水号', '交易流水号', '凭证号', '交易参考号', '业务流水号', '交易序号', 'reference'],
  balance_column: ['余额', '账户余额', '交易后余额', 'balance'],
};

/** A header as compared: no spaces, no bracketed unit, lower case. */
export function headerKey(h: string): string {
  return h.replace(/[(（][^)）]*[)）]/g, '').replace(/[\s\u3000]+/g, '').toLowerCase();
}

function columnOf(h: string): MappingColumn | undefined {
  const k = headerKey(h);
  if (k === '') return undefined;
  return (Object.keys(KNOWN) as MappingColumn[]).find(c => KNOWN[c].includes(k));
}

/**
 * The header row (0-based) among the first MAX_HEADER_ROW rows: the one naming most known columns, at least a date
 * and an amount; else the first row that is not empty (the mapping step then asks).
 */
export function findHeaderRow(rows: readonly string[][]): number {
  let best = -1;
  let bestScore = 0;
  for (let r = 0; r < Math.min(rows.length, MAX_HEADER_ROW); r++) {
    const cols = new Set((rows[r] ?? []).map(columnOf).filter(c => c !== undefined));
    const hasAmount = cols.has('amount_column') || cols.has('credit_column') || cols.has('debit_column');
    if (!cols.has('date_column') || !hasAmount) continue;
    if (cols.size > bestScore) { best = r; bestScore = cols.size; }
  }
  if (best >= 0) return best;
  const first = rows.findIndex(r => r.some(c => c.trim() !== ''));
  return first < 0 ? 0 : first;
}

/** A mapping proposed from a header row: each column the first header known by its names. */
export function proposeMapping(headers: readonly string[], headerRow: number): StatementMapping {
  const m: StatementMapping = { header_row: headerRow + 1, date_format: 'auto' };
  for (const h of headers) {
    const c = columnOf(h);
    if (c && m[c] === undefined) m[c] = h.trim();
  }
  // A separate credit column says the direction; a generic 金额 beside it is not the signed amount.
  if (m.credit_column !== undefined) delete m.amount_column;
  return m;
}

/** Whether a mapping can read rows with these headers: every column it names is among them. */
export function mappingFits(m: StatementMapping, headers: readonly string[]): boolean {
  const have = new Set(headers.map(h => h.trim()));
  return columnsOf(m).every(h => have.has(h));
}

function columnsOf(m: StatementMapping): string[] {
  return (['date_column', 'amount_column', 'credit_column', 'debit_column', 'name_column', 'account_column', 'memo_column',
    'reference_column', 'balance_column'] as const).map(c => m[c]).filter((h): h is string => h !== undefined);
}

/**
 * The header row a saved mapping reads: its own row when its columns are there, else the first of the first rows
 * holding them all (a bank added a title line); -1 when none does (the headers differ: ask again).
 */
export function headerRowFor(m: StatementMapping, rows: readonly string[][]): number {
  const at = m.header_row - 1;
  if (rows[at] && mappingFits(m, rows[at]!)) return at;
  for (let r = 0; r < Math.min(rows.length, MAX_HEADER_ROW); r++) if (mappingFits(m, rows[r]!)) return r;
  return -1;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A statement's date as `YYYY-MM-DD`: 2026-11-03, 2026/11/3, 2026.11.03, 2026年11月3日, 20261103, any of them followed
 * by a time, or an Excel day serial (a date cell the sheet did not format as a date). Undefined when not a real day.
 */
export function parseStatementDate(raw: string): string | undefined {
  const s = raw.trim();
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[\sT].*)?$/.exec(s);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})(?:\s?\d{2}:?\d{2}(?::?\d{2})?)?$/.exec(s);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  // Excel serials: 1 = 1900-01-01 with Excel's phantom 1900-02-29, so from March 1900 on day 0 is 1899-12-30.
  // Only 1950–2150 (18264–91310) count: a bare small number is not taken for a date.
  m = /^(\d{5})(?:\.\d+)?$/.exec(s);
  if (m) {
    const serial = Number(m[1]);
    if (serial < 18264 || serial > 91310) return undefined;
    const t = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  }
  return undefined;
}

/**
 * An amount as banks write it: thousands separators (`1,234.50`), a currency sign or 元, a sign in front or behind,
 * brackets for a negative, full-width digits. Empty, `-` and `--` are no amount (null). More than 4 decimals, or not a
 * number: undefined (a row error; money is never rounded on the way in).
 */
export function parseStatementAmount(raw: string): number | null | undefined {
  let s = raw.replace(/[０-９．，－＋]/g, c => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\s\u3000]+/g, '');
  if (s === '' || /^-+$/.test(s)) return null;
  let negative = false;
  const bracket = /^[(（](.*)[)）]$/.exec(s);
  if (bracket) { negative = true; s = bracket[1]!; }
  s = s.replace(/^(RMB|CNY|¥|￥)/i, '').replace(/(元|RMB|CNY)$/i, '');
  if (s.startsWith('-')) { negative = !negative; s = s.slice(1); } else if (s.startsWith('+')) s = s.slice(1);
  else if (s.endsWith('-')) { negative = !negative; s = s.slice(0, -1); }
  s = s.replace(/^(RMB|CNY|¥|￥)/i, '');
  // Thousands separators only between groups of three digits, so "1,2" is not read as 12.
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(s)) return undefined;
  const [whole, frac = ''] = s.replace(/,/g, '').split('.');
  if (frac.replace(/0+$/, '').length > 4) return undefined;
  const n = Number(`${whole}.${frac || '0'}`);
  if (!Number.isFinite(n) || n > 99_999_999_999_999) return undefined;
  return n === 0 ? 0 : negative ? -n : n;
}

export interface StatementRowLine {
  row: number;
  date: string;
  amount: number;
  name?: string;
  account?: string;
  memo?: string;
  reference?: string;
  balance?: number | null;
}

export type StatementRowErrorKey = 'statement_date' | 'statement_amount' | 'statement_no_amount';
export interface StatementRowError { row: number; key: StatementRowErrorKey }

export interface StatementRead {
  lines: StatementRowLine[];
  errors: StatementRowError[];
  /** Rows left out as not transactions: empty, totals (合计), a repeated header. */
  skipped: number;
}

const TOTAL_ROW = /^(合计|总计|小计|本页合计|本期合计|累计|total)/i;

/**
 * The lines of the rows below the header row, read with a mapping: the day, the signed amount (credit − debit, or the
 * signed amount column), the texts. Rows with neither a date nor an amount, total rows and repeated headers are
 * skipped; a row with a date that is not a day, or an amount that is not a number, is a row error.
 */
export function readStatement(rows: readonly string[][], m: StatementMapping, headerRow: number): StatementRead {
  const headers = (rows[headerRow] ?? []).map(h => h.trim());
  const at = (h: string | undefined) => (h === undefined ? -1 : headers.indexOf(h));
  const col = {
    date: at(m.date_column), amount: at(m.amount_column), credit: at(m.credit_column), debit: at(m.debit_column),
    name: at(m.name_column), account: at(m.account_column), memo: at(m.memo_column), reference: at(m.reference_column),
    balance: at(m.balance_column),
  };
  const out: StatementRead = { lines: [], errors: [], skipped: 0 };
  for (let r = headerRow + 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    const cell = (c: number) => (c < 0 ? '' : (cells[c] ?? '').trim());
    const row = r + 1;
    const dateText = cell(col.date);
    const amountTexts = [cell(col.amount), cell(col.credit), cell(col.debit)];
    if (cells.every(c => c.trim() === '') || TOTAL_ROW.test(cells.find(c => c.trim() !== '')?.trim() ?? '')
      || dateText === m.date_column || (dateText === '' && amountTexts.every(t => t === ''))) {
      out.skipped++;
      continue;
    }
    const date = parseStatementDate(dateText);
    if (!date) { out.errors.push({ row, key: 'statement_date' }); continue; }
    const [amount, credit, debit] = amountTexts.map(parseStatementAmount);
    if (amount === undefined || credit === undefined || debit === undefined) { out.errors.push({ row, key: 'statement_amount' }); continue; }
    // Four decimals at most on each side, so the difference is exact in units of 0.0001.
    const signed = col.amount >= 0 && amount !== null ? amount : Math.round(((credit ?? 0) - (debit ?? 0)) * 10_000) / 10_000;
    if (signed === 0) { out.errors.push({ row, key: 'statement_no_amount' }); continue; }
    const text = (c: number, max: number) => {
      const t = cell(c);
      return t === '' ? undefined : t.slice(0, max);
    };
    const balance = col.balance >= 0 ? parseStatementAmount(cell(col.balance)) : undefined;
    out.lines.push({
      row, date, amount: signed, name: text(col.name, 200), account: text(col.account, 64)?.replace(/\s+/g, ''),
      memo: text(col.memo, 200), reference: text(col.reference, 100),
      ...(balance !== undefined && balance !== null ? { balance } : {}),
    });
  }
  return out;
}

/** What the worker answers for a statement file: its rows' header, the proposal, and the lines when a mapping fits. */
export interface StatementSheet {
  /** The header row found (0-based) and its texts. */
  headerRow: number;
  headers: string[];
  /** The first rows below the header, for the mapping step's preview. */
  sample: string[][];
  proposal: StatementMapping;
  /** The lines read with the mapping given (or, without one, with the proposal when it fits); null: ask for one. */
  read: StatementRead | null;
  /** The mapping `read` used. */
  used: StatementMapping | null;
}

/**
 * A statement sheet: read with the bank's mapping when its columns are in the file's headers; else (no mapping, or the
 * headers differ) only the header row and the proposal, for the mapping step to confirm and read again. `headerRow`
 * (0-based) is the row the accountant says holds the headers, instead of the one found.
 */
export function statementSheet(rows: readonly string[][], mapping?: StatementMapping | null, headerRow?: number | null): StatementSheet {
  const proposedRow = headerRow != null && headerRow >= 0 && headerRow < MAX_HEADER_ROW ? headerRow : findHeaderRow(rows);
  const savedRow = mapping ? headerRowFor(mapping, rows) : -1;
  const at = savedRow >= 0 ? savedRow : proposedRow;
  const headers = (rows[at] ?? []).map(h => h.trim());
  const proposal = proposeMapping(rows[proposedRow] ?? [], proposedRow);
  const sample = rows.slice(at + 1, at + 6).map(r => [...r]);
  if (mapping && savedRow >= 0) {
    const used = { ...mapping, header_row: savedRow + 1 };
    return { headerRow: at, headers, sample, proposal, read: readStatement(rows, used, savedRow), used };
  }
  return { headerRow: at, headers, sample, proposal, read: null, used: null };
}
