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
