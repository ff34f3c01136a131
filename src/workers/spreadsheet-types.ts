/** Types shared by the spreadsheet worker and the page that calls it (no code, so the page loads no SheetJS). */
import type { StatementMapping } from '../domain/contract/statement';
import type { StatementSheet } from './statement-parse';

/** A sheet as the import reads it: the first row's texts, then every row as an array of texts. */
export interface ParsedSheet {
  headers: string[];
  /**
   * Data rows as arrays, one text per column (never objects keyed by header, so a header such as `__proto__` or
   * `constructor` is only text). Trailing empty cells and rows are dropped; empty rows inside are kept as `[]`, so a
   * row's index + 2 is its line in the sheet.
   */
  rows: string[][];
  /** The file had more rows than `maxRows`; only the first `maxRows` are in `rows`. */
  truncated: boolean;
}

export interface ParseLimits {
  maxBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
}

export const PARSE_LIMITS: ParseLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 500,
  // Excel's own limit for one cell.
  maxCellLength: 32_767,
};

/** A cell of an export: text, a number, a boolean, or nothing. */
export type SheetCell = string | number | boolean | null;

/** Why a parse failed; the calling page turns the code into a message in the user's language. */
export type SheetErrorCode = 'too_large' | 'unreadable' | 'empty' | 'timeout' | 'failed';

export const SHEET_ERROR_CODES: readonly SheetErrorCode[] = ['too_large', 'unreadable', 'empty', 'timeout', 'failed'];

/** What the spreadsheet worker exposes through Comlink. */
export interface SpreadsheetApi {
  parseSheet(file: ArrayBuffer, name: string, limits?: ParseLimits): ParsedSheet;
  /** A bank statement file read into lines with the bank's mapping, or its headers and a proposal (statement-parse.ts). */
  readStatement(file: ArrayBuffer, name: string, mapping: StatementMapping | null, headerRow: number | null, limits?: ParseLimits): StatementSheet;
  /** Builds `excel.xlsx`; `onProgress` (a Comlink proxy) hears rows written so far. */
  buildXlsx(titles: string[], rows: SheetCell[][], onProgress?: (done: number, total: number) => void): ArrayBuffer;
}
