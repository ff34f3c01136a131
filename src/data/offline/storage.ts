import { dropTable, type OfflineDb } from './db';

/**
 * The browser's storage for the offline copy: ask it to keep the site's data (a kiosk's copy must not be evicted
 * under pressure), and how much is used and allowed. Browsers without the API report nulls.
 */
export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  /** Whether the browser promised to keep the data; null when it does not say. */
  persisted: boolean | null;
}

/** Asks once per start; the browser decides (Chromium grants it to installed or much-used sites). */
export async function requestPersistence(): Promise<boolean> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!s?.persist) return false;
  try {
    if (s.persisted && await s.persisted()) return true;
    return await s.persist();
  } catch {
    return false;
  }
}

export async function storageInfo(): Promise<StorageInfo> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const out: StorageInfo = { usage: null, quota: null, persisted: null };
  if (!s) return out;
  try {
    if (s.estimate) {
      const e = await s.estimate();
      out.usage = e.usage ?? null;
      out.quota = e.quota ?? null;
    }
    if (s.persisted) out.persisted = await s.persisted();
  } catch {
    // An estimate is a courtesy; the panel says it is unknown.
  }
  return out;
}

/** What `evictCaches` dropped. */
export type Evicted = { kind: 'queries' } | { kind: 'reports' } | { kind: 'table'; table: string };

/**
 * Frees space after a quota error (DESIGN §6), from the caches only and in this order: the persisted query cache
 * (the next visits rebuild it), the reports' facts (the next report fetches its days again), then the offline
 * resource pulled longest ago (the next pass pulls it again). One step
 * per call: the caller tries its write again and calls once more if it still does not fit. Resolves with what was
 * dropped, null when no cache is left to drop.
 *
 * Rule: only CACHE_TABLES (db.ts) are touched. The outbox, dead letters, counters and the kiosk's day (KEPT_TABLES) hold
 * writes that exist nowhere else until the server has them; a full disk makes a new fact fail, it never costs an
 * old one.
 */
export async function evictCaches(db: OfflineDb): Promise<Evicted | null> {
  if (await db.queries.count()) {
    await db.queries.clear();
    return { kind: 'queries' };
  }
  if (await db.reportdays.count()) {
    await db.reportdays.clear();
    return { kind: 'reports' };
  }
  const pulled = (await db.meta.where('key').startsWith('pulledAt:').toArray())
    .filter(m => typeof m.value === 'number')
    .sort((a, b) => (a.value as number) - (b.value as number));
  const oldest = pulled[0]?.key.slice('pulledAt:'.length);
  if (!oldest) return null;
  await dropTable(db, oldest);
  return { kind: 'table', table: oldest };
}
