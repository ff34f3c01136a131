import { describe, expect, it } from 'vitest';
import type { ReportFactsReply } from '../contract/report-facts';
import { DaySplitter, joinDays } from './fact-set';

/** A fact of the `taps` source (keys: day, person, worknode, computer, card; measures: good, bad, rejected). */
interface Tap { id: number; day: number; person: number; good: number | null }

/** Display names of the persons the server can name (person 6 it cannot). */
const PERSONS: Record<number, string> = { 5: '甲', 7: '丙' };

/** A page of the server's reply holding these facts, with the names of the persons on it. */
function page(facts: readonly Tap[], asOf: string, next: number | null): ReportFactsReply {
  const col = <T>(f: (t: Tap) => T) => facts.map(f);
  return {
    msg: 'OK', source: 'taps', from: '2026-01-01', to: '2026-12-31', count: facts.length, ids: col(t => t.id),
    keys: { day: col(t => t.day), person: col(t => t.person), worknode: col(() => 7), computer: col(() => 0), card: col(t => t.id * 10) },
    measures: { good: col(t => t.good), bad: col(() => 0), rejected: col(() => 0) },
    hidden: [], names: { person: Object.fromEntries(facts.filter(t => PERSONS[t.person]).map(t => [String(t.person), PERSONS[t.person]!])) }, next, asOf,
  } as ReportFactsReply;
}

const facts: Tap[] = [
  { id: 1, day: 100, person: 5, good: 3 },
  { id: 2, day: 101, person: 6, good: null },
  { id: 3, day: 100, person: 6, good: 4 },
  { id: 4, day: 100, person: 7, good: 1.5 },
  { id: 5, day: 101, person: 5, good: 2 },
];

describe('splitting report pages into days', () => {
  it('gives the same days whether the facts come in one page or several, a day split across pages included', () => {
    const one = new DaySplitter('taps');
    one.add(page(facts, '2026-03-01T00:00:00Z', null));
    const whole = one.days(99, 102);
    const split = new DaySplitter('taps');
    split.add(page(facts.slice(0, 3), '2026-03-01T00:00:00Z', 3));
    split.add(page(facts.slice(3), '2026-03-01T00:00:00Z', null));
    expect(split.days(99, 102)).toEqual(whole);
    // Every day of the span, the empty ones too, each with its facts in page order.
    expect(whole.map(d => [d.day, d.count, [...d.ids!]])).toEqual([[99, 0, []], [100, 3, [1, 3, 4]], [101, 2, [2, 5]], [102, 0, []]]);
    const d100 = whole[1]!;
    expect([...d100.keys.person!]).toEqual([5, 6, 7]);
    expect([...d100.keys.card!]).toEqual([10, 30, 40]);
    expect([...d100.measures.good!]).toEqual([3, 4, 1.5]);
    expect(d100.names.person).toEqual({ 5: '甲', 7: '丙' });
    // A missing value is NaN, not 0.
    expect([...whole[2]!.measures.good!]).toEqual([NaN, 2]);
  });

  it('dates the span by its oldest page, and joins into the same fact set either way', () => {
    const split = new DaySplitter('taps');
    split.add(page(facts.slice(0, 2), '2026-03-01T10:00:00Z', 2));
    split.add(page(facts.slice(2), '2026-03-01T09:00:00Z', null));
    const days = split.days(100, 101);
    expect(days.every(d => d.asOf === Date.parse('2026-03-01T09:00:00Z'))).toBe(true);
    const joined = joinDays('taps', days).set;
    expect(joined.length).toBe(5);
    expect([...joined.keys.person!]).toEqual([5, 6, 7, 6, 5]);
    expect(joined.measures.good![3]).toBeNaN();
  });
});
