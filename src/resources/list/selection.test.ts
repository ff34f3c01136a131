import { describe, expect, it } from 'vitest';
import { selectionIn } from './selection';

describe('selectionIn', () => {
  it('drops the ids of rows no longer listed and keeps the same set when none is gone', () => {
    const picked = new Set([1, 2, 3]);
    expect([...selectionIn(picked, [{ id: 1 }, { id: 3 }])]).toEqual([1, 3]);
    expect(selectionIn(picked, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }])).toBe(picked);
    expect(selectionIn(picked, []).size).toBe(0);
  });
});
