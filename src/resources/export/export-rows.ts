import { apiPost, type Params } from '../../api/http';
import { LONG_TIMEOUT_MS, resolveUrl } from '../../api/transport';
import { useSession } from '../../app/session/session-store';
import type { ResourceDef } from '../../domain/registry/resource';
import { resourceByName } from '../../domain/resources/all';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import type { SheetCell } from '../../workers/spreadsheet-types';
import { saveBytes, saveUrl } from './download';

/**
 * Export of a list to `excel.xlsx` (spec: the file name is always excel.xlsx).
 *
 * Rules:
 * - The rows exported are the ones the user sees (or the selection): built in the spreadsheet worker, with progress.
 * - A list above SERVER_EXPORT_THRESHOLD rows (or when asked) is exported by the server (`POST /files/upload/` with
 *   `resource` and the list's parameters, up to 200,000 rows), so the browser neither downloads nor holds it all;
 *   the reply's URL is then downloaded.
 * - Cells are values, never formulas; lists are joined with ", ", objects written as JSON (as the server does).
 */

export const EXPORT_FILE_NAME = 'excel.xlsx';
export const SERVER_EXPORT_THRESHOLD = 50_000;

export interface ExportColumn<R> {
  title: string;
  value: (row: R) => unknown;
  /** The field the column shows (grid columns' `id`); with the resource's declaration it gives `field` below. */
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
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Builds excel.xlsx from the given rows in the worker and downloads it. */
export async function exportRows<R>(columns: readonly ExportColumn<R>[], rows: readonly R[], opts: ExportOptions = {}): Promise<void> {
  const table = exportTable(columns, rows);
  const bytes = await buildSpreadsheet(table.titles, table.rows, opts.onProgress, { signal: opts.signal });
  saveBytes(bytes, EXPORT_FILE_NAME);
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

/** Asks the server to build excel.xlsx from a resource's list (its keyword, filter and sort) and downloads it. */
export async function exportOnServer<R>(resource: string, columns: readonly ExportColumn<R>[], listParams: Params = {},
  opts: ExportOptions = {}): Promise<{ rows: number }> {
  const reply = await apiPost<{ url: string; name?: string; rows: number }>('/files/upload/', {
    ...listParams, resource, titles: serverTitles(columns, resourceByName(resource)),
  }, { silent: true, signal: opts.signal, timeoutMs: LONG_TIMEOUT_MS });
  saveUrl(resolveUrl(useSession.getState().baseURL, reply.url), reply.name || EXPORT_FILE_NAME);
  return { rows: reply.rows };
}

/** Whether a list goes to the server: when asked, or when it holds more rows than the browser should build. */
export function exportsOnServer(o: { resource?: string; total: number; force?: boolean; threshold?: number }): boolean {
  return !!o.resource && (!!o.force || o.total > (o.threshold ?? SERVER_EXPORT_THRESHOLD));
}
