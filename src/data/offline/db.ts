import { Dexie, type Table } from 'dexie';

/**
 * The offline copy (decision 47): one IndexedDB database per server address, `ipos-offline:<origin>`.
 *
 * - `rows`: every offline resource's rows as `/sync/pull/` served them, keyed `[t+id]` (t = the resource's name).
 *   One table for all resources: declaring a new offline resource changes nothing here.
 * - `meta`: `cursor:<t>` (the change number to pull from next), `pulledAt:<t>` (when a pull last completed),
 *   `owner` (the user the copy belongs to).
 * - `queries`: the persisted query cache of the other screens (query-persist.ts), one record `query-cache`.
 *
 * Rule: a schema change is a new entry at the end of SCHEMA_VERSIONS, never an edit of an existing one, so every
 * browser's copy upgrades in order.
 */
export interface RowRecord { t: string; id: number; row: Record<string, unknown> }
export interface MetaRecord { key: string; value: unknown }
export interface QueryRecord { key: string; owner: string; savedAt: number; state: unknown }

export const SCHEMA_VERSIONS: readonly { version: number; stores: Record<string, string> }[] = [
  { version: 1, stores: { rows: '[t+id]', meta: 'key', queries: 'key' } },
];

export class OfflineDb extends Dexie {
  rows!: Table<RowRecord, [string, number]>;
  meta!: Table<MetaRecord, string>;
  queries!: Table<QueryRecord, string>;

  /** `versions` is for tests of a future upgrade; the app always opens with SCHEMA_VERSIONS. */
  constructor(name: string, versions: readonly { version: number; stores: Record<string, string> }[] = SCHEMA_VERSIONS) {
    super(name);
    for (const v of versions) this.version(v.version).stores(v.stores);
  }
}

/** The database's name for a server address ('' = the origin the app was loaded from). */
export function offlineDbName(baseURL: string): string {
  const here = typeof location !== 'undefined' ? location.origin : 'http://localhost';
  let origin = here;
  try {
    if (baseURL) origin = new URL(baseURL, here).origin;
  } catch {
    origin = baseURL;
  }
  return `ipos-offline:${origin}`;
}

const open = new Map<string, OfflineDb>();

/** The offline database of a server address; one instance per name for the page's life. */
export function offlineDbFor(baseURL: string): OfflineDb {
  const name = offlineDbName(baseURL);
  let db = open.get(name);
  if (!db) {
    db = new OfflineDb(name);
    open.set(name, db);
  }
  return db;
}

export async function getMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: OfflineDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** Every row of one resource in the copy, in id order. */
export function rowsOf(db: OfflineDb, table: string): Promise<RowRecord[]> {
  return db.rows.where('[t+id]').between([table, Dexie.minKey], [table, Dexie.maxKey]).toArray();
}

/** Drops one resource from the copy: its rows, cursor and pull time (the next pull fills it again). */
export async function dropTable(db: OfflineDb, table: string): Promise<void> {
  await db.transaction('rw', db.rows, db.meta, async () => {
    await db.rows.where('[t+id]').between([table, Dexie.minKey], [table, Dexie.maxKey]).delete();
    await db.meta.bulkDelete([`cursor:${table}`, `pulledAt:${table}`]);
  });
}

/** Whether an error is the browser refusing to store more (IndexedDB quota), as Dexie reports it. */
export function isQuotaError(e: unknown): boolean {
  for (let x = e as { name?: unknown; inner?: unknown } | null; x; x = x.inner as typeof x) {
    if (x.name === 'QuotaExceededError') return true;
  }
  return false;
}
