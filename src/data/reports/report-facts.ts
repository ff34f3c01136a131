import { maxFactDays } from '../../domain/contract/report-facts';
import type { ReportSource } from '../../domain/reports/fact-sources';
import { dayOf, DaySplitter, dayString, joinDays, type FactDay, type LoadedDays } from '../../domain/reports/fact-set';
import { dateOfDay } from '../../domain/rules/day-numbers';
import { isUnreachableError } from '../errors';
import { reportFacts } from '../../domain/contract/endpoints/reports';
import { callEndpoint } from '../endpoint-call';
import { isQuotaError, offlineDbFor, type OfflineDb, type ReportDayRecord } from '../offline/db';
import { sessionStore } from '../session/session-store';

/**
 * The facts of a report over a range of days (docs/reports.md "Offline"): read from the offline copy, one record per
 * source and day (`reportdays`), and fetched from `GET /reports/facts/<source>/` for the days the copy lacks or holds
 * unsettled — so a report opened once reads offline, states the time of its data, and a newer range fetches only its
 * new days.
 *
 * Rules:
 * - A day is settled once it was read SETTLE_MS after it ended (a kiosk offline through a shift pushes its swipes
 *   later): a settled day is never fetched again unless the user refreshes; an unsettled one is fetched on every
 *   open while online.
 * - The days fetched are written whole, the empty ones included (an empty day is known, not missing).
 * - Offline, or when the server cannot be reached, the report uses what the copy holds and says which days it lacks.
 * - The copy is a cache (db.ts CACHE_TABLES): another user's login, or a change of the user's grants, clears it
 *   (sync-engine.ts `copyOwner`), and a full storage evicts it (storage.ts); a day the browser refuses to store is
 *   still shown from what was fetched.
 * - A fact is counted once: a fact whose day changed after its old day settled (a piece-work record's date
 *   corrected) is in two days' records; the newer read wins. A settled day does not see later edits or cancellations
 *   until the user presses refresh.
 */

/** How long after its end a day may still receive facts (late pushes of offline kiosks). */
export const SETTLE_MS = 24 * 3_600_000;
/** Facts per page asked of the server. */
const PAGE = 20_000;

const db = (): OfflineDb => offlineDbFor(sessionStore.getState().baseURL);

export interface LoadedFacts extends LoadedDays {
  /** The range these facts are of (`YYYY-MM-DD`). */
  from: string;
  to: string;
  /** Days of the range the copy lacks (offline, never fetched). */
  missingDays: number;
  /** Whether the server was asked this time (false: the copy alone). */
  fetched: boolean;
  /** The server was asked and could not be reached: the copy stands in. */
  unreachable: boolean;
}

/** When a local day ends (ms since epoch). */
function endOf(day: number): number {
  const { year, month, day: d } = dateOfDay(day);
  return new Date(year, month - 1, d + 1).getTime();
}

export function isSettled(r: Pick<ReportDayRecord, 'day' | 'asOf'>): boolean {
  return r.asOf >= endOf(r.day) + SETTLE_MS;
}

/**
 * The source's facts over [from, to] (at most the source's days a call), one record per day: every page fetched in turn and split
 * into its days as it arrives, so only one page's JSON is held at a time.
 */
async function fetchSpan(source: ReportSource, from: number, to: number, signal?: AbortSignal): Promise<FactDay[]> {
  const split = new DaySplitter(source);
  for (let after = 0; ;) {
    const r = await callEndpoint(reportFacts[source], { from: dayString(from), to: dayString(to), after, limit: PAGE }, { signal });
    split.add(r);
    if (r.next === null) return split.days(from, to);
    after = r.next;
  }
}

/** Days of [from, to] to fetch: those the copy lacks, or holds unsettled (all of them when `refresh`). */
function toFetch(from: number, to: number, held: Map<number, ReportDayRecord>, refresh: boolean): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d++) {
    const r = held.get(d);
    if (refresh || !r || !isSettled(r)) out.push(d);
  }
  return out;
}

/** Consecutive runs of days, each at most `max` long (the source's limit, MAX_FACT_DAYS for most). */
function spans(days: readonly number[], max: number): [number, number][] {
  const out: [number, number][] = [];
  for (const d of days) {
    const last = out[out.length - 1];
    if (last && d === last[1] + 1 && d - last[0] < max) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

/**
 * The source's facts over [from, to] (`YYYY-MM-DD`, both included): fetched for the days that need it when `online`,
 * else (or when the server cannot be reached) from the copy alone.
 */
export async function loadReportFacts(source: ReportSource, from: string, to: string,
  o: { online: boolean; refresh?: boolean; signal?: AbortSignal }): Promise<LoadedFacts> {
  const d0 = dayOf(from), d1 = dayOf(to);
  const store = db();
  const held = new Map((await store.reportdays.where('[source+day]').between([source, d0], [source, d1], true, true).toArray())
    .map(r => [r.day, r]));
  let fetched = false;
  let unreachable = false;
  const wanted = toFetch(d0, d1, held, o.refresh === true);
  if (o.online && wanted.length > 0) {
    try {
      for (const [a, b] of spans(wanted, maxFactDays(source))) {
        const records = await fetchSpan(source, a, b, o.signal);
        for (const r of records) held.set(r.day, r);
        // A full storage keeps the report from the copy, not from being shown (storage.ts evicts the caches).
        await store.reportdays.bulkPut(records).catch((e: unknown) => { if (!isQuotaError(e)) throw e; });
      }
      fetched = true;
    } catch (e) {
      // Unreachable: the copy serves what it holds. Anything else (a refusal, a bad reply) is the screen's to show.
      if (!isUnreachableError(e)) throw e;
      unreachable = true;
    }
  }
  const records = [...held.values()].sort((a, b) => a.day - b.day);
  return { ...joinDays(source, records), from, to, missingDays: d1 - d0 + 1 - records.length, fetched, unreachable };
}
