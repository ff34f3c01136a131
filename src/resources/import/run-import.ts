import type { PreparedRow } from './validate-rows';

/**
 * Sends the checked rows to `POST <base>/import/` in batches and gathers the result report.
 *
 * Rules:
 * - Rows the preview refused are not sent; they go into the report as rejected with the preview's reasons.
 * - Batches go one after another (each is one transaction on the server); progress is reported after each.
 * - Cancel stops before the next batch; a failed batch (network, permission) stops the run with its message. What
 *   was imported stays imported, and running the same file again is safe: the server matches rows by natural key.
 */

import type { ImportReply, ImportStatus } from '../../domain/contract/replies';

export type { ImportReply, ImportStatus };

export interface ReportLine {
  line: number;
  keyText: string;
  status: ImportStatus;
  errors: Record<string, string>;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** One line per sheet row handled, in sheet order. */
  lines: ReportLine[];
  /** Rows not handled because the run was cancelled or failed. */
  notSent: number;
  cancelled: boolean;
  /** The message of the batch that failed, when one did. */
  failure?: string;
}

export const BATCH_ROWS = 500;
const STATUSES: readonly ImportStatus[] = ['created', 'updated', 'unchanged', 'rejected'];

export function batches<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  if (size < 1) throw new Error('batch size must be positive');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type SendBatch = (rows: Record<string, string>[], signal?: AbortSignal) => Promise<ImportReply>;

export interface RunOptions {
  signal?: AbortSignal;
  batchSize?: number;
  /** Rows handled so far (sent or refused by the preview) out of all rows. */
  onProgress?: (done: number, total: number) => void;
}

const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';

export async function runImport(rows: readonly PreparedRow[], send: SendBatch, opts: RunOptions = {}): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, rejected: 0, lines: [], notSent: 0, cancelled: false };
  const bad = rows.filter(r => Object.keys(r.errors).length > 0);
  for (const r of bad) report.lines.push({ line: r.line, keyText: r.keyText, status: 'rejected', errors: r.errors });
  report.rejected = bad.length;
  const good = rows.filter(r => Object.keys(r.errors).length === 0);
  let done = bad.length;
  opts.onProgress?.(done, rows.length);
  const parts = batches(good, opts.batchSize ?? BATCH_ROWS);
  for (let b = 0; b < parts.length; b++) {
    const part = parts[b]!;
    if (opts.signal?.aborted) {
      report.cancelled = true;
      report.notSent = parts.slice(b).reduce((n, p) => n + p.length, 0);
      break;
    }
    let reply: ImportReply;
    try {
      reply = await send(part.map(r => r.cells), opts.signal);
    } catch (e) {
      if (isAbort(e)) report.cancelled = true;
      else report.failure = (e as { message?: string } | null)?.message || String(e);
      report.notSent = parts.slice(b).reduce((n, p) => n + p.length, 0);
      break;
    }
    for (const res of reply.results) {
      const r = part[res.row];
      if (!r || !STATUSES.includes(res.status)) continue;
      report[res.status]++;
      report.lines.push({ line: r.line, keyText: r.keyText, status: res.status, errors: res.errors ?? {} });
    }
    done += part.length;
    opts.onProgress?.(done, rows.length);
  }
  report.lines.sort((a, b) => a.line - b.line);
  return report;
}
