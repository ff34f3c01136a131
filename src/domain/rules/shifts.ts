/**
 * Shifts of the plant (班次). Two shifts, day and night; their hours are the config `shift_hours`
 * (`{"day":"08:00-20:00","night":"20:00-08:00"}`, plant time = the server's local time). Rules:
 * - A shift runs from its start to its end, the end excluded; an end at or before the start is on the next day (the
 *   night shift of the 3rd runs from the 3rd 20:00 to the 4th 08:00 and belongs to the 3rd).
 * - An hour text that cannot be read falls back to the default of its shift, so a bad setting never stops a count.
 */
export const SHIFTS = ['day', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Minutes after midnight of a shift's start and end. */
export interface ShiftHours { start: number; end: number }

export const DEFAULT_SHIFT_HOURS: Readonly<Record<Shift, string>> = { day: '08:00-20:00', night: '20:00-08:00' };

/** `HH:MM-HH:MM` (24 h clock), as the config holds it. */
export const SHIFT_HOURS_PATTERN = /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/;

export function parseShiftHours(text: unknown): ShiftHours | undefined {
  const m = typeof text === 'string' ? SHIFT_HOURS_PATTERN.exec(text) : null;
  if (!m) return undefined;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return start === end ? undefined : { start, end };
}

/** The hours of every shift from the config's stored text (JSON map), defaults where it says nothing usable. */
export function shiftHoursOf(stored: string | null | undefined): Record<Shift, ShiftHours> {
  let map: Record<string, unknown> = {};
  try {
    const v = stored ? JSON.parse(stored) as unknown : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) map = v as Record<string, unknown>;
  } catch { /* unreadable: defaults */ }
  const out = {} as Record<Shift, ShiftHours>;
  for (const s of SHIFTS) out[s] = parseShiftHours(map[s]) ?? parseShiftHours(DEFAULT_SHIFT_HOURS[s])!;
  return out;
}

/** Midnight (local) of a `YYYY-MM-DD` day. */
function localMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The moment `minutes` after the local midnight of `day` (Date arithmetic keeps daylight-saving days right). */
function at(day: string, minutes: number): Date {
  const d = localMidnight(day);
  d.setMinutes(minutes);
  return d;
}

/** The local window [start, end) of a shift on a duty date. */
export function shiftWindow(day: string, shift: Shift, hours: Record<Shift, ShiftHours>): [Date, Date] {
  const h = hours[shift];
  return [at(day, h.start), at(day, h.end <= h.start ? h.end + 24 * 60 : h.end)];
}
