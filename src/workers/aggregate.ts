import { transfer, wrap, type Remote } from 'comlink';
import { aggregateAsync, type AggregateQuery, type AggregateResult, type FactSet } from '../domain/rules/aggregate';
import { factBuffers, type AggregateApi } from './aggregate-types';

export type { AggregateOp, AggregateQuery, AggregateResult, FactFilter, FactSet, GroupKey, MeasureKind, MeasureSpec, PivotResult }
  from '../domain/rules/aggregate';
export type { TimeBucket } from '../domain/rules/day-numbers';

/**
 * Reports computed in the aggregation worker (DESIGN §7, issue 14). A worker is started on first use and kept
 * between calls; a call made while another computes gets a worker of its own, so cancelling one report (which
 * terminates its worker: the only way to stop a computation at once) never costs another its facts. One idle worker
 * is kept; the next call after a cancel starts a fresh one.
 */

export interface AggregateCallOptions {
  /** Aborting rejects the call with an AbortError and terminates its worker. */
  signal?: AbortSignal;
  /** Tests pass a fake; the app uses the real worker. */
  createWorker?: () => Worker;
}

interface Running {
  worker: Worker;
  remote: Remote<AggregateApi>;
  create: () => Worker;
}

let idle: Running | null = null;

function aggregateWorker(): Worker {
  return new Worker(new URL('./aggregate.worker.ts', import.meta.url), { type: 'module' });
}

function take(create: () => Worker): Running {
  if (idle?.create === create) {
    const r = idle;
    idle = null;
    return r;
  }
  const worker = create();
  return { worker, remote: wrap<AggregateApi>(worker), create };
}

function putBack(r: Running): void {
  if (idle) r.worker.terminate(); // one idle worker is enough; a second would only hold memory
  else idle = r;
}

function abortError(): DOMException {
  return new DOMException('cancelled', 'AbortError');
}

/**
 * The report over `facts` (rules: src/domain/rules/aggregate.ts). The facts' buffers are transferred to the worker:
 * the caller must not use the arrays afterwards (they are empty). Rejects with an AbortError when `signal` aborts,
 * with the worker's error for a bad query (an unknown key or measure), or with an Error when the worker fails.
 */
export async function aggregateFacts(facts: FactSet, query: AggregateQuery, opts: AggregateCallOptions = {}): Promise<AggregateResult> {
  if (opts.signal?.aborted) throw abortError();
  // Unit tests run in Node or jsdom, which have no Web Worker: there the same function runs in this thread, chunk by
  // chunk with the event loop let in between, so the abort is still heard.
  if (!opts.createWorker && typeof Worker === 'undefined') return aggregateAsync(facts, query, { signal: opts.signal });
  const running = take(opts.createWorker ?? aggregateWorker);
  return new Promise<AggregateResult>((resolve, reject) => {
    let settled = false;
    const finish = (keepWorker: boolean, err: unknown, value?: AggregateResult) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      running.worker.removeEventListener('error', onError);
      if (keepWorker) putBack(running);
      else running.worker.terminate();
      if (err === undefined) resolve(value!);
      else reject(err);
    };
    const onAbort = () => finish(false, abortError());
    // The worker itself failed (out of memory, script not loadable): it is not reused.
    const onError = () => finish(false, new Error('aggregate: the worker failed'));
    opts.signal?.addEventListener('abort', onAbort);
    running.worker.addEventListener('error', onError);
    running.remote.aggregate(transfer(facts, factBuffers(facts)), query).then(
      r => finish(true, undefined, r),
      // A query the worker refused (its message survives the trip); the worker is fine and is kept.
      (e: unknown) => finish(true, e ?? new Error('aggregate: failed')),
    );
  });
}

/** Ends the idle worker (tests, or a page that knows it will not aggregate again); the next call starts a new one. */
export function stopAggregateWorker(): void {
  idle?.worker.terminate();
  idle = null;
}
