import { releaseProxy, transfer, wrap, type Remote } from 'comlink';
import { totalOf } from '../domain/rules/numbers';
import type { TotalsApi, TotalsColumn } from './totals-types';

export type { TotalsColumn } from './totals-types';

/**
 * Column totals computed in the totals worker (DESIGN §7). The worker is created on first use and kept for the
 * page's life; the columns' buffers are transferred, so the caller must not reuse them after the call.
 */
let running: { worker: Worker; remote: Remote<TotalsApi> } | null = null;

function remote(): Remote<TotalsApi> {
  if (!running) {
    const worker = new Worker(new URL('./totals.worker.ts', import.meta.url), { type: 'module' });
    running = { worker, remote: wrap<TotalsApi>(worker) };
  }
  return running.remote;
}

/** One total per column, in the order given (rules: src/domain/rules/numbers.ts). */
export async function computeTotals(columns: TotalsColumn[]): Promise<number[]> {
  if (columns.length === 0) return [];
  // Unit tests run in Node or jsdom, which have no Web Worker: there the same pure function runs in this thread.
  if (typeof Worker === 'undefined') return columns.map(c => totalOf(c.kind, c.values));
  return remote().sums(transfer(columns, columns.map(c => c.values.buffer as ArrayBuffer)));
}

/** Ends the worker (tests, or a page that knows it will not total again); the next call starts a new one. */
export function stopTotalsWorker(): void {
  running?.remote[releaseProxy]();
  running?.worker.terminate();
  running = null;
}
