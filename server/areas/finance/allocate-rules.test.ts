import { describe, expect, it } from 'vitest';
import { fifo } from './allocate';
import { bucketOf } from './balances';

/** The pure rules of allocating and aging (docs/finance.md "allocations", "Balances and aging"). */
describe('automatic allocation (先开先结)', () => {
  const bill = (id: number, date: string, show_id: string, total: string, allocated = '0') => ({ id, date, show_id, total, allocated });

  it('fills the oldest bills first, by date then number, each up to what it owes, as far as the money goes', () => {
    const bills = [bill(3, '2026-03-01', 'DZ3', '100'), bill(1, '2026-02-01', 'DZ2', '100', '40'), bill(2, '2026-02-01', 'DZ1', '50')];
    // 0.0001 units: 120.0001 → DZ1 50, DZ2 60 (its outstanding), DZ3 10.0001.
    expect([...fifo(bills, 1_200_001)]).toEqual([[2, 500_000], [1, 600_000], [3, 100_001]]);
    expect([...fifo(bills, 300_000)]).toEqual([[2, 300_000]]);
    expect(fifo(bills, 0).size).toBe(0);
  });

  it('passes over bills paid in full', () => {
    expect([...fifo([bill(1, '2026-01-01', 'A', '10', '10'), bill(2, '2026-01-02', 'B', '10')], 50_000)]).toEqual([[2, 50_000]]);
  });
});

describe('aging buckets', () => {
  it('count days from the bill\'s date: 0–30, 31–60, 61–90, over 90', () => {
    expect([-3, 0, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual(['age_0_30', 'age_0_30', 'age_0_30', 'age_31_60', 'age_31_60',
      'age_61_90', 'age_61_90', 'age_over_90', 'age_over_90']);
  });
});
