import { describe, expect, it } from 'vitest';
import { groupByNote } from './bill-groups';

describe('groupByNote', () => {
  it('groups lines by delivery note in the order the notes first come, with exact subtotals', () => {
    const groups = groupByNote([
      { id: 1, delivery_id: 7, amount: 175, adjustment: 0 },
      { id: 2, delivery_id: 7, amount: 133.3332, adjustment: -8.3332 },
      { id: 3, delivery_id: 5, amount: 0.1, adjustment: 0.2 },
      { id: 4, delivery_id: 7, amount: null, adjustment: null },
    ]);
    expect(groups.map(g => g.delivery_id)).toEqual([7, 5]);
    expect(groups[0]!.lines.map(l => l.id)).toEqual([1, 2, 4]);
    expect(groups[0]).toMatchObject({ amount: 308.3332, adjustment: -8.3332, total: 300 });
    // 0.1 + 0.2 on whole units: exactly 0.3.
    expect(groups[1]).toMatchObject({ amount: 0.1, adjustment: 0.2, total: 0.3 });
  });

  it('keeps the lines typed by hand in one group of their own', () => {
    const groups = groupByNote([{ delivery_id: null, amount: -50, adjustment: 0 }, { delivery_id: null, amount: 20, adjustment: 0 }]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ delivery_id: null, amount: -30, total: -30 });
  });

  it('has no group for no line', () => {
    expect(groupByNote([])).toEqual([]);
  });
});
