/**
 * Day numbers — days since 1970-01-01 of the factory's calendar (a fact's local date, not its UTC instant) — and the
 * time buckets reports group them into: `week` is the ISO week (Monday to Sunday), `month` the calendar month; a
 * bucket is known by the day number of its first day (a Monday, a 1st), so buckets sort in time across years.
 */

export type TimeBucket = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

/** The day number of a calendar date (month 1–12). */
export function dayNumber(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return Math.round(d.getTime() / DAY_MS);
}

/** The calendar date of a day number (month 1–12). */
export function dateOfDay(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The Monday starting the ISO week of a day (day 0, 1970-01-01, was a Thursday). */
export function weekStart(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** The 1st of the calendar month of a day. */
export function monthStart(day: number): number {
  const { year, month } = dateOfDay(day);
  return dayNumber(year, month, 1);
}

/** The ISO year and week number of a day: the week belongs to the year of its Thursday. */
export function isoWeek(day: number): { year: number; week: number } {
  const thursday = weekStart(day) + 3;
  const year = dateOfDay(thursday).year;
  return { year, week: Math.floor((thursday - dayNumber(year, 1, 1)) / 7) + 1 };
}

/** The first day of the bucket a day falls in (the day itself for `day`). */
export function bucketOf(bucket: TimeBucket, day: number): number {
  return bucket === 'week' ? weekStart(day) : bucket === 'month' ? monthStart(day) : day;
}
