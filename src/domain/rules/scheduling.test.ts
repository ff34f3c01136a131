import { describe, expect, it } from 'vitest';
import { queueLoad, stepHours, takesNewCards } from './scheduling';

/** Scheduling rules (docs/scheduling.md): which machines take cards, a step's hours, a queue's load. */

describe('takesNewCards', () => {
  it('refuses machines in fault or maintenance only', () => {
    expect(['running', 'idle', 'off', '', null, undefined].map(takesNewCards)).toEqual([true, true, true, true, true, true]);
    expect(takesNewCards('fault')).toBe(false);
    expect(takesNewCards('maintenance')).toBe(false);
  });
});

describe('stepHours', () => {
  it('is what is left divided by the output per hour, at 2 decimals', () => {
    expect(stepHours(100, 40)).toBe(2.5);
    expect(stepHours(100, 30)).toBe(3.33);
    expect(stepHours(1, 300)).toBe(0); // 0.0033 h
    expect(stepHours(2, 400)).toBe(0.01); // 0.005 h rounds up
    expect(stepHours(0, 40)).toBe(0);
  });

  it('counts nothing left for a negative remainder', () => {
    expect(stepHours(-5, 10)).toBe(0);
  });

  it('has no hours without a usable rate', () => {
    for (const rate of [null, undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(stepHours(100, rate), String(rate)).toBeNull();
    }
  });
});

describe('queueLoad', () => {
  it('adds the hours, counts the unrated, and compares with daily hours × days', () => {
    expect(queueLoad([2.5, null, 3.33, 0.1, null], 8, 1))
      .toEqual({ load_hours: 5.93, unrated: 2, capacity_hours: 8, overloaded: false });
    expect(queueLoad([2.5, 3.33, 0.1, 2.2], 8, 1)).toEqual({ load_hours: 8.13, unrated: 0, capacity_hours: 8, overloaded: true });
    expect(queueLoad([2.5, 3.33, 0.1, 2.2], 8, 3)).toMatchObject({ capacity_hours: 24, overloaded: false });
  });

  it('adds hundredths exactly (0.1 + 0.2 is 0.3)', () => {
    expect(queueLoad([0.1, 0.2], 0.3, 1)).toEqual({ load_hours: 0.3, unrated: 0, capacity_hours: 0.3, overloaded: false });
  });

  it('a load equal to the capacity is not overloaded; a machine without hours has no capacity and never is', () => {
    expect(queueLoad([4, 4], 8, 1).overloaded).toBe(false);
    expect(queueLoad([400], null, 7)).toEqual({ load_hours: 400, unrated: 0, capacity_hours: null, overloaded: false });
    expect(queueLoad([400], undefined, 7).overloaded).toBe(false);
    expect(queueLoad([0.01], 0, 1)).toMatchObject({ capacity_hours: 0, overloaded: true });
  });

  it('an empty queue has no load', () => {
    expect(queueLoad([], 7.5, 2)).toEqual({ load_hours: 0, unrated: 0, capacity_hours: 15, overloaded: false });
  });
});
