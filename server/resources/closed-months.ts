import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/connection';
import { ApiError } from '../lib/api-error';
import type { MessageKey } from '../../src/domain/messages/catalog';

/**
 * Closed months (`YYYY-MM`) of a book: the pay months of piece work (`workperiods`), the finance months (`finperiods`).
 * A write dated in a month takes a shared advisory lock on it and a close takes it exclusively, so nothing lands in a
 * month that closed while it was being written: either the write commits first and the close sees it, or the close
 * commits first and the write is refused. Each book has its own lock class, so one book's close never waits for the
 * other's writes (decision 218).
 */
export interface ClosedMonths {
  /** Takes the months' locks, sorted, a statement each, submitted together (what follows runs once they are held). */
  lock(tx: Db, periods: readonly string[], mode: 'shared' | 'exclusive'): Promise<unknown>;
  /** The closed months among `periods`, as a statement (run it once their locks are held). */
  closedSql(periods: readonly string[]): SQL;
  /** The closed months among `periods`, with their shared locks held until the transaction ends. */
  closed(tx: Db, periods: readonly string[]): Promise<Set<string>>;
  /** Refuses (409 with the month) when one of the months is closed. */
  assertOpen(tx: Db, periods: readonly string[]): Promise<void>;
}

export function closedMonths(table: 'workperiods' | 'finperiods', lockClass: number, refusal: MessageKey): ClosedMonths {
  const lock: ClosedMonths['lock'] = (tx, periods, mode) => Promise.all([...new Set(periods)].sort().map(p => rows(tx, mode === 'shared'
    ? sql`select pg_advisory_xact_lock_shared(${lockClass}, hashtext(${p}))`
    : sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${p}))`)));
  const closedSql = (periods: readonly string[]) =>
    sql`select period from ${sql.identifier(table)} where period = any(${sql.param([...new Set(periods)])}::text[]) and closed`;
  const closed = async (tx: Db, periods: readonly string[]) => {
    const list = [...new Set(periods)];
    if (list.length === 0) return new Set<string>();
    // The read is submitted behind the locks, so it runs (and takes its snapshot) once they are held.
    const [, found] = await Promise.all([lock(tx, list, 'shared'), rows<{ period: string }>(tx, closedSql(list))]);
    return new Set(found.map(r => r.period));
  };
  return {
    lock, closedSql, closed,
    async assertOpen(tx, periods) {
      const first = [...await closed(tx, periods)].sort()[0];
      if (first !== undefined) throw new ApiError(409, refusal, { period: first });
    },
  };
}
