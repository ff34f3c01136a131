import { describe, expect, it } from 'vitest';
import {
  daysAgo, localDateString, localDateTimeString, SINGLE_DATE_KEYS, SINGLE_DATE_SHORTCUTS, singleDateOf, singleDatePresets,
} from './date-single';

// Local times throughout: the shortcuts move calendar days of the user's clock.
const now = new Date(2024, 2, 15, 9, 30, 5); // 2024-03-15 09:30:05 local

describe('single-date shortcuts (spec §9)', () => {
  it('are the ten of the spec, in its order, each with a forms.dates label key', () => {
    expect(SINGLE_DATE_SHORTCUTS.map(s => s.key)).toEqual([...SINGLE_DATE_KEYS]);
    expect(SINGLE_DATE_SHORTCUTS.map(s => s.days)).toEqual([0, 1, 3, 7, 15, 30, 90, 180, 365, 1095]);
    expect(SINGLE_DATE_SHORTCUTS.every(s => s.labelKey === `forms.dates.${s.key}`)).toBe(true);
  });

  it('count a month as 30 days and a year as 365', () => {
    expect(localDateString(singleDateOf('month', now))).toBe('2024-02-14');
    expect(localDateString(singleDateOf('year', now))).toBe('2023-03-16'); // 2024 is a leap year: 365 days back
    expect(localDateString(singleDateOf('years_3', now))).toBe('2021-03-16');
    expect(localDateString(singleDateOf('half_year', now))).toBe('2023-09-17');
  });

  it('move whole calendar days and keep the time of day', () => {
    const d = singleDateOf('week', now);
    expect(localDateTimeString(d)).toBe('2024-03-08 09:30:05');
    expect(localDateTimeString(singleDateOf('today', now))).toBe('2024-03-15 09:30:05');
    expect(localDateString(singleDateOf('yesterday', new Date(2024, 0, 1, 0, 0, 0)))).toBe('2023-12-31');
    expect(localDateString(daysAgo(new Date(2024, 2, 1), 1))).toBe('2024-02-29');
  });

  it('do not change the moment they start from', () => {
    const t = now.getTime();
    singleDateOf('days_15', now);
    expect(now.getTime()).toBe(t);
  });

  it('give ready values for date and date-time pickers', () => {
    const dates = singleDatePresets('date', now);
    expect(dates[0]).toEqual({ key: 'today', labelKey: 'forms.dates.today', value: '2024-03-15' });
    expect(dates[2]!.value).toBe('2024-03-12');
    const times = singleDatePresets('datetime', now);
    expect(times[1]!.value).toBe('2024-03-14 09:30:05');
    expect(times).toHaveLength(10);
  });

  it('pad years, months and days', () => {
    expect(localDateTimeString(new Date(987, 0, 2, 3, 4, 5))).toBe('0987-01-02 03:04:05');
  });
});
