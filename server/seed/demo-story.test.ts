import { describe, expect, it } from 'vitest';
import { checkStored, configTypeOf } from '../../src/domain/rules/config-types';
import { ATTENDANCE_DAYS, attendanceRows } from './attendance';
import { configRows } from './demo';
import { personPlans } from './org';
import { maintenanceRows } from './plant';
import { Ref } from './seeder';

/** The demo data tells a true story (issue 15 §8), checked on the rows the seed writes. */
const plans = personPlans();
const now = new Date(2026, 2, 18, 10, 30); // a Wednesday morning
const dayOf = (iso: string) => { const d = new Date(iso); return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`; };

describe('the demo seed', () => {
  it('gives every maintenance plan a person in charge who exists', () => {
    const codes = new Set(plans.map(p => p.code));
    for (const row of maintenanceRows(plans, now)) {
      expect(row.person_id).toBeInstanceOf(Ref);
      expect(codes.has((row.person_id as Ref).key)).toBe(true);
    }
  });

  it('holds a month of attendance for the staff: shifts, some late, some absent, nothing in the future', () => {
    const rows = attendanceRows(plans, now);
    const ats = rows.map(r => new Date(r.at as string).getTime());
    const first = Math.min(...ats);
    const last = Math.max(...ats);
    expect(last).toBeLessThanOrEqual(now.getTime());
    expect((last - first) / 86_400_000).toBeGreaterThanOrEqual(ATTENDANCE_DAYS - 2);
    expect(new Set(rows.map(r => dayOf(r.at as string))).size).toBeGreaterThanOrEqual(25);
    // Everyone swipes, most working days.
    const people = new Map<string, number>();
    for (const r of rows) if (r.direction === 'in') people.set((r.person_id as Ref).key, (people.get((r.person_id as Ref).key) ?? 0) + 1);
    expect(people.size).toBe(plans.length);
    for (const n of people.values()) expect(n).toBeGreaterThanOrEqual(15);
    // Night shifts, late arrivals, forgotten swipes entered by hand, and absences (fewer ins than working days).
    expect(rows.some(r => r.direction === 'in' && new Date(r.at as string).getHours() >= 19)).toBe(true);
    expect(rows.filter(r => typeof r.remark === 'string' && r.remark.startsWith('迟到')).length).toBeGreaterThan(3);
    expect(rows.some(r => r.source === 'manual')).toBe(true);
    const office = plans.find(p => p.department === '财务部')!;
    const officeIns = rows.filter(r => r.direction === 'in' && (r.person_id as Ref).key === office.code);
    expect(officeIns.every(r => ![0, 6].includes(new Date(r.at as string).getDay()))).toBe(true);
    // Deterministic for a seeding day.
    expect(attendanceRows(plans, now)).toEqual(rows);
  });

  it('stores every config whose type is known as a value of that type', () => {
    for (const c of configRows()) {
      const type = configTypeOf(c.name);
      expect(type, String(c.name)).toBeDefined();
      expect(checkStored(type!, c.values as string).ok, String(c.name)).toBe(true);
    }
  });
});
