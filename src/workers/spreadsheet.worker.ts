import { expose, transfer } from 'comlink';
import { buildXlsx } from './spreadsheet-build';
import { parseSheet } from './spreadsheet-parse';
import type { SpreadsheetApi } from './spreadsheet-types';
import { statementSheet } from './statement-parse';

/**
 * The spreadsheet worker (DESIGN §7): parses uploaded files and builds `excel.xlsx` off the page. The page terminates
 * it after a time limit (spreadsheet.ts), which is what keeps a hostile file from hanging anything.
 */
const api: SpreadsheetApi = {
  parseSheet: (file, name, limits) => parseSheet(file, name, limits),
  readStatement: (file, name, mapping, headerRow, limits) => {
    const sheet = parseSheet(file, name, limits);
    return statementSheet([sheet.headers, ...sheet.rows], mapping, headerRow);
  },
  buildXlsx: (titles, rows, onProgress) => {
    const out = buildXlsx(titles, rows, onProgress ? (d, t) => { void onProgress(d, t); } : undefined);
    return transfer(out, [out]);
  },
};

expose(api);
