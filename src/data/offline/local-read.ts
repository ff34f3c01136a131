import type { ListQuery } from '../../domain/contract/list';
import type { ListReply } from '../../domain/contract/replies';
import type { ResourceDef } from '../../domain/registry/resource';
import { getMeta, rowsOf, type OfflineDb } from './db';
import { localList } from './local-list';

type Row = Record<string, unknown>;

/** What the copy answers, and the time its data was pulled. */
export interface OfflineAnswer<T> { value: T; asOf: number }

/**
 * The copy's rows of one resource, read once per pull: typing a keyword offline filters in memory instead of reading
 * 100,000 rows from IndexedDB on every key. The memo is keyed by the table's cursor and pull time, which every
 * written page changes.
 */
const memo = new Map<string, { stamp: string; rows: Row[] }>();

async function tableRows(db: OfflineDb, table: string): Promise<{ rows: Row[]; asOf: number } | null> {
  const [asOf, cursor] = await Promise.all([getMeta<number>(db, `pulledAt:${table}`), getMeta<number>(db, `cursor:${table}`)]);
  // Never completely pulled: the copy cannot say what the list holds, so it does not answer.
  if (asOf === undefined) return null;
  const key = `${db.name}|${table}`;
  const stamp = `${String(cursor)}|${asOf}`;
  const hit = memo.get(key);
  if (hit?.stamp === stamp) return { rows: hit.rows, asOf };
  const rows = (await rowsOf(db, table)).map(r => r.row);
  memo.set(key, { stamp, rows });
  return { rows, asOf };
}

/** A list of an offline resource from the copy; null when the copy has never held this resource. */
export async function readOfflineList(db: OfflineDb, def: ResourceDef, q: ListQuery): Promise<OfflineAnswer<ListReply<Row>> | null> {
  const t = await tableRows(db, def.name);
  return t && { value: localList(def, t.rows, q), asOf: t.asOf };
}

/** One row from the copy: undefined when the copy holds no such row, null when it has never held the resource. */
export async function readOfflineRow(db: OfflineDb, def: ResourceDef, id: number): Promise<OfflineAnswer<Row | undefined> | null> {
  const asOf = await getMeta<number>(db, `pulledAt:${def.name}`);
  if (asOf === undefined) return null;
  return { value: (await db.rows.get([def.name, id]))?.row, asOf };
}

/**
 * Every row of one offline resource in the copy and when it was pulled; `asOf` null when it never was (the rows are then
 * empty). For screens that work from the whole copy at once, like the kiosk's index of open cards.
 */
export async function readOfflineRows(db: OfflineDb, table: string): Promise<{ rows: Row[]; asOf: number | null }> {
  const t = await tableRows(db, table);
  return t ?? { rows: [], asOf: null };
}

/** Forgets the memo (the copy was cleared). */
export function forgetOfflineReads(): void {
  memo.clear();
}
