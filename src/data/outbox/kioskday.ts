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
