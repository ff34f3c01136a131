import { daysAgo, localDateString, MONTH_DAYS, YEAR_DAYS } from './date-single';

/**
 * The date-range shortcuts of spec §9 (a range picker's "today, yesterday, last 3 days … last 3 years"), as pure
 * functions of the current moment. The single-date shortcuts live in date-single.ts.
 *
 * Rules (spec §9, DESIGN §8): a month is 30 days and a year 365 (half a year: 180 days). A range covers whole local
 * calendar days: it starts at 00:00:00.000 of its first day and ends at 23:59:59.999 of its last. "Last N days" ends
 * today and starts N calendar days back (the original's `now − N × 24 h`, widened to whole days, so a date column
 * filtered by it keeps the rows of its first day). Today and yesterday are that one day.
 */

export const DATE_RANGE_KEYS = [
  'today', 'yesterday', 'days_3', 'week', 'month', 'months_3', 'half_year', 'year', 'years_3',
] as const;
export type DateRangeKey = (typeof DATE_RANGE_KEYS)[number];

/** A closed interval of moments: `[from, to]`, both included. */
export type DateRange = readonly [from: Date, to: Date];

export interface DateRangeShortcut {
  key: DateRangeKey;
  /** i18n key of its label (namespace `grid`, src/i18n/grid.ts). */
  labelKey: `grid.ranges.${DateRangeKey}`;
  range: (now: Date) => DateRange;
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
}

export function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
}

/** The whole days from `days` back up to the end of today. */
export function lastDays(now: Date, days: number): DateRange {
  return [startOfDay(daysAgo(now, days)), endOfDay(now)];
}

/** The one whole day `days` back. */
function dayOf(now: Date, days: number): DateRange {
  const d = daysAgo(now, days);
  return [startOfDay(d), endOfDay(d)];
}

const RANGES: Record<DateRangeKey, (now: Date) => DateRange> = {
  today: now => dayOf(now, 0),
  yesterday: now => dayOf(now, 1),
  days_3: now => lastDays(now, 3),
  week: now => lastDays(now, 7),
  month: now => lastDays(now, MONTH_DAYS),
  months_3: now => lastDays(now, 3 * MONTH_DAYS),
  half_year: now => lastDays(now, 6 * MONTH_DAYS),
  year: now => lastDays(now, YEAR_DAYS),
  years_3: now => lastDays(now, 3 * YEAR_DAYS),
};

/** The shortcuts in the order the spec lists them. */
export const DATE_RANGE_SHORTCUTS: readonly DateRangeShortcut[] = DATE_RANGE_KEYS.map(key => ({
  key, labelKey: `grid.ranges.${key}` as const, range: RANGES[key],
}));

export function dateRangeOf(key: DateRangeKey, now: Date): DateRange {
  return RANGES[key](now);
}

/** A range as the `YYYY-MM-DD` strings of its first and last local day (what a date-range picker holds). */
export function dateRangeStrings(range: DateRange): [from: string, to: string] {
  return [localDateString(range[0]), localDateString(range[1])];
}
