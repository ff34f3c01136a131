import { afterEach, describe, expect, it } from 'vitest';
import { aggregate, type AggregateQuery, type FactSet } from '../domain/rules/aggregate';
import { aggregateFacts, stopAggregateWorker } from './aggregate';
import type { AggregateApi } from './aggregate-types';
import { fakeWorker as portWorker } from './test-worker';

/**
 * The typed call of the aggregation worker, with the worker played by a MessageChannel port running the real Comlink
 * protocol (transfers included; test-worker.ts), so keeping, cancelling and replacing workers are tested as the page
 * uses them.
 */
/** The fake worker (test-worker.ts) of `api`, counting the reports it was asked for. */
function fakeWorker(api: AggregateApi): { worker: Worker; terminated: () => boolean; calls: () => number } {
  let calls = 0;
  const counted: AggregateApi = { aggregate: (f: FactSet, q: AggregateQuery) => { calls++; return api.aggregate(f, q); } };
  return { ...portWorker(counted), calls: () => calls };
}

const real: AggregateApi = { aggregate: (f, q) => aggregate(f, q) };
const never: AggregateApi = { aggregate: () => new Promise<never>(() => {}) as never };

function facts(n = 1_000): FactSet {
  return {
    length: n,
    keys: { node: Int32Array.from({ length: n }, (_, i) => i % 4) },
    measures: { amount: Float64Array.from({ length: n }, () => 0.005) },
    kinds: { amount: 'money' },
  };
}
const query: AggregateQuery = { groupBy: ['node'], measures: [{ op: 'sum', measure: 'amount' }, { op: 'count' }] };

afterEach(() => stopAggregateWorker());

describe('aggregateFacts', () => {
  it('computes in the worker, transfers the facts there and gets typed arrays back', async () => {
    const f = fakeWorker(real);
    const input = facts();
    const r = await aggregateFacts(input, query, { createWorker: () => f.worker });
    expect(Array.from(r.keys[0]!)).toEqual([0, 1, 2, 3]);
    expect(Array.from(r.values[0]!)).toEqual([1.25, 1.25, 1.25, 1.25]); // 250 × 50 units
    expect(r.total).toEqual([5, 1000]);
    expect(input.keys.node!.length).toBe(0); // moved, not copied
    expect(input.measures.amount!.length).toBe(0);
    expect(f.terminated()).toBe(false); // kept for the next report
  });

  it('keeps one worker between calls', async () => {
    const f = fakeWorker(real);
    let started = 0;
    const create = () => { started++; return f.worker; };
    await aggregateFacts(facts(), query, { createWorker: create });
    await aggregateFacts(facts(), query, { createWorker: create });
    expect(started).toBe(1);
    expect(f.calls()).toBe(2);
  });

  it('an abort mid-way rejects with an AbortError and terminates the worker; the next call starts a fresh one', async () => {
    const stuck = fakeWorker(never);
    const ctl = new AbortController();
    const p = aggregateFacts(facts(), query, { createWorker: () => stuck.worker, signal: ctl.signal });
    await new Promise(r => setTimeout(r, 10));
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(stuck.terminated()).toBe(true);

    const fresh = fakeWorker(real);
    const create = () => fresh.worker;
    await expect(aggregateFacts(facts(), query, { createWorker: create })).resolves.toMatchObject({ total: [5, 1000] });
  });

  it('an abort before the call rejects at once and leaves the facts with the caller', async () => {
    const f = fakeWorker(real);
    const ctl = new AbortController();
    ctl.abort();
    const input = facts();
    await expect(aggregateFacts(input, query, { createWorker: () => f.worker, signal: ctl.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(input.keys.node!.length).toBe(1_000);
    expect(f.calls()).toBe(0);
  });

  it('a call made while another computes gets its own worker, so cancelling one leaves the other alone', async () => {
    const workers = [fakeWorker(never), fakeWorker(real)];
    let next = 0;
    const create = () => workers[next++]!.worker;
    const ctl = new AbortController();
    const slow = aggregateFacts(facts(), query, { createWorker: create, signal: ctl.signal });
    const quick = aggregateFacts(facts(), query, { createWorker: create });
    ctl.abort();
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
    await expect(quick).resolves.toMatchObject({ total: [5, 1000] });
    expect(workers[0]!.terminated()).toBe(true);
    expect(workers[1]!.terminated()).toBe(false);
  });

  it('brings a pivot back, and transfers columns that share one buffer', async () => {
    const f = fakeWorker(real);
    const buffer = new ArrayBuffer(8 * 4);
    const shared: FactSet = {
      length: 4,
      // Two keys as views of one buffer: the transfer list must name it once.
      keys: { node: new Int32Array(buffer, 0, 4), item: new Int32Array(buffer, 16, 4) },
      measures: { amount: Float64Array.from([1, 2, 3, 4]) },
      kinds: { amount: 'money' },
    };
    shared.keys.node!.set([1, 1, 2, 2]);
    shared.keys.item!.set([7, 8, 7, 7]);
    const r = await aggregateFacts(shared, { groupBy: ['node'], pivot: 'item', measures: [{ op: 'sum', measure: 'amount' }] },
      { createWorker: () => f.worker });
    expect(Array.from(r.pivot!.columns)).toEqual([7, 8]);
    expect(Array.from(r.pivot!.cells[0]!)).toEqual([1, 2, 7, Number.NaN]);
    expect(Array.from(r.pivot!.columnTotals[0]!)).toEqual([8, 2]);
    expect(Array.from(r.values[0]!)).toEqual([3, 7]);
    expect(buffer.byteLength).toBe(0);
  });

  it("passes a refused query's error on and keeps the worker", async () => {
    const f = fakeWorker(real);
    const create = () => f.worker;
    await expect(aggregateFacts(facts(), { groupBy: ['customer'], measures: [] }, { createWorker: create })).rejects.toThrow(/unknown key "customer"/);
    expect(f.terminated()).toBe(false);
    await expect(aggregateFacts(facts(), query, { createWorker: create })).resolves.toMatchObject({ total: [5, 1000] });
  });

  it('without a Web Worker (Node) computes in this thread, and an abort there rejects too', async () => {
    expect(typeof Worker).toBe('undefined');
    expect((await aggregateFacts(facts(), query)).total).toEqual([5, 1000]);

    const ctl = new AbortController();
    const p = aggregateFacts(facts(400_000), query, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 0);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await expect(aggregateFacts(facts(400_000), query)).resolves.toMatchObject({ total: [2000, 400_000] });
  });
});
