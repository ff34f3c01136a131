import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { closedMonths } from '../../resources/closed-months';

/**
 * Closed pay months (workperiods, docs/piece-work.md): the shared closed-months mechanism (server/resources/closed-months.ts)
 * on `workperiods`. A write of a work record takes a shared lock on its month and a close takes it exclusively.
 */
const PAY_MONTHS = closedMonths('workperiods', 7311100, 'period_closed');

export function lockPeriods(tx: Db, periods: readonly string[], mode: 'shared' | 'exclusive'): Promise<unknown> {
  return PAY_MONTHS.lock(tx, periods, mode);
}

/** The closed months among `periods`, as a statement (run it once their locks are held: `lockPeriods`). */
export function closedPeriodsSql(periods: readonly string[]): SQL {
  return PAY_MONTHS.closedSql(periods);
}

/** The closed months among `periods`, with their shared locks held until the transaction ends. */
export function closedPeriods(tx: Db, periods: readonly string[]): Promise<Set<string>> {
  return PAY_MONTHS.closed(tx, periods);
}

/** Refuses (409) when one of the months is closed. */
export function assertOpenPeriods(tx: Db, periods: readonly string[]): Promise<void> {
  return PAY_MONTHS.assertOpen(tx, periods);
}

/** Locks a month against work-record writes while it is closed or reopened. */
export async function lockPeriodForClose(tx: Db, period: string): Promise<void> {
  await PAY_MONTHS.lock(tx, [period], 'exclusive');
}
