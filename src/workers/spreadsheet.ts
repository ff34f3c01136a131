import { proxy, transfer, wrap, type Remote } from 'comlink';
import { i18n } from '../i18n';
import type { StatementMapping } from '../domain/contract/statement';
import type { StatementSheet } from './statement-parse';
import { SHEET_ERROR_CODES, type ParsedSheet, type ParseLimits, type SheetCell, type SheetErrorCode, type SpreadsheetApi } from './spreadsheet-types';

export type { ParsedSheet, ParseLimits, SheetCell } from './spreadsheet-types';
export { PARSE_LIMITS } from './spreadsheet-types';

/**
 * The typed calls of the spreadsheet worker (DESIGN §7). Each call starts its own worker and ends it when done, on
 * timeout or on cancel: terminating is the only way to stop a parse that is stuck inside SheetJS, and a fresh worker
 * leaves no memory of a big file behind.
 */

/** A parse of an untrusted file gets this long before its worker is terminated. */
export const PARSE_TIMEOUT_MS = 20_000;
/** Building a 200,000-row export may take a while on a slow machine; it is our own data, so the limit is generous. */
export const BUILD_TIMEOUT_MS = 300_000;

/** A failed spreadsheet call: `code` says why, `message` says it in the UI language. */
export class SpreadsheetError extends Error {
  override readonly name = 'SpreadsheetError';
  constructor(readonly code: SheetErrorCode) {
    super(i18n.t(`importexport.sheet_error.${code}`));
  }
}

export interface WorkerCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Tests pass a fake; the app uses the real worker. */
  createWorker?: () => Worker;
}

function spreadsheetWorker(): Worker {
  return new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), { type: 'module' });
}

/** The code of an error thrown in the worker (its message survives the trip; its class does not). */
function codeOf(e: unknown): SheetErrorCode {
  const m = (e as { message?: unknown } | null)?.message;
  return SHEET_ERROR_CODES.find(c => c === m) ?? 'unreadable';
}

function abortError(): Error {
  return new DOMException('cancelled', 'AbortError');
}

async function inWorker<T>(run: (api: Remote<SpreadsheetApi>) => Promise<T>, timeoutMs: number, opts: WorkerCallOptions): Promise<T> {
  if (opts.signal?.aborted) throw abortError();
  const worker = (opts.createWorker ?? spreadsheetWorker)();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      if (err === undefined) resolve(value as T);
      else reject(err);
    };
    const onAbort = () => finish(abortError());
    const timer = setTimeout(() => finish(new SpreadsheetError('timeout')), timeoutMs);
    opts.signal?.addEventListener('abort', onAbort);
    // The worker itself failed (out of memory on a zip bomb, script not loadable).
    worker.addEventListener('error', () => finish(new SpreadsheetError('failed')));
    run(wrap<SpreadsheetApi>(worker)).then(v => finish(undefined, v), e => finish(new SpreadsheetError(codeOf(e))));
  });
}

/**
 * Parses the first sheet of an uploaded file (.xlsx, .xls, .ods, .csv) into header texts and rows of texts. The file's
 * buffer is transferred to the worker: the caller must not use it afterwards. Rejects with a SpreadsheetError
 * ('too_large', 'unreadable', 'empty', 'timeout', 'failed') or an AbortError.
 */
export async function parseSpreadsheet(file: ArrayBuffer, name: string, opts: WorkerCallOptions & { limits?: ParseLimits } = {}): Promise<ParsedSheet> {
  if (!opts.createWorker && typeof Worker === 'undefined') {
    // Unit tests run in Node or jsdom, which have no Web Worker: the same pure function runs here (without a time
    // limit). Production builds drop this branch (PROD is a constant there), so SheetJS ships in the worker only.
    if (!import.meta.env.PROD) {
      const { parseSheet } = await import('./spreadsheet-parse');
      try {
        return parseSheet(file, name, opts.limits);
      } catch (e) {
        throw new SpreadsheetError(codeOf(e));
      }
    }
    throw new SpreadsheetError('failed');
  }
  return inWorker(api => api.parseSheet(transfer(file, [file]), name, opts.limits), opts.timeoutMs ?? PARSE_TIMEOUT_MS, opts);
}

/**
 * Reads a bank statement file in the worker, with its time limit: the bank's saved mapping applied when the file's
 * headers fit it, else the header row found and a mapping proposed (statement-parse.ts). The buffer is transferred.
 */
export async function readStatementFile(file: ArrayBuffer, name: string, mapping: StatementMapping | null,
  opts: WorkerCallOptions & { limits?: ParseLimits; headerRow?: number } = {}): Promise<StatementSheet> {
  if (!opts.createWorker && typeof Worker === 'undefined') {
    // As parseSpreadsheet: no Web Worker in unit tests; not in production builds.
    if (!import.meta.env.PROD) {
      const { parseSheet } = await import('./spreadsheet-parse');
      const { statementSheet } = await import('./statement-parse');
      try {
        const sheet = parseSheet(file, name, opts.limits);
        return statementSheet([sheet.headers, ...sheet.rows], mapping, opts.headerRow);
      } catch (e) {
        throw new SpreadsheetError(codeOf(e));
      }
    }
    throw new SpreadsheetError('failed');
  }
  return inWorker(api => api.readStatement(transfer(file, [file]), name, mapping, opts.headerRow ?? null, opts.limits),
    opts.timeoutMs ?? PARSE_TIMEOUT_MS, opts);
}

/** Builds `excel.xlsx` from titles and rows; `onProgress(done, total)` hears the rows written so far. */
export async function buildSpreadsheet(titles: string[], rows: SheetCell[][], onProgress?: (done: number, total: number) => void,
  opts: WorkerCallOptions = {}): Promise<ArrayBuffer> {
  if (!opts.createWorker && typeof Worker === 'undefined') {
    // As above: no Web Worker in unit tests; not in production builds.
    if (!import.meta.env.PROD) {
      const { buildXlsx } = await import('./spreadsheet-build');
      return buildXlsx(titles, rows, onProgress);
    }
    throw new SpreadsheetError('failed');
  }
  return inWorker(api => api.buildXlsx(titles, rows, onProgress ? proxy(onProgress) : undefined), opts.timeoutMs ?? BUILD_TIMEOUT_MS, opts);
}
