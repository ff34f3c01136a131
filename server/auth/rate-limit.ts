import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { loginFailures } from '../db/tables';
import { ApiError } from '../lib/api-error';

/**
 * Login rate limit, kept in the database so every instance sees the same counts: at most 5 failed logins per
 * username and 20 per address in a sliding 15-minute window. A success clears the username's count.
 */
export const WINDOW_MIN = 15;
export const MAX_PER_USER = 5;
export const MAX_PER_ADDRESS = 20;

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const addrKey = (ip: string) => `a:${ip}`;

export async function assertNotLimited(db: Db, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MIN * 60_000);
  const counts = await db.select({ key: loginFailures.key, n: sql<number>`count(*)`.mapWith(Number), oldest: sql<string>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [userKey(username), addrKey(ip)]), gte(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  for (const c of counts) {
    const max = c.key.startsWith('u:') ? MAX_PER_USER : MAX_PER_ADDRESS;
    if (c.n >= max) {
      const freeAt = new Date(c.oldest).getTime() + WINDOW_MIN * 60_000;
      const minutes = Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
      throw new ApiError(429, 'rate_limited', { minutes }, {}, { retry_after: minutes * 60 });
    }
  }
}

export async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: userKey(username) }, { key: addrKey(ip) }]);
  // Old rows serve no one; trimming here keeps the table small without a timer.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - WINDOW_MIN * 60_000)));
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [userKey(username)]));
}
