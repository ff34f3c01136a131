import type { PersonPlan } from './org';
import { Rng } from './random';
import { ref, type SeedRow } from './seeder';

/**
 * A month of attendance (考勤) for the demo staff: the 30 days before the seeding day, as the kiosks would have
 * recorded it. Rules of the story:
 * - Production workers (生产工人) work twelve-hour shifts, Monday to Saturday, in two crews: day 08:00–20:00 and night
 *   20:00–08:00; the crews swap every Monday. Workshop heads, inspectors and warehouse clerks work 08:00–17:30,
 *   Monday to Saturday; the offices (生产部, 销售部, 财务部, 行政部) 08:30–17:30, Monday to Friday.
 * - Everyone swipes in a few minutes before the shift and out a little after it, at the kiosk of their workshop (the
 *   offices at the office building's time clock). A few days someone is late, a few days someone is absent (no
 *   swipe), and now and then someone forgets to swipe out and the office enters it by hand.
 * - Deterministic for a given seeding day (one seeded stream, fixed order), and nothing later than `now`.
 * Times are the server's local time, like the maintenance plans' dates.
 */

type Shift = 'day' | 'night' | 'workshop' | 'office';

/** Shift hours as [start, end] in minutes from the day's midnight; an end past 24 h falls on the next day. */
const HOURS: Readonly<Record<Shift, readonly [number, number]>> = {
  day: [8 * 60, 20 * 60],
  night: [20 * 60, 32 * 60],
  workshop: [8 * 60, 17 * 60 + 30],
  office: [8 * 60 + 30, 17 * 60 + 30],
};

const OFFICES = new Set(['生产部', '销售部', '财务部', '行政部']);

/** The kiosk each department swipes at (server/seed/plant.ts COMPUTERS); the offices use the door clock. */
const KIOSK_OF: Readonly<Record<string, string>> = {
  瓦线车间: 'KIOSK-01', 印刷车间: 'KIOSK-02', 模切车间: 'KIOSK-03', 糊箱车间: 'KIOSK-04', 质检部: 'KIOSK-05',
  仓储部: 'KIOSK-06',
};
const OFFICE_CLOCK = 'KIOSK-07';

/** Days of attendance the demo holds. */
export const ATTENDANCE_DAYS = 30;

const LATE = 0.03;
const ABSENT = 0.02;
const FORGOT_OUT = 0.015;

function shiftOf(p: PersonPlan, crew: number, weekIndex: number): Shift {
  if (OFFICES.has(p.department)) return 'office';
  if (p.category !== '生产工人') return 'workshop';
  return (crew + weekIndex) % 2 === 0 ? 'day' : 'night';
}

export function attendanceRows(plans: readonly PersonPlan[], now: Date = new Date()): SeedRow[] {
  const rng = Rng.for('checkins');
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ATTENDANCE_DAYS);
  const out: SeedRow[] = [];
  for (let d = 0; d < ATTENDANCE_DAYS; d++) {
    const day = new Date(first.getFullYear(), first.getMonth(), first.getDate() + d);
    const weekday = day.getDay(); // 0 = Sunday
    // Weeks counted from the first day's Monday, so crews swap on Mondays.
    const weekIndex = Math.floor((d + ((first.getDay() + 6) % 7)) / 7);
    plans.forEach((p, i) => {
      const shift = shiftOf(p, i % 2, weekIndex);
      if (weekday === 0 || (shift === 'office' && weekday === 6)) return;
      // Every person-day draws the same number of values, so one person's absence never shifts another's times.
      const absent = rng.chance(ABSENT);
      const late = rng.chance(LATE);
      const forgot = rng.chance(FORGOT_OUT);
      const early = rng.int(3, 20);
      const lateBy = rng.int(6, 45);
      const after = rng.int(0, 25);
      const secondsIn = rng.int(0, 59);
      const secondsOut = rng.int(0, 59);
      if (absent) return;
      const [start, end] = HOURS[shift];
      const at = (minutes: number, seconds = 0) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes, seconds);
      const kiosk = ref('computers', KIOSK_OF[p.department] ?? OFFICE_CLOCK);
      const person = ref('persons', p.code);
      const swipeIn = at(late ? start + lateBy : start - early, secondsIn);
      const swipeOut = forgot ? at(end) : at(end + after, secondsOut);
      if (swipeIn <= now) {
        out.push({ person_id: person, at: swipeIn.toISOString(), direction: 'in', source: 'card', computer_id: kiosk,
          remark: late ? `迟到 ${lateBy} 分钟` : null });
      }
      if (swipeOut <= now) {
        out.push(forgot
          ? { person_id: person, at: swipeOut.toISOString(), direction: 'out', source: 'manual', computer_id: null,
            remark: '忘记刷卡，主管确认后补录' }
          : { person_id: person, at: swipeOut.toISOString(), direction: 'out', source: 'card', computer_id: kiosk, remark: null });
      }
    });
  }
  return out;
}
