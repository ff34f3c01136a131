import type { KioskDayRecord, OfflineDb } from '../offline/db';
import { outboxDb } from './device';

/**
 * The kiosk's day (docs/shopfloor.md "The outbox"): per local day and work node, the cards started and finished and
 * the good and bad quantities, as the kiosk's own facts made them. It is a projection: written by `recordFact`'s
 * `project` in the fact's transaction, so the counts and the queued facts never disagree, and never cleared (a
 * logout in the middle of a shift keeps the day's counts).
 */
export type KioskDayDelta = Partial<Pick<KioskDayRecord, 'started' | 'finished' | 'good' | 'bad'>>;

/** The local date of a moment, YYYY-MM-DD (the kiosk's day is the factory's, not UTC's). */
export function localDay(d: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** What one swipe adds to its day: a start one card started; any other one card finished with its quantities. */
export function swipeDelta(args: { action?: unknown; good?: unknown; bad?: unknown }): Required<KioskDayDelta> {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return args.action === 'start' ? { started: 1, finished: 0, good: 0, bad: 0 } : { started: 0, finished: 1, good: n(args.good), bad: n(args.bad) };
}

/**
 * Takes a swipe the server rejected out of its day (issue 30: 开工 9 shown, 7 applied): the day counts what the server
 * applied and what still waits, never a refused swipe. Call it in the transaction that makes the fact a dead letter.
 */
export async function removeFromKioskDay(db: OfflineDb, fact: { name: string; at: string; args: Record<string, unknown> }): Promise<void> {
  const worknodeId = fact.args.worknode_id;
  if (fact.name !== 'tap' || typeof worknodeId !== 'number') return;
  const day = localDay(new Date(fact.at));
  if (!(await db.kioskday.get([day, worknodeId]))) return;
  const d = swipeDelta(fact.args);
  await addToKioskDay(db, day, worknodeId, { started: -d.started, finished: -d.finished, good: -d.good, bad: -d.bad });
}

/** Adds to one day's counts at one work node; call it from a projection (its table is in the fact's transaction). */
export async function addToKioskDay(db: OfflineDb, day: string, worknodeId: number, delta: KioskDayDelta): Promise<KioskDayRecord> {
  const old = await db.kioskday.get([day, worknodeId]);
  const next: KioskDayRecord = {
    day, worknode_id: worknodeId,
    started: (old?.started ?? 0) + (delta.started ?? 0),
    finished: (old?.finished ?? 0) + (delta.finished ?? 0),
    good: (old?.good ?? 0) + (delta.good ?? 0),
    bad: (old?.bad ?? 0) + (delta.bad ?? 0),
  };
  await db.kioskday.put(next);
  return next;
}

/** One day's counts at one work node (zeros before the first fact). */
export async function kioskDay(day: string, worknodeId: number, o: { db?: OfflineDb } = {}): Promise<KioskDayRecord> {
  const db = o.db ?? outboxDb();
  return (await db.kioskday.get([day, worknodeId])) ?? { day, worknode_id: worknodeId, started: 0, finished: 0, good: 0, bad: 0 };
}
