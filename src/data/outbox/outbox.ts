import type { z } from 'zod';
import '../../domain/contract/zod-config';
import { FACT_ARGS, FACT_VERSION } from '../../domain/contract/facts';
import type { Mutation, MutationName, PushReply } from '../../domain/contract/sync';
import { isQuotaError, type DeadLetterRecord, type OfflineDb, type OutboxRecord } from '../offline/db';
import { forgetOfflineReads } from '../offline/local-read';
import { evictCaches } from '../offline/storage';
import { outboxDb, raiseSeqAbove, SEQ_KEY, storedComputer } from './device';
import { removeFromKioskDay } from './kioskday';

/**
 * The outbox (DESIGN §6, docs/shopfloor.md "The outbox"): every fact a kiosk or tablet writes is queued here, in the
 * server's offline database, until the server acknowledges it.
 *
 * Rules:
 * - A fact is immutable: `{id: uuid, seq, name, args, at, v}`, its arguments checked with the contract's schema
 *   (FACT_ARGS) before anything is written; the server validates them again.
 * - `seq` comes from the `counters` table in the fact's own transaction, so two tabs never take the same number and
 *   an aborted write takes none; the counter only grows (device.ts).
 * - The fact and the caller's projection (the kiosk's day, …) are written in ONE read-write transaction with strict
 *   durability (db.ts); `recordFact` resolves only once it has committed, so a caller that shows "saved" after it
 *   never shows it for a fact a power cut can lose. A projection that throws aborts the fact with it.
 * - A full disk evicts caches (storage.ts `evictCaches`) and tries again; the outbox itself is never evicted.
 * - Rows leave the outbox only through `settlePush`: up to the server's watermark (acknowledged), or as dead letters
 *   (rejected, kept with the reason). Nothing expires.
 */

/** The arguments of a fact did not pass the contract's schema; nothing was written. */
export class FactArgsError extends Error {
  override readonly name = 'FactArgsError';
  constructor(readonly fact: MutationName, readonly issues: z.core.$ZodIssue[]) {
    super(`invalid ${fact} arguments: ${issues.map(i => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`);
  }
}

/** What a projection sees: the database to write through (its tables join the fact's transaction) and the fact. */
export interface FactWrite {
  db: OfflineDb;
  fact: OutboxRecord;
}

export interface RecordOptions {
  /**
   * Writes the fact's local effect in the fact's transaction, through `w.db` (`w.db.kioskday`, see kioskday.ts).
   * Only the tables `outbox`, `counters` and `kioskday` are in the transaction.
   */
  project?: (w: FactWrite) => Promise<void>;
  /** The database to write to; by default the one of the server the session talks to. */
  db?: OfflineDb;
  /** The fact's time; by default now. */
  at?: Date;
}

const recordedListeners = new Set<(db: OfflineDb, fact: OutboxRecord) => void>();

/** Called after each committed fact (the sender pushes, the status counts); returns the unsubscribe. */
export function onFactRecorded(fn: (db: OfflineDb, fact: OutboxRecord) => void): () => void {
  recordedListeners.add(fn);
  return () => recordedListeners.delete(fn);
}

/** A version 4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function newFactId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map(x => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** How many times a full disk may evict a cache for one fact before the write fails. */
const MAX_EVICTIONS = 8;

/**
 * Queues one fact with its projection, durably, and resolves with it once committed (then the sender is poked).
 * Throws FactArgsError on arguments the contract refuses, and the database's error when the write fails (nothing is
 * then queued, and the projection is not applied either).
 */
export async function recordFact(name: MutationName, args: unknown, opts: RecordOptions = {}): Promise<OutboxRecord> {
  const schema = FACT_ARGS[name];
  if (!schema) throw new FactArgsError(name, [{ code: 'custom', path: [], message: 'unknown fact', input: name }]);
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new FactArgsError(name, parsed.error.issues);
  const checked = parsed.data as Record<string, unknown>;
  const db = opts.db ?? outboxDb();
  const at = (opts.at ?? new Date()).toISOString();
  const id = newFactId();
  const device = (await storedComputer(db))?.code;
  const write = () => db.transaction('rw', [db.outbox, db.counters, db.kioskday], async () => {
    const counter = (await db.counters.get(SEQ_KEY))?.value;
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    // The counter is the rule; the outbox's last row only guards against a counter lost by hand (devtools).
    const seq = Math.max(typeof counter === 'number' ? counter : 1, last + 1);
    const fact: OutboxRecord = { id, seq, name, args: checked, at, v: FACT_VERSION };
    if (typeof checked.card === 'string') fact.card = checked.card;
    if (device) fact.device = device;
    await db.outbox.add(fact);
    await db.counters.put({ key: SEQ_KEY, value: seq + 1 });
    if (opts.project) await opts.project({ db, fact });
    return fact;
  });
  let fact: OutboxRecord;
  for (let evictions = 0; ; evictions++) {
    try {
      fact = await write();
      break;
    } catch (e) {
      if (!isQuotaError(e) || evictions >= MAX_EVICTIONS || !(await evictCaches(db))) throw e;
      forgetOfflineReads();
    }
  }
  for (const fn of [...recordedListeners]) {
    try { fn(db, fact); } catch { /* a listener's failure must not turn a saved fact into an error */ }
  }
  return fact;
}

export interface PendingFilter {
  name?: MutationName;
  /** The scanned card number (`args.card`). */
  card?: string;
  db?: OfflineDb;
}

