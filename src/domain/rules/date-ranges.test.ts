import { describe, expect, it } from 'vitest';
import { DATE_RANGE_KEYS, DATE_RANGE_SHORTCUTS, dateRangeOf, dateRangeStrings, endOfDay, startOfDay } from './date-ranges';
import { localDateTimeString } from './date-single';

// Local times throughout: the shortcuts cover calendar days of the user's clock.
const now = new Date(2024, 2, 15, 9, 30, 5); // 2024-03-15 09:30:05 local
const days = (key: (typeof DATE_RANGE_KEYS)[number]) => dateRangeStrings(dateRangeOf(key, now));

describe('date-range shortcuts (spec §9)', () => {
  it('are the nine of the spec, in its order, each with a grid.ranges label key', () => {
    expect(DATE_RANGE_SHORTCUTS.map(s => s.key)).toEqual([
      'today', 'yesterday', 'days_3', 'week', 'month', 'months_3', 'half_year', 'year', 'years_3',
    ]);
    expect(DATE_RANGE_SHORTCUTS.every(s => s.labelKey === `grid.ranges.${s.key}`)).toBe(true);
  });

  it('cover whole local days', () => {
    const [from, to] = dateRangeOf('today', now);
    expect(localDateTimeString(from)).toBe('2024-03-15 00:00:00');
    expect(localDateTimeString(to)).toBe('2024-03-15 23:59:59');
    expect(to.getMilliseconds()).toBe(999);
    expect(days('yesterday')).toEqual(['2024-03-14', '2024-03-14']);
    expect(days('days_3')).toEqual(['2024-03-12', '2024-03-15']);
    expect(days('week')).toEqual(['2024-03-08', '2024-03-15']);
  });

  it('count a month as 30 days and a year as 365', () => {
    expect(days('month')).toEqual(['2024-02-14', '2024-03-15']);
    expect(days('months_3')).toEqual(['2023-12-16', '2024-03-15']);
    expect(days('half_year')).toEqual(['2023-09-17', '2024-03-15']);
    expect(days('year')).toEqual(['2023-03-16', '2024-03-15']); // 2024 is a leap year: 365 days back
    expect(days('years_3')).toEqual(['2021-03-16', '2024-03-15']);
  });

  it('cross month and year ends', () => {
    const jan1 = new Date(2024, 0, 1, 0, 0, 1);
    expect(dateRangeStrings(dateRangeOf('yesterday', jan1))).toEqual(['2023-12-31', '2023-12-31']);
    expect(dateRangeStrings(dateRangeOf('week', jan1))).toEqual(['2023-12-25', '2024-01-01']);
  });

  it('do not change the moment they start from', () => {
    const t = now.getTime();
    for (const s of DATE_RANGE_SHORTCUTS) s.range(now);
    expect(now.getTime()).toBe(t);
    expect(startOfDay(now).getTime()).toBeLessThan(t);
    expect(endOfDay(now).getTime()).toBeGreaterThan(t);
  });
});
