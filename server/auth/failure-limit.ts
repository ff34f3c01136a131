import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { loginFailures } from '../db/tables';
import { ApiError } from '../lib/api-error';
import type { MessageKey } from '../../src/domain/messages/catalog';

/**
 * A limit on failed guesses at a call (the public order query's check code, per client address; the password
 * change's current password, per account): at most `max` failures per key in a sliding window of `windowMin`
 * minutes; past it the call answers 429 with the minutes to wait and `Retry-After`, whether the next guess would be
 * right or not.
 *
 * The same mechanism as the login limits (rate-limit.ts, decision 72): rows of `login_failures`, under keys of their
 * own (`prefix:who`), so every instance on one database counts together. Counted atomically: under a per-key
 * advisory lock, an attempt counts the window's failures plus the attempts still being checked and, below the limit,
 * claims a place (a `pending` row) before it is checked; so of any number of parallel guesses at most `max` are ever
 * checked. A failure keeps its place as a failure; a success gives its place back but clears nothing — a guesser who
 * knows one valid code must not earn a fresh allowance with it. Unlike a login, an attempt finding the window full of
 * attempts in flight is refused at once rather than queued: such a guess is cheap to repeat.
 */
export interface FailureLimit {
  /** Key prefix, apart from the login limits' `ua:`, `a:`, `u:`. */
  prefix: string;
  max: number;
  windowMin: number;
  /** The 429's message; it takes `{minutes}`. */
  message: MessageKey;
}

/** Advisory lock class of these keys (the login limits use 7311004). */
const LOCK_CLASS = 7311005;
/** An attempt "being checked" this long was abandoned (its server stopped): it counts no more. */
const STALE_PENDING_MS = 60_000;

export interface Claim { id: number; key: string }

export async function claimAttempt(db: Db, limit: FailureLimit, who: string): Promise<Claim> {
  const key = `${limit.prefix}:${who}`;
  const refused = (ms: number) => {
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    return new ApiError(429, limit.message, { minutes }, {}, { retry_after: minutes * 60 });
  };
  return db.transaction(async tx => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);
    const now = Date.now();
    const since = new Date(now - limit.windowMin * 60_000);
    const [c] = await tx.select({
      failed: sql<number>`count(*) filter (where ${loginFailures.state} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${loginFailures.state} = 'pending' and ${loginFailures.at} > ${new Date(now - STALE_PENDING_MS)})`.mapWith(Number),
      oldest: sql<string | null>`min(${loginFailures.at}) filter (where ${loginFailures.state} = 'failed')`,
    }).from(loginFailures).where(and(eq(loginFailures.key, key), sql`${loginFailures.at} >= ${since}`));
    const failed = c?.failed ?? 0;
    const pending = c?.pending ?? 0;
    if (failed >= limit.max) throw refused(new Date(c!.oldest!).getTime() + limit.windowMin * 60_000 - now);
    // The window is full of attempts still being checked: come back in a moment.
    if (failed + pending >= limit.max) throw refused(60_000);
    const [row] = await tx.insert(loginFailures).values({ key, state: 'pending' }).returning({ id: loginFailures.id });
    return { id: Number(row!.id), key };
  });
}

/** The guess was wrong: its place stays, as a failure; this key's rows older than the window are trimmed. */
export async function attemptFailed(db: Db, limit: FailureLimit, claim: Claim): Promise<void> {
  await db.update(loginFailures).set({ state: 'failed' }).where(eq(loginFailures.id, claim.id));
  await db.delete(loginFailures).where(and(eq(loginFailures.key, claim.key),
    lt(loginFailures.at, new Date(Date.now() - limit.windowMin * 60_000))));
}

/** The guess was right: its place is given back; earlier failures stay until they leave the window. */
export async function attemptSucceeded(db: Db, claim: Claim): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, claim.id));
}
