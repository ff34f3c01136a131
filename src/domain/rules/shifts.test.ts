import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIFT_HOURS, parseShiftHours, shiftHoursOf, shiftWindow } from './shifts';

/** Shift hours (docs/scheduling.md, duty logs): the config's text, its fallbacks, and the window of a shift. */

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('parseShiftHours', () => {
  it('reads HH:MM-HH:MM as minutes after midnight', () => {
    expect(parseShiftHours('08:00-20:00')).toEqual({ start: 480, end: 1200 });
    expect(parseShiftHours(' 7:30 - 19:45 ')).toEqual({ start: 450, end: 1185 });
    expect(parseShiftHours('20:00-08:00')).toEqual({ start: 1200, end: 480 });
    expect(parseShiftHours('00:00-23:59')).toEqual({ start: 0, end: 1439 });
  });

  it('refuses what is not a time range', () => {
    for (const bad of ['24:00-08:00', '08:60-20:00', '8-20', '08:00', '08:00-08:00', '', 'day', null, undefined, 480, {}]) {
      expect(parseShiftHours(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('shiftHoursOf', () => {
  const defaults = { day: { start: 480, end: 1200 }, night: { start: 1200, end: 480 } };

  it('defaults without a config, or with one that cannot be read', () => {
    for (const stored of [null, undefined, '', 'not json', '[]', '"08:00-20:00"', '42', 'null']) {
      expect(shiftHoursOf(stored), String(stored)).toEqual(defaults);
    }
    expect(shiftHoursOf(JSON.stringify(DEFAULT_SHIFT_HOURS))).toEqual(defaults);
  });

  it('takes each usable shift and falls back per shift', () => {
    expect(shiftHoursOf('{"day":"07:00-19:00","night":"19:00-07:00"}'))
      .toEqual({ day: { start: 420, end: 1140 }, night: { start: 1140, end: 420 } });
    expect(shiftHoursOf('{"day":"07:00-19:00","night":"25:00-07:00"}'))
      .toEqual({ day: { start: 420, end: 1140 }, night: defaults.night });
    expect(shiftHoursOf('{"night":"22:00-06:00"}')).toEqual({ day: defaults.day, night: { start: 1320, end: 360 } });
    expect(shiftHoursOf('{"day":5,"night":null}')).toEqual(defaults);
  });
});

describe('shiftWindow', () => {
  const hours = shiftHoursOf(null);

  it('the day shift is that day, local time', () => {
    expect(shiftWindow('2031-03-03', 'day', hours)).toEqual([local(2031, 3, 3, 8), local(2031, 3, 3, 20)]);
  });

  it('the night shift runs past midnight into the next day, and belongs to the day it starts', () => {
    expect(shiftWindow('2031-03-03', 'night', hours)).toEqual([local(2031, 3, 3, 20), local(2031, 3, 4, 8)]);
    // Across the end of a month and a year.
    expect(shiftWindow('2031-02-28', 'night', hours)).toEqual([local(2031, 2, 28, 20), local(2031, 3, 1, 8)]);
    expect(shiftWindow('2031-12-31', 'night', hours)).toEqual([local(2031, 12, 31, 20), local(2032, 1, 1, 8)]);
  });

  it('an end before or at the start is the next day, whatever the hours', () => {
    const custom = shiftHoursOf('{"day":"06:30-18:30","night":"18:30-06:30"}');
    expect(shiftWindow('2031-03-03', 'day', custom)).toEqual([local(2031, 3, 3, 6, 30), local(2031, 3, 3, 18, 30)]);
    expect(shiftWindow('2031-03-03', 'night', custom)).toEqual([local(2031, 3, 3, 18, 30), local(2031, 3, 4, 6, 30)]);
    // A night shift set entirely after midnight stays on the day named.
    const late = shiftHoursOf('{"night":"00:00-08:00"}');
    expect(shiftWindow('2031-03-03', 'night', late)).toEqual([local(2031, 3, 3, 0), local(2031, 3, 3, 8)]);
  });

  it('a bad config value uses the default hours of that shift', () => {
    const bad = shiftHoursOf('{"day":"8 to 20","night":"20:00-08:00"}');
    expect(shiftWindow('2031-03-03', 'day', bad)).toEqual([local(2031, 3, 3, 8), local(2031, 3, 3, 20)]);
  });
});
