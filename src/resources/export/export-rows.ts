import type { ResourceDef } from '../../domain/registry/resource';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import type { SheetCell } from '../../workers/spreadsheet-types';
import { saveBytes } from './download';
import { localDateString } from '../../domain/rules/date-single';

/**
 * Export of a list to a spreadsheet, saved as `<screen title>-<date>.xlsx` (`exportFileName`; issue 30: every export was
 * `excel.xlsx`, and a second one overwrote or renamed the first). The server's export calls still answer the file the
 * spec names; the name the browser saves it under is the screen's.
 *
 * Rules:
 * - A list loaded whole exports the rows the user sees (or the selection), built in the spreadsheet worker, with
 *   progress.
 * - A list paged by the server is exported by the server (`exportList`, src/data/export.ts): the file streams in with
 *   the list's filter, keyword and sort, so it holds exactly the rows of every page, in their order.
 * - Cells are values, never formulas; lists are joined with ", ", objects written as JSON (as the server does).
 */

/** The name an export is saved under: the screen's title and the local date; characters no file system takes become `_`. */
export function exportFileName(title: string, at: Date = new Date()): string {
  // Control characters and the ones Windows refuses in a name become `_` (by code, so the rule reads plainly).
  const safe = [...title].map(c => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')
    .replace(/_+/g, '_').trim().slice(0, 80) || 'export';
  return `${safe}-${localDateString(at)}.xlsx`;
}

export interface ExportColumn<R> {
  title: string;
  value: (row: R) => unknown;
  /** The field the column shows (grid columns' `id`). */
  id?: string;
  /** The key of the column in the list API's rows (e.g. `category_id_name`), for the server-side export. */
  field?: string;
}

export function exportCell(v: unknown): SheetCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (Array.isArray(v)) return v.join(', ');
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

export function exportTable<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): { titles: string[]; rows: SheetCell[][] } {
  return { titles: columns.map(c => c.title), rows: rows.map(r => columns.map(c => exportCell(c.value(r)))) };
}

export interface ExportOptions {
  /** The saved file's name (`exportFileName`). */
  fileName: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Builds the spreadsheet of the given rows in the worker and downloads it. */
export async function exportRows<R>(columns: readonly ExportColumn<R>[], rows: readonly R[], opts: ExportOptions): Promise<void> {
  const table = exportTable(columns, rows);
  const bytes = await buildSpreadsheet(table.titles, table.rows, opts.onProgress, { signal: opts.signal });
  saveBytes(bytes, opts.fileName);
}

/**
 * The columns the server can fill itself: those naming a key of the list API's rows, given as `field`, or derived
 * from the column's field `id`: a reference shows its row's name (`<id>_name`, `<id>_names` for a list).
 */
export function serverTitles<R>(columns: readonly ExportColumn<R>[], def?: ResourceDef): { title: string; field: string }[] {
  const out: { title: string; field: string }[] = [];
  for (const c of columns) {
    const f = c.id !== undefined ? def?.fields[c.id] : undefined;
    const field = c.field ?? (f?.type === 'ref' ? `${c.id}_name` : f?.type === 'refs' ? `${c.id}_names` : c.id);
    if (field) out.push({ title: c.title, field });
  }
  return out;
}
