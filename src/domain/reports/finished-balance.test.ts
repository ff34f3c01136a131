import { describe, expect, it } from 'vitest';
import { aggregate, type FactSet } from '../rules/aggregate';
import { withFinishedOpening } from './finished-balance';

const set = (keys: Record<string, number[]>, measures: Record<string, number[]>): FactSet => ({
  length: Object.values(keys)[0]!.length,
  keys: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, Int32Array.from(v)])),
  measures: Object.fromEntries(Object.entries(measures).map(([k, v]) => [k, Float64Array.from(v)])),
  kinds: Object.fromEntries(Object.keys(measures).map(k => [k, k === 'inspections' || k === 'checkins' ? 'count' as const : 'quantity' as const])),
});

describe('the finished-goods summary\'s join', () => {
  it('closes at the opening plus every movement, per group; carries the range\'s figures; leaves out what the facts hid', () => {
    // Card 1 of customer 7: 30 on hand at the start; in the range 20 checked in, 25 delivered, an inspection of 18.
    const opening = set({ day: [100, 100], customer: [7, 8], card: [1, 2], warehouse: [3, 3] }, { stock: [30, 5] });
    const moves = set({ day: [100, 101, 101], customer: [7, 7, 7], card: [1, 1, 1], warehouse: [3, 3, 0], person: [4, 4, 9] }, {
      inspections: [0, 0, 1], inspected: [0, 0, 18], bad: [0, 0, 2], checkins: [1, 0, 0], checked_in: [20, 0, 0],
      delivered: [0, 25, 0], stock: [20, -25, 0],
    });
    const joined = withFinishedOpening(moves, opening);
    expect(joined.length).toBe(5);
    const names = ['opening', 'checked_in', 'delivered', 'inspected', 'closing'];
    const r = aggregate(joined, { groupBy: ['customer'], measures: names.map(m => ({ op: 'sum', measure: m })) });
    expect([r.keys[0]![0], ...r.values.map(v => v[0])]).toEqual([7, 30, 20, 25, 18, 25]);
    expect([r.keys[0]![1], ...r.values.map(v => v[1])]).toEqual([8, 5, 0, 0, 0, 5]);
    // The opening has no person: 0.
    expect(Array.from(joined.keys.person!)).toEqual([0, 0, 4, 4, 9]);
    const hidden = withFinishedOpening(set({ day: [1] }, { checked_in: [1], stock: [1] }), set({ day: [1] }, { stock: [2] }));
    expect(Object.keys(hidden.measures).sort()).toEqual(['checked_in', 'closing', 'opening']);
  });
});
