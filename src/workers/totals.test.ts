import { describe, expect, it } from 'vitest';
import { computeTotals } from './totals';

describe('computeTotals', () => {
  it('totals each column by its rule, in order (in this thread where there is no Worker)', async () => {
    expect(typeof Worker).toBe('undefined');
    const totals = await computeTotals([
      { kind: 'money', values: new Float64Array([0.005, 0.005, 0.005]) },
      { kind: 'quantity', values: new Float64Array([1.111, Number.NaN, 2.222]) },
      { kind: 'int', values: new Float64Array([1, 2, 3]) },
    ]);
    expect(totals).toEqual([0.02, 3.33, 6]);
  });

  it('answers an empty list without starting anything', async () => {
    expect(await computeTotals([])).toEqual([]);
  });
});
