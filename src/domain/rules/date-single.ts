/**
 * The single-date shortcuts of spec §9 (a date picker's "today, yesterday, 3 days ago …"), as pure functions.
 *
 * Rules (spec §9, DESIGN §8): a month is 30 days and a year 365, so "a month ago" is exactly 30 days back, "half a
 * year ago" 6 such months (180 days) and "3 years ago" 1095 days. A shortcut moves the calendar day in local time
 * and keeps the time of day, so a date-time shortcut lands on the same clock time and a day with a daylight-saving
 * change still moves by whole days.
 */

export interface SingleDateShortcut {
  /** Stable id of the shortcut. */
  key: SingleDateKey;
  /** Days back from today. */
  days: number;
  /** i18n key of its label (namespace `forms`, src/i18n/forms.ts). */
  labelKey: `forms.dates.${SingleDateKey}`;
}

export const SINGLE_DATE_KEYS = [
  'today', 'yesterday', 'days_3', 'week', 'days_15', 'month', 'months_3', 'half_year', 'year', 'years_3',
] as const;
export type SingleDateKey = (typeof SINGLE_DATE_KEYS)[number];

export const MONTH_DAYS = 30;
export const YEAR_DAYS = 365;

const DAYS: Record<SingleDateKey, number> = {
  today: 0,
  yesterday: 1,
  days_3: 3,
  week: 7,
  days_15: 15,
  month: MONTH_DAYS,
  months_3: 3 * MONTH_DAYS,
  half_year: 6 * MONTH_DAYS,
  year: YEAR_DAYS,
  years_3: 3 * YEAR_DAYS,
};

/** The shortcuts in the order the spec lists them. */
export const SINGLE_DATE_SHORTCUTS: readonly SingleDateShortcut[] = SINGLE_DATE_KEYS.map(key => ({
  key, days: DAYS[key], labelKey: `forms.dates.${key}` as const,
}));

/** `now` moved back by `days` calendar days in local time, same time of day. */
export function daysAgo(now: Date, days: number): Date {
  const d = new Date(now.getTime());
  d.setDate(d.getDate() - days);
  return d;
}

/** The moment a shortcut stands for, taken from `now`. */
export function singleDateOf(key: SingleDateKey, now: Date): Date {
  return daysAgo(now, DAYS[key]);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD` of a moment in local time (the wire format of a date field). */
export function localDateString(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight starting a `YYYY-MM-DD` day, or `plus` days later (the end of a range of days: its last day + 1). */
export function localDayStart(day: string, plus = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plus);
}

/** `YYYY-MM-DD HH:mm:ss` of a moment in local time (what a date-time picker shows and edits). */
export function localDateTimeString(d: Date): string {
  return `${localDateString(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Every shortcut with its value for a date field (`YYYY-MM-DD`) or a date-time field (`YYYY-MM-DD HH:mm:ss`). */
export function singleDatePresets(kind: 'date' | 'datetime', now: Date): { key: SingleDateKey; labelKey: string; value: string }[] {
  const fmt = kind === 'date' ? localDateString : localDateTimeString;
  return SINGLE_DATE_SHORTCUTS.map(s => ({ key: s.key, labelKey: s.labelKey, value: fmt(daysAgo(now, s.days)) }));
}
