import { Dexie, type Table } from 'dexie';
import type { MutationName } from '../../domain/contract/sync';
import type { FactDay } from '../../domain/reports/fact-set';

/**
 * The offline copy (decision 47): one IndexedDB database per server address, `ipos-offline:<origin>`.
 *
 * - `rows`: every offline resource's rows as `/sync/pull/` served them, keyed `[t+id]` (t = the resource's name).
 *   One table for all resources: declaring a new offline resource changes nothing here.
 * - `meta`: `cursor:<t>` (the change number to pull from next), `pulledAt:<t>` (when a pull last completed),
 *   `owner` (the user the copy belongs to).
 * - `queries`: the persisted query cache of the other screens (query-persist.ts), one record `query-cache`.
 * - `reportdays`: the facts of the reports (docs/reports.md, src/data/reports/), one record per source and local day,
 *   as typed-array columns, with when the server read them; keyed `[source+day]` (day: a day number).
 *
 * The shop floor's own tables (docs/shopfloor.md "The outbox", src/data/outbox/):
 * - `outbox`: facts not yet acknowledged by the server, keyed by their `seq`, indexed by uuid, name and card;
 * - `deadletters`: facts the server rejected, with its reason, keyed by uuid;
 * - `counters`: the device's next `seq` (`seq`) and the computer it logged in as (`computer`);
 * - `kioskday`: the kiosk's day per work node (`[day+worknode_id]`), the projection its screen shows.
 *
 * Rules:
 * - A schema change is a new entry at the end of SCHEMA_VERSIONS, never an edit of an existing one, so every
 *   browser's copy upgrades in order. A table's primary key never changes (IndexedDB cannot change it in place: the
 *   table would have to be dropped, and the outbox must never be).
 * - Only CACHE_TABLES are ever cleared (a logout, another user's login, a quota eviction, a dropped resource):
 *   they hold what the server can serve again. KEPT_TABLES hold what exists nowhere else until the server has it.
 * - Every read-write transaction asks for strict durability: Chromium then reports a commit only once it is on disk,
 *   so a fact the operator saw as saved survives a power cut (DESIGN §6). Dexie sets durability per database, not per
 *   transaction; for the caches it costs one flush per pull page or cache write, which is negligible.
 */
export interface RowRecord { t: string; id: number; row: Record<string, unknown> }
export interface MetaRecord { key: string; value: unknown }
export interface QueryRecord { key: string; owner: string; savedAt: number; state: unknown }

/** A queued fact: the mutation as it will be pushed, plus `card` (copied from its arguments, for the kiosk's reads). */
export interface OutboxRecord {
  id: string;
  seq: number;
  name: MutationName;
  args: Record<string, unknown>;
  at: string;
  v: number;
  card?: string;
  /** The computer code the browser was logged in as when the fact was written (device.ts); pushed only as it. */
  device?: string;
}

/** A fact the server rejected: kept with its reason until a supervisor resolves it (never dropped silently). */
export interface DeadLetterRecord extends OutboxRecord {
  /** The server's reason, in the language of the push that was refused. */
  reason: string;
  /** The reason's message key (src/domain/messages), when the server gave one. */
  key?: string;
  /** When the rejection arrived (ms since epoch). */
  rejectedAt: number;
}

export interface CounterRecord { key: string; value: unknown }

/** The kiosk's day at one work node: what its screen shows, projected from the facts written there. */
export interface KioskDayRecord {
  /** Local date, YYYY-MM-DD. */
  day: string;
  worknode_id: number;
  started: number;
  finished: number;
  good: number;
  bad: number;
}

/** One day of a report source's facts (src/domain/reports/fact-set.ts). */
export type ReportDayRecord = FactDay;

export interface SchemaVersion { version: number; stores: Record<string, string> }

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  { version: 1, stores: { rows: '[t+id]', meta: 'key', queries: 'key' } },
  {
    version: 2,
    stores: { outbox: 'seq, &id, name, card', deadletters: 'id, seq', counters: 'key', kioskday: '[day+worknode_id], day' },
  },
  { version: 3, stores: { reportdays: '[source+day]' } },
];

/** Tables holding copies of what the server serves: the only ones any clearing may touch. */
export const CACHE_TABLES = ['rows', 'meta', 'queries', 'reportdays'] as const;
/** Tables holding the device's own writes and identity: never cleared by the app (logout, quota, upgrade). */
export const KEPT_TABLES = ['outbox', 'deadletters', 'counters', 'kioskday'] as const;

export class OfflineDb extends Dexie {
  rows!: Table<RowRecord, [string, number]>;
  meta!: Table<MetaRecord, string>;
  queries!: Table<QueryRecord, string>;
  outbox!: Table<OutboxRecord, number>;
  deadletters!: Table<DeadLetterRecord, string>;
  counters!: Table<CounterRecord, string>;
  kioskday!: Table<KioskDayRecord, [string, number]>;
  reportdays!: Table<ReportDayRecord, [string, number]>;

  /** `versions` is for tests of a future upgrade; the app always opens with SCHEMA_VERSIONS. */
  constructor(name: string, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS) {
    super(name, { chromeTransactionDurability: 'strict' });
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
