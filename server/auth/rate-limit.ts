import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/connection';
import { loginFailures } from '../db/tables';
import { ApiError } from '../lib/api-error';

/**
 * Login rate limits, kept in the database so every instance sees the same counts (decision 72). Three sliding windows:
 * - 5 failures per username from one address in 15 minutes: the guesser is stopped where it guesses;
 * - 20 failures from one address in 15 minutes, whatever the usernames;
 * - 50 failures per username in an hour from all addresses together — slower, so guessing from many addresses is
 *   stopped too, yet a handful of tries locks nobody out of everywhere. It does not count at an address the account
 *   logged in from during the last 30 days, so the admin's own desk is never locked by strangers.
 *
 * Counted atomically: before its password is checked, an attempt claims a place in each of its windows — under a
 * per-key advisory lock, it counts the window's failures and the attempts still being checked, and adds itself as
 * one of those. An attempt whose window already holds the limit of failures is refused unchecked (429); one that
 * would only be the limit-th in flight waits for those ahead of it to finish and then counts again. So of any number
 * of parallel guesses at most the limit are ever checked, while a burst of right passwords (kiosks starting together
 * behind one address) is let through a few at a time instead of being refused. A failed attempt's place stays as a
 * failure; a success removes its own and clears the username's failures from that address (elsewhere they stay: a
 * success at the user's desk must not give a guesser a fresh allowance). An attempt whose server died before it
 * finished stops counting after a minute.
 */
export const WINDOW_MIN = 15;
export const MAX_PER_USER_ADDRESS = 5;
export const MAX_PER_ADDRESS = 20;
export const USER_WINDOW_MIN = 60;
export const MAX_PER_USER = 50;
const KNOWN_ADDRESS_DAYS = 30;
/** An attempt still "being checked" after this long was abandoned (its server stopped): it counts no more. */
const STALE_PENDING_MS = 60_000;
/** How long an attempt waits for a place before it is refused after all. */
const MAX_WAIT_MS = 60_000;

/**
 * Attempts of this process waiting for a place, by key: woken as soon as an attempt of theirs finishes here, so a
 * burst flows at the pace of the password checks. Attempts finishing on another instance are noticed by polling.
 */
const waiting = new Map<string, Set<() => void>>();

function waitForTurn(keys: readonly string[], ms: number): Promise<void> {
  return new Promise(resolve => {
    const wake = () => {
      clearTimeout(timer);
      for (const k of keys) waiting.get(k)?.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    for (const k of keys) {
      let set = waiting.get(k);
      if (!set) waiting.set(k, (set = new Set()));
      set.add(wake);
    }
  });
}

function finished(a: Attempt): void {
  for (const k of a.keys) {
    const set = waiting.get(k);
    if (!set) continue;
    waiting.delete(k);
    for (const wake of set) wake();
  }
}

const norm = (username: string) => username.toLowerCase();
const userAddrKey = (username: string, ip: string) => `ua:${norm(username)}|${ip}`;
const addrKey = (ip: string) => `a:${ip}`;
const userKey = (username: string) => `u:${norm(username)}`;

interface KeyLimit { key: string; max: number; windowMin: number }

/** A login attempt that holds its places: its rows, to mark failed or remove. */
export interface Attempt { ids: number[]; keys: string[]; username: string; ip: string }

async function knownAddress(db: Db, username: string, ip: string): Promise<boolean> {
  const [r] = await rows<{ known: boolean }>(db, sql`
    select exists (
      select 1 from auth_sessions s join accounts a on a.id = s.account_id
      where lower(a.username) = ${norm(username)} and s.ip = ${ip}
        and s.created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})) as known`);
  return !!r?.known;
}

type Claim = { ids: number[] } | { limitedMs: number } | 'busy';

/** One try at claiming a place in every window, in one short transaction holding the keys' advisory locks. */
async function claim(db: Db, limits: readonly KeyLimit[]): Promise<Claim> {
  return db.transaction(async tx => {
    // In key order, so two attempts sharing keys never wait on each other in a circle.
    for (const l of [...limits].sort((a, b) => a.key.localeCompare(b.key))) {
      await tx.execute(sql`select pg_advisory_xact_lock(7311004, hashtext(${l.key}))`);
    }
    const now = Date.now();
    const since = (l: KeyLimit) => new Date(now - l.windowMin * 60_000);
    const counts = await tx.select({
      key: loginFailures.key,
      failed: sql<number>`count(*) filter (where ${loginFailures.state} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${loginFailures.state} = 'pending' and ${loginFailures.at} > ${new Date(now - STALE_PENDING_MS)})`.mapWith(Number),
      oldest: sql<string | null>`min(${loginFailures.at}) filter (where ${loginFailures.state} = 'failed')`,
    }).from(loginFailures)
      .where(or(...limits.map(l => and(eq(loginFailures.key, l.key), sql`${loginFailures.at} >= ${since(l)}`))))
      .groupBy(loginFailures.key);
    let limitedMs = 0;
    let busy = false;
    for (const l of limits) {
      const c = counts.find(x => x.key === l.key);
      if (!c) continue;
      if (c.failed >= l.max) limitedMs = Math.max(limitedMs, new Date(c.oldest!).getTime() + l.windowMin * 60_000 - now, 1);
      else if (c.failed + c.pending >= l.max) busy = true;
    }
    if (limitedMs > 0) return { limitedMs };
    if (busy) return 'busy';
    const inserted = await tx.insert(loginFailures).values(limits.map(l => ({ key: l.key, state: 'pending' })))
      .returning({ id: loginFailures.id });
    return { ids: inserted.map(r => Number(r.id)) };
  });
}

export async function beginAttempt(db: Db, username: string, ip: string): Promise<Attempt> {
  const limits: KeyLimit[] = [
    { key: userAddrKey(username, ip), max: MAX_PER_USER_ADDRESS, windowMin: WINDOW_MIN },
    { key: addrKey(ip), max: MAX_PER_ADDRESS, windowMin: WINDOW_MIN },
  ];
  if (!(await knownAddress(db, username, ip))) limits.push({ key: userKey(username), max: MAX_PER_USER, windowMin: USER_WINDOW_MIN });
  const keys = limits.map(l => l.key);
  const start = Date.now();
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    const c = await claim(db, limits);
    if (c !== 'busy' && 'ids' in c) return { ids: c.ids, keys, username, ip };
    const waitMs = c === 'busy' ? (Date.now() - start > MAX_WAIT_MS ? 60_000 : 0) : c.limitedMs;
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new ApiError(429, 'rate_limited', { minutes }, {}, { retry_after: minutes * 60 });
    }
    // The attempts ahead of this one are still being checked; each takes a password hash, some tens of ms.
    await waitForTurn(keys, pause + Math.random() * pause);
  }
}

/** The password was wrong: the attempt's places stay, as failures; rows older than every window are trimmed. */
export async function attemptFailed(db: Db, a: Attempt): Promise<void> {
  await db.update(loginFailures).set({ state: 'failed' }).where(inArray(loginFailures.id, a.ids));
  finished(a);
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - USER_WINDOW_MIN * 60_000)));
}

/** The password was right: the attempt's places go, and so do this username's failures from this address. */
export async function attemptSucceeded(db: Db, a: Attempt): Promise<void> {
  // Only failures: another attempt from here still being checked keeps its place (it may be a guesser's).
  await db.delete(loginFailures).where(or(inArray(loginFailures.id, a.ids),
    and(eq(loginFailures.key, userAddrKey(a.username, a.ip)), eq(loginFailures.state, 'failed'))));
  finished(a);
}
