import { describe, expect, it } from 'vitest';
import { aggregate, type FactSet } from '../rules/aggregate';
import { blankBalances, carryBalances, STOCK_MEASURES, withOpening } from './stock-balance';

const D = 20_000; // the range's first day

/** Facts as columns from rows of the given keys and measures. */
function set(rows: Record<string, number>[], keys: string[], measures: Record<string, 'quantity' | 'money'>): FactSet {
  return {
    length: rows.length,
    keys: Object.fromEntries(keys.map(k => [k, Int32Array.from(rows.map(r => r[k] ?? 0))])),
    measures: Object.fromEntries(Object.keys(measures).map(m => [m, Float64Array.from(rows.map(r => r[m] ?? Number.NaN))])),
    kinds: measures,
  };
}

const OPEN_KEYS = ['day', 'item', 'warehouse', 'position', 'card'];
const MOVE_KEYS = [...OPEN_KEYS, 'doc'];
// Item 1 in warehouse 7: 10 at 2.50 before the range, then in 5 (at 3), out 12, in 4; item 2: nothing before, in 3.
const opening = set([{ day: D, item: 1, warehouse: 7, quantity: 10, value: 25 }], OPEN_KEYS, { quantity: 'quantity', value: 'money' });
const moves = set([
  { day: D, item: 1, warehouse: 7, doc: 100, received: 5, issued: 0, value_received: 15, value_issued: 0 },
  { day: D + 1, item: 1, warehouse: 7, doc: 101, received: 0, issued: 12, value_received: 0, value_issued: 32.1234 },
  { day: D + 3, item: 1, warehouse: 7, doc: 102, received: 4, issued: 0, value_received: 10.0001, value_issued: 0 },
  { day: D + 3, item: 2, warehouse: 7, doc: 102, received: 3, issued: 0, value_received: 6, value_issued: 0 },
], MOVE_KEYS, { received: 'quantity', issued: 'quantity', value_received: 'money', value_issued: 'money' });

const MEASURES = Object.keys(STOCK_MEASURES);
const sums = (s: FactSet, groupBy: string[]) => aggregate(s, { groupBy, measures: MEASURES.map(m => ({ op: 'sum' as const, measure: m })) });

describe('the stock report\'s facts', () => {
  it('sum to opening, in, out and closing per item, closing = opening + in − out, value to the cent', () => {
    const r = sums(withOpening(moves, opening), ['item']);
    const row = (i: number) => Object.fromEntries(MEASURES.map((m, k) => [m, r.values[k]![i]]));
    expect(row(0)).toEqual({ opening: 10, received: 9, issued: 12, closing: 7, opening_value: 25, value_received: 25, value_issued: 32.12,
      closing_value: 17.88 });
    expect(row(1)).toEqual({ opening: 0, received: 3, issued: 0, closing: 3, opening_value: 0, value_received: 6, value_issued: 0,
      closing_value: 6 });
    expect(r.total).toEqual([10, 12, 12, 10, 25, 31, 32.12, 23.88]);
  });

  it('an item with stock before the range and no movement in it keeps its opening as its closing', () => {
    const r = sums(withOpening(set([], MOVE_KEYS, {}), opening), ['item']);
    expect(r.rows).toBe(1);
    expect([r.values[0]![0], r.values[3]![0], r.values[4]![0], r.values[7]![0]]).toEqual([10, 10, 25, 25]);
  });

  it('carries balances across days: each day opens at the day before\'s closing', () => {
    const r = sums(withOpening(moves, opening), ['day']);
    const rows = Array.from({ length: r.rows }, (_, i) => ({ id: r.keys[0]![i]!, values: r.values.map(v => v[i]!) }));
    const carried = carryBalances(rows, MEASURES);
    expect(carried.map(x => [x.id - D, x.values[0], x.values[1], x.values[2], x.values[3]])).toEqual([
      [0, 10, 5, 0, 15], [1, 15, 0, 12, 3], [3, 3, 7, 0, 10],
    ]);
    expect(carried.map(x => [x.values[4], x.values[7]])).toEqual([[25, 40], [40, 7.88], [7.88, 23.88]]);
    // The last day closes at the range's closing.
    expect(carried[2]!.values[3]).toBe(r.total[3]);
  });

  it('a document has in and out but no balance; the opening is not a document', () => {
    const r = sums(withOpening(moves, opening), ['doc']);
    const rows = Array.from({ length: r.rows }, (_, i) => ({ id: r.keys[0]![i]!, values: r.values.map(v => v[i]!) }));
    const shown = blankBalances(rows, MEASURES);
    expect(shown.map(x => x.id)).toEqual([100, 101, 102]);
    for (const x of shown) for (const i of [0, 3, 4, 7]) expect(x.values[i]).toBeNaN();
    expect(shown[2]!.values[1]).toBe(7);
  });
});
