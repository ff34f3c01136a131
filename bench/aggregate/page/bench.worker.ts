import { expose, transfer } from 'comlink';
import { aggregate, type AggregateResult, type FactSet } from '../../../src/domain/rules/aggregate';
import { factBuffers } from '../../../src/workers/aggregate-types';
import { makeFacts, QUERY } from './facts';
import { tightLoop, type TightResult } from './tight-loop';

/**
 * The bench's own worker: holds one set of facts and times, on the same typed arrays in the same thread, the engine
 * (the function the app's aggregation worker runs) and the hand-written loop. It also makes the facts the page sends
 * through the app's worker, so the page's main thread never spends a long task generating them.
 */
let facts: FactSet | null = null;

function same(e: AggregateResult, t: TightResult): boolean {
  if (e.rows !== t.rows) return false;
  for (let m = 0; m < t.values.length; m++) {
    for (let r = 0; r < t.rows; r++) if (!Object.is(e.values[m]![r], t.values[m]![r])) return false;
  }
  for (let k = 0; k < t.keys.length; k++) {
    for (let r = 0; r < t.rows; r++) if (e.keys[k]![r] !== t.keys[k]![r]) return false;
  }
  return true;
}

const api = {
  prepare(n: number): void {
    facts = makeFacts(n);
  },
  /** One run of each, in the order given; ms of each and whether their results agree to the last digit. */
  time(engineFirst: boolean): { engineMs: number; tightMs: number; same: boolean; rows: number } {
    if (!facts) throw new Error('prepare first');
    const f = facts;
    let e: AggregateResult | undefined;
    let t: TightResult | undefined;
    let engineMs = 0;
    let tightMs = 0;
    const runEngine = () => { const t0 = performance.now(); e = aggregate(f, QUERY); engineMs = performance.now() - t0; };
    const runTight = () => { const t0 = performance.now(); t = tightLoop(f); tightMs = performance.now() - t0; };
    if (engineFirst) { runEngine(); runTight(); } else { runTight(); runEngine(); }
    return { engineMs, tightMs, same: same(e!, t!), rows: e!.rows };
  },
  /** A fresh copy of the facts, moved to the page. */
  copy(n: number): FactSet {
    const f = makeFacts(n);
    return transfer(f, factBuffers(f));
  },
};

export type BenchWorkerApi = typeof api;

expose(api);
