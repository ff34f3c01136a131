import * as XLSX from 'xlsx';
import type { CellObject } from 'xlsx';
import { decodeText, parseCsv } from './spreadsheet-csv';
import { PARSE_LIMITS, type ParsedSheet, type ParseLimits, type SheetErrorCode } from './spreadsheet-types';

/**
 * Reads an uploaded spreadsheet (.xlsx, .xls, .ods, or .csv / .txt) into texts, in the spreadsheet worker.
 *
 * Rules (the file is untrusted):
 * - Only the first sheet is read, at most `maxRows` data rows (SheetJS stops storing rows after `sheetRows`),
 *   `maxColumns` columns and `maxCellLength` characters a cell; formulas, styles, HTML and macros are not read.
 * - Every cell becomes text the way a person reads it: numbers as their value (a zero-padded code such as 000123
 *   keeps its zeros), dates as `YYYY-MM-DD` (with ` HH:mm:ss` when they carry a time, no time zone shift),
 *   booleans as `true` / `false`, error cells as empty.
 * - The result is arrays of strings; nothing is keyed by the file's content.
 * The caller (spreadsheet.ts) runs this in a worker it terminates after a time limit, so a file built to make the
 * parser spin cannot hang the page.
 */

export class SheetParseError extends Error {
  constructor(readonly code: SheetErrorCode) {
    super(code);
  }
}

/** SheetJS's number-format helpers (typed `any` by the package). */
interface DateCode { y: number; m: number; d: number; H: number; M: number; S: number }
const SSF = XLSX.SSF as { is_date(fmt: string): boolean; parse_date_code(v: number): DateCode | null };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function dateText(serial: number): string | undefined {
  const d = SSF.parse_date_code(serial);
  if (!d) return undefined;
  const day = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;
  return d.H || d.M || d.S ? `${day} ${pad(d.H)}:${pad(d.M)}:${pad(d.S)}` : day;
}

function cellText(c: CellObject | undefined): string {
  if (!c) return '';
  switch (c.t) {
    case 's': return c.v === undefined || c.v === null ? '' : String(c.v);
    case 'b': return c.v ? 'true' : 'false';
    case 'n': {
      const v = c.v as number;
      const fmt = typeof c.z === 'string' ? c.z : '';
      if (fmt && SSF.is_date(fmt)) return dateText(v) ?? String(v);
      if (/^0+$/.test(fmt) && c.w) return c.w;
      return String(v);
    }
    case 'd': return c.v instanceof Date ? c.v.toISOString().slice(0, 10) : String(c.v ?? '');
    default: return ''; // 'e' (error, e.g. #N/A) and 'z' (stub)
  }
}

/** Drops trailing empty cells of a row, and trailing empty rows of a sheet. */
function trimRow(r: string[]): string[] {
  let n = r.length;
  while (n > 0 && r[n - 1]!.trim() === '') n--;
  return n === r.length ? r : r.slice(0, n);
}

function finish(all: string[][], truncated: boolean): ParsedSheet {
  const rows = all.map(trimRow);
  while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
  const headers = (rows.shift() ?? []).map(h => h.trim());
  if (headers.length === 0) throw new SheetParseError('empty');
  return { headers, rows, truncated };
}

function isText(name: string): boolean {
  return /\.(csv|txt|tsv)$/i.test(name);
}

function readWorkbook(file: ArrayBuffer, limits: ParseLimits): { rows: string[][]; truncated: boolean } {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(new Uint8Array(file), {
      type: 'array', dense: true, sheets: 0, sheetRows: limits.maxRows + 2,
      cellNF: true, cellHTML: false, cellFormula: false, cellStyles: false, cellDates: false, bookVBA: false,
    });
  } catch {
    throw new SheetParseError('unreadable');
  }
  const ws = wb.Sheets[wb.SheetNames[0] ?? ''];
  const data = ws?.['!data'];
  if (!ws || !data) throw new SheetParseError('empty');
  const rows: string[][] = [];
  const last = Math.min(data.length, limits.maxRows + 1);
  for (let r = 0; r < last; r++) {
    const src = data[r] ?? [];
    const row: string[] = [];
    for (let c = 0; c < Math.min(src.length, limits.maxColumns); c++) {
      const t = cellText(src[c]);
      row.push(t.length > limits.maxCellLength ? t.slice(0, limits.maxCellLength) : t);
    }
    rows.push(row);
  }
  // SheetJS kept one row more than the header and maxRows data rows when there were more.
  return { rows, truncated: data.length > limits.maxRows + 1 };
}

/** Parses the first sheet of a file; throws SheetParseError ('too_large', 'unreadable', 'empty'). */
export function parseSheet(file: ArrayBuffer, name: string, limits: ParseLimits = PARSE_LIMITS): ParsedSheet {
  if (file.byteLength > limits.maxBytes) throw new SheetParseError('too_large');
  if (file.byteLength === 0) throw new SheetParseError('empty');
  if (isText(name)) {
    // One more record than the data rows: the header.
    const { records, truncated } = parseCsv(decodeText(new Uint8Array(file)), { ...limits, maxRows: limits.maxRows + 1 });
    return finish(records, truncated);
  }
  const { rows, truncated } = readWorkbook(file, limits);
  return finish(rows, truncated);
}
