import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportFactsReply } from '../../domain/contract/report-facts';
import { localDateString } from '../../domain/rules/date-single';
import { connectivityStore } from '../connectivity';
import { offlineDbFor } from '../offline/db';
import { json, stubServer } from '../test-helpers';
import { dayOf, dayString, joinDays } from '../../domain/reports/fact-set';
import { isSettled, loadReportFacts, SETTLE_MS } from './report-facts';

/**
 * The reports' facts (src/data/reports/report-facts.ts): fetched for the days the copy lacks or holds unsettled,
 * stored one record per day (empty days too), read back offline with the days it lacks counted, and an unreachable
 * server answered from the copy.
 */
const server = stubServer();

const today = localDateString(new Date());
const d = (offset: number) => localDateString(new Date(Date.now() + offset * 86_400_000));

/** A works page: one fact per given day, quantity 1.5 each, pay 0.3333 each. */
function page(days: string[], asOf = new Date().toISOString()): ReportFactsReply {
  const n = days.length;
  return {
    msg: 'OK', source: 'works', from: days[0] ?? today, to: days.at(-1) ?? today, count: n, ids: days.map((_, i) => i + 1),
    keys: { day: days.map(dayOf), person: days.map(() => 7), worknode: days.map(() => 3), item: days.map(() => 0), device: days.map(() => 0),
      card: days.map(() => 0), department: days.map(() => 0) },
    measures: { quantity: days.map(() => 1.5), bad: days.map(() => null), weight: days.map(() => null), metres: days.map(() => null),
      amount: days.map(() => 0.3333) },
    hidden: [], names: { person: { 7: '张三' }, worknode: { 3: '冲压' } }, next: null, asOf,
  };
}

const urlOf = (i: number) => new URL(String(server.fetch.mock.calls[i]![0]), 'http://x');

beforeEach(async () => {
  connectivityStore.setState({ reachable: true });
  await offlineDbFor('').reportdays.clear();
});
afterEach(() => connectivityStore.setState({ reachable: true }));

describe('report facts', () => {
  it('day numbers and their dates go both ways', () => {
    for (const s of ['1970-01-01', '2024-02-29', '2026-12-31']) expect(dayString(dayOf(s))).toBe(s);
    expect(dayOf('1970-01-02')).toBe(1);
  });

  it('fetches a range once, stores every day of it (the empty ones too) and reads settled days from the copy after', async () => {
    const from = d(-10), to = d(-5);
    server.fetch.mockResolvedValue(json(page([d(-9), d(-9), d(-6)])));
    const first = await loadReportFacts('works', from, to, { online: true });
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(urlOf(0).pathname).toBe('/reports/facts/works/');
    expect(Object.fromEntries(urlOf(0).searchParams)).toMatchObject({ from, to, after: '0' });
    expect(first.set.length).toBe(3);
    expect(first.fetched).toBe(true);
    expect(first.missingDays).toBe(0);
    expect(Array.from(first.set.measures.quantity!)).toEqual([1.5, 1.5, 1.5]);
    expect(Number.isNaN(first.set.measures.bad![0]!)).toBe(true);
    expect(first.names.person!.get(7)).toBe('张三');
    expect(await offlineDbFor('').reportdays.count()).toBe(6);

    // The days ended more than SETTLE_MS before they were read: settled, not asked again.
    const again = await loadReportFacts('works', from, to, { online: true });
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(again.fetched).toBe(false);
    expect(Array.from(again.set.keys.day!)).toEqual(Array.from(first.set.keys.day!));
  });

  it('asks again only for the days not settled when read (yesterday, today)', async () => {
    server.fetch.mockResolvedValue(json(page([today])));
    await loadReportFacts('works', d(-3), today, { online: true });
    server.fetch.mockClear();
    server.fetch.mockResolvedValue(json(page([today])));
    await loadReportFacts('works', d(-3), today, { online: true });
    // Three and two days ago ended more than SETTLE_MS before they were read; yesterday did not.
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect([urlOf(0).searchParams.get('from'), urlOf(0).searchParams.get('to')]).toEqual([d(-1), today]);
    expect(isSettled({ day: dayOf(d(-3)), asOf: Date.now() })).toBe(true);
    expect(isSettled({ day: dayOf(d(-1)), asOf: Date.now() })).toBe(false);
    expect(isSettled({ day: dayOf(d(-1)), asOf: Date.now() + SETTLE_MS })).toBe(true);
  });

  it('offline, reads what the copy holds and counts the days it lacks', async () => {
    server.fetch.mockResolvedValue(json(page([d(-9)])));
    await loadReportFacts('works', d(-10), d(-8), { online: true });
    server.fetch.mockClear();
    const offline = await loadReportFacts('works', d(-12), d(-8), { online: false });
    expect(server.fetch).not.toHaveBeenCalled();
    expect(offline.set.length).toBe(1);
    expect(offline.missingDays).toBe(2);
    expect(offline.asOf).not.toBeNull();
  });

  it('an unreachable server is answered from the copy; a refusal is the caller\'s to show', async () => {
    server.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const r = await loadReportFacts('works', d(-4), d(-2), { online: true });
    expect(r.set.length).toBe(0);
    expect(r.missingDays).toBe(3);
    expect(r.fetched).toBe(false);
    server.fetch.mockResolvedValue(json({ msg: '没有权限' }, 403));
    await expect(loadReportFacts('works', d(-4), d(-2), { online: true })).rejects.toMatchObject({ status: 403 });
  });

  it('counts a fact whose day changed once, from the newer read', () => {
    const day = (d: number, asOf: number, ids: number[], quantity: number[]) => ({
      source: 'works', day: d, count: ids.length, ids: Int32Array.from(ids), asOf, hidden: [], names: {},
      keys: { day: Int32Array.from(ids, () => d), person: Int32Array.from(ids, () => 7), worknode: new Int32Array(ids.length),
        item: new Int32Array(ids.length), device: new Int32Array(ids.length), card: new Int32Array(ids.length),
        department: new Int32Array(ids.length) },
      measures: { quantity: Float64Array.from(quantity), bad: new Float64Array(ids.length), weight: new Float64Array(ids.length),
        metres: new Float64Array(ids.length), amount: new Float64Array(ids.length) },
    });
    // Record 2 was read on day 10 (settled, old read) and, its date corrected, again on day 12 (newer read).
    const j = joinDays('works', [day(10, 1_000, [1, 2], [5, 6]), day(12, 2_000, [2, 3], [6.5, 7])]);
    expect(j.set.length).toBe(3);
    expect(Array.from(j.set.keys.day!)).toEqual([10, 12, 12]);
    expect(Array.from(j.set.measures.quantity!)).toEqual([5, 6.5, 7]);
    expect(j.asOf).toBe(1_000);
  });
});

