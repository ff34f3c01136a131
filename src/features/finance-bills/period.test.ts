import { describe, expect, it } from 'vitest';
import { monthOf } from './period';

describe('monthOf', () => {
  it('is the first and last day of the month, February and December included', () => {
    expect(monthOf(new Date(2024, 1, 15))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthOf(new Date(2026, 11, 31))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
