import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/query-core';
import { isQuotaError, type OfflineDb } from './db';

/**
 * The screens' query cache kept in IndexedDB (decision 48), so a screen visited once shows its last data after a
 * reload without the server (resources that are not in the offline copy, the menu's favourites, counts …).
 *
 * Rules:
 * - Only successful queries are kept, for the user and app build that made them (`owner`), at most a week: a new
 *   build never hydrates screens with data shaped for the old one, and another user never sees them.
 * - Written at most once a second while the cache changes; a full storage drops the record rather than failing.
 * - Queries answered from the offline copy are not kept: the copy already holds them; nor are queries marked
 *   `meta: { persist: false }` (the reports' facts and results: typed arrays the copy or the worker makes again).
 */
export const QUERY_CACHE_KEY = 'query-cache';
export const MAX_AGE_MS = 7 * 24 * 3600_000;
const WRITE_EVERY_MS = 1000;

export async function restoreQueryCache(qc: QueryClient, db: OfflineDb, owner: string): Promise<boolean> {
  try {
    const rec = await db.queries.get(QUERY_CACHE_KEY);
    if (!rec || rec.owner !== owner || Date.now() - rec.savedAt > MAX_AGE_MS) return false;
    hydrate(qc, rec.state as DehydratedState);
    return true;
  } catch {
    // No IndexedDB (a private window) or a damaged record: the screens load from the server as usual.
    return false;
  }
}

const fromCopy = (data: unknown) => typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'offline';

/** Keeps the cache written while the page lives; returns the unsubscribe. */
export function persistQueryCache(qc: QueryClient, db: () => OfflineDb, owner: () => string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    timer = undefined;
    const who = owner();
    // Nobody logged in (the login page): nothing of anyone's to keep.
    if (who.startsWith('|')) return;
    const state = dehydrate(qc, {
      shouldDehydrateQuery: q => q.state.status === 'success' && !fromCopy(q.state.data) && q.meta?.persist !== false,
    });
    const target = db();
    try {
      await target.queries.put({ key: QUERY_CACHE_KEY, owner: who, savedAt: Date.now(), state });
    } catch (e) {
      if (isQuotaError(e)) await target.queries.clear().catch(() => undefined);
    }
  };
  const unsubscribe = qc.getQueryCache().subscribe(event => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (timer === undefined) timer = setTimeout(() => void write(), WRITE_EVERY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
