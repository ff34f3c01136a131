import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';

/**
 * Closed pay months (workperiods, docs/piece-work.md). A write of a work record takes a shared lock on its month and
 * a close takes it exclusively, so a record never lands in a month that closed while it was being written: either the
 * write commits first and the close sees it, or the close commits first and the write is refused.
 */
const PERIOD_LOCK = 7311100;

/**
 * Takes the months' locks, sorted (two writers of several months take them in the same order), a statement each,
 * submitted together: the transaction's client runs them in order, so whatever is submitted after them runs once they
 * are held.
 */
export function lockPeriods(tx: Db, periods: readonly string[], mode: 'shared' | 'exclusive'): Promise<unknown> {
  return Promise.all([...new Set(periods)].sort().map(p => rows(tx, mode === 'shared'
    ? sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK}, hashtext(${p}))`
    : sql`select pg_advisory_xact_lock(${PERIOD_LOCK}, hashtext(${p}))`)));
}

/** The closed months among `periods`, as a statement (run it once their locks are held: `lockPeriods`). */
export function closedPeriodsSql(periods: readonly string[]): SQL {
  return sql`select period from workperiods where period = any(${sql.param([...new Set(periods)])}::text[]) and closed`;
}

/** The closed months among `periods`, with their shared locks held until the transaction ends. */
export async function closedPeriods(tx: Db, periods: readonly string[]): Promise<Set<string>> {
  const list = [...new Set(periods)];
  if (list.length === 0) return new Set();
  // The read is submitted behind the locks, so it runs (and takes its snapshot) once they are held.
  const [, found] = await Promise.all([lockPeriods(tx, list, 'shared'), rows<{ period: string }>(tx, closedPeriodsSql(list))]);
  return new Set(found.map(r => r.period));
}

/** Refuses (409) when one of the months is closed. */
export async function assertOpenPeriods(tx: Db, periods: readonly string[]): Promise<void> {
  const closed = await closedPeriods(tx, periods);
  const first = [...closed].sort()[0];
  if (first !== undefined) throw new ApiError(409, 'period_closed', { period: first });
}

/** Locks a month against work-record writes while it is closed or reopened. */
export async function lockPeriodForClose(tx: Db, period: string): Promise<void> {
  await lockPeriods(tx, [period], 'exclusive');
}
