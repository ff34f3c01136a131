import type { PullReply } from '../../domain/contract/sync';
import { getMeta, setMeta, type OfflineDb } from './db';
import { pull } from '../../domain/contract/endpoints/sync';

/** One page of `/sync/pull/`: the rows of `table` changed after `since`; `count` asks for the rows still to come. */
export type FetchPage = (table: string, since: number, count: boolean) => Promise<PullReply>;

export interface PullProgress {
  done: number;
  /** Rows the server announced for this pull (first fill), null when it did not say. */
  total: number | null;
}

function checked(table: string, r: PullReply): PullReply {
  const ok = r && r.table === table && Array.isArray(r.rows) && Array.isArray(r.deleted)
    && typeof r.cursor === 'number' && Number.isFinite(r.cursor) && typeof r.more === 'boolean';
  if (!ok) throw new Error(`${pull.path} answered ${table} with a reply that is not a pull page`);
  return r;
}

/**
 * Brings one resource's copy up to date (decision 49): pages by cursor from the saved one, the next page requested
 * while the current one is written. Each page — its rows, its deletions and the cursor after it — is written in one
 * transaction, so an interrupted pull resumes where it stopped and never holds rows newer than its cursor says.
 * Resolves with the number of rows written; `pulledAt:<table>` is set when the server says there is no more.
 */
export async function pullTable(db: OfflineDb, table: string, fetchPage: FetchPage,
  onProgress?: (p: PullProgress) => void): Promise<number> {
  const cursorKey = `cursor:${table}`;
  const since = (await getMeta<number>(db, cursorKey)) ?? 0;
  let pending: Promise<PullReply> = fetchPage(table, since, true);
  let done = 0;
  let total: number | null = null;
  for (;;) {
    const page = checked(table, await pending);
    if (total === null && typeof page.remaining === 'number') total = page.remaining;
    if (page.more) {
      pending = fetchPage(table, page.cursor, false);
      // Its failure is read at the next turn; until then it must not count as unhandled.
      pending.catch(() => undefined);
    }
    const rows = page.rows.filter(r => typeof r.id === 'number').map(r => ({ t: table, id: r.id as number, row: r }));
    await db.transaction('rw', db.rows, db.meta, async () => {
      if (rows.length) await db.rows.bulkPut(rows);
      if (page.deleted.length) await db.rows.bulkDelete(page.deleted.map(id => [table, id] as [string, number]));
      await db.meta.put({ key: cursorKey, value: page.cursor });
    });
    done += rows.length;
    onProgress?.({ done, total });
    if (!page.more) break;
  }
  await setMeta(db, `pulledAt:${table}`, Date.now());
  return done;
}
