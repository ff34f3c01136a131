import * as XLSX from 'xlsx';
import type { SheetCell } from './spreadsheet-types';

/**
 * Builds `excel.xlsx` (one sheet, a title row, then the rows) in the spreadsheet worker.
 *
 * Rules:
 * - Values are typed cells: text stays text even when it starts with `=` (never a formula), numbers stay numbers.
 * - Text is cut at 32,767 characters, the most Excel opens in one cell.
 * - Rows are added in chunks, and `onProgress` hears after each one, so the page can show a progress bar.
 */

const CHUNK = 5000;
const MAX_CELL = 32_767;

function safeCell(v: SheetCell): SheetCell {
  return typeof v === 'string' && v.length > MAX_CELL ? v.slice(0, MAX_CELL) : v;
}

export function buildXlsx(titles: string[], rows: SheetCell[][], onProgress?: (done: number, total: number) => void): ArrayBuffer {
  const ws = XLSX.utils.aoa_to_sheet([titles.map(t => safeCell(t))], { dense: true });
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK).map(r => r.map(safeCell));
    XLSX.utils.sheet_add_aoa(ws, part, { origin: -1 });
    onProgress?.(Math.min(i + CHUNK, rows.length), rows.length);
  }
  // Column widths from the titles (CJK characters count double), so the sheet opens readable.
  ws['!cols'] = titles.map(t => ({ wch: Math.min(60, Math.max(8, [...t].reduce((n, ch) => n + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0) + 2)) }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Sheet1');
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}