/** The facts not yet acknowledged, in seq order (the kiosk replays a card's on top of its pulled state). */
export async function pendingFacts(f: PendingFilter = {}): Promise<OutboxRecord[]> {
  const db = f.db ?? outboxDb();
  const rows = f.card !== undefined
    ? (await db.outbox.where('card').equals(f.card).toArray()).sort((a, b) => a.seq - b.seq)
    : await db.outbox.orderBy('seq').toArray();
  return f.name ? rows.filter(r => r.name === f.name) : rows;
}

/** The facts the server rejected, in seq order, with its reasons. */
export async function deadLetters(o: { db?: OfflineDb } = {}): Promise<DeadLetterRecord[]> {
  const db = o.db ?? outboxDb();
  return db.deadletters.orderBy('seq').toArray();
}

export interface OutboxStats {
  pending: number;
  /** When the oldest pending fact happened (ms since epoch), null when nothing is pending. */
  oldestAt: number | null;
  deadLetters: number;
}

export async function outboxStats(o: { db?: OfflineDb } = {}): Promise<OutboxStats> {
  const db = o.db ?? outboxDb();
  return db.transaction('r', db.outbox, db.deadletters, async () => {
    const pending = await db.outbox.count();
    const first = pending ? await db.outbox.orderBy('seq').first() : undefined;
    const oldest = first ? Date.parse(first.at) : NaN;
    return { pending, oldestAt: Number.isFinite(oldest) ? oldest : null, deadLetters: await db.deadletters.count() };
  });
}

/**
 * The facts this browser can send now: those of the terminal it is logged in as and those queued before any device
 * login (all of them when it is logged in as none). Facts queued under another terminal wait for that terminal's
 * login; they survive an app update like every outbox row, so an update need not wait for them.
 */
export async function sendableCount(o: { db?: OfflineDb; computer?: string | null } = {}): Promise<number> {
  const db = o.db ?? outboxDb();
  const code = o.computer === undefined ? (await storedComputer(db))?.code ?? null : o.computer;
  if (code === null) return db.outbox.count();
  return db.outbox.filter(r => !r.device || r.device === code).count();
}

/** Whether every fact has been acknowledged. */
export async function outboxIsEmpty(o: { db?: OfflineDb } = {}): Promise<boolean> {
  const db = o.db ?? outboxDb();
  return (await db.outbox.count()) === 0;
}

/** The fact as it travels (the contract's mutation): the outbox's own fields left behind. */
export function toMutation(r: OutboxRecord): Mutation {
  return { id: r.id, seq: r.seq, name: r.name, args: r.args, at: r.at, v: r.v };
}

export interface Settled {
  /** Facts acknowledged (seq ≤ lastSeq) and deleted. */
  acknowledged: number;
  /** Facts moved to the dead letters. */
  rejected: number;
  /** Facts that left the outbox: acknowledged or rejected. */
  removed: number;
}

/**
 * Applies a push reply to the outbox, in one transaction:
 * - every fact the reply names `rejected` moves to `deadletters` with its reason (and so does a `duplicate` that
 *   carries a reason: a replay of a fact the server had rejected);
 * - every fact of `device` up to `lastSeq` is deleted — the server holds each of them (the watermark's promise) — and
 *   so is every fact queued before any device login (pushed as `device`); another computer's facts, queued before
 *   this browser logged in as `device`, are not this watermark's and stay for their own computer. Never above the
 *   highest seq this push sent: a watermark beyond what was sent is not an acknowledgement of facts the server never
 *   received (issue 29), and another tab's facts are settled by that tab's reply;
 * - every other fact stays, even one answered `applied` or `duplicate`: above the watermark the server still misses a
 *   fact below it, and the next push sends them again (they come back `duplicate`) until the gap is filled;
 * - the seq counter is raised above `lastSeq`, so numbers the server already holds are never taken again.
 * `sent` are the facts of the push, in the order sent; `device` the computer code they were pushed as.
 */
export async function settlePush(db: OfflineDb, device: string, sent: readonly OutboxRecord[], reply: PushReply, now = Date.now()): Promise<Settled> {
  const byId = new Map(reply.results.map(r => [r.id, r]));
  return db.transaction('rw', [db.outbox, db.deadletters, db.counters, db.kioskday], async () => {
    let rejected = 0;
    for (const fact of sent) {
      const r = byId.get(fact.id);
      if (!r || !(r.status === 'rejected' || (r.status === 'duplicate' && r.reason !== undefined))) continue;
      // Only a fact still queued moves: another tab's sender may have settled it since this push was sent.
      if (!(await db.outbox.get(fact.seq))) continue;
      const dead: DeadLetterRecord = { ...fact, reason: r.reason ?? '', rejectedAt: now };
      if (r.key !== undefined) dead.key = r.key;
      await db.deadletters.put(dead);
      await db.outbox.delete(fact.seq);
      await removeFromKioskDay(db, fact);
      rejected++;
    }
    const highestSent = sent.reduce((m, f) => Math.max(m, f.seq), 0);
    const acknowledged = await db.outbox.where('seq').belowOrEqual(Math.min(reply.lastSeq, highestSent))
      .filter(r => !r.device || r.device === device).delete();
    await raiseSeqAbove(db, reply.lastSeq);
    return { acknowledged, rejected, removed: acknowledged + rejected };
  });
}
