import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

describe('RowSlots', () => {
  it('keeps the slots of indexes that stay and hands freed slots to entering ones', () => {
    const pool = new RowSlots();
    expect(pool.assign([0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
    expect(pool.assign([1, 2, 3, 4])).toEqual([1, 2, 3, 0]); // 4 takes the slot 0 left
    const far = pool.assign([100, 101, 102, 103]);
    expect(new Set(far)).toEqual(new Set([0, 1, 2, 3])); // a jump reuses every node
    expect(pool.assign([100, 101, 102, 103, 104])).toEqual([...far, 4]); // one more row: one new slot
  });
});
