import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/connection';

/**
 * The pull horizon (docs/decisions.md, "The pull horizon"): the lowest change number that may still commit. A pull serves only rows below it,
 * so a transaction that took a lower number and commits after a higher one was served is never skipped.
 *
 * How it is known without a lock around every write: `next_rev()` (migration 0004), the only way rows take a change
 * number, first reads the number the sequence will hand out next — its floor — and holds a shared transaction-level
 * advisory lock keyed by that floor until it commits or aborts; only then does it take numbers, all at or above the
 * floor. The horizon is the lowest floor still locked, or the sequence's next value when no writer is in flight.
 *
 * Order matters: the sequence is read BEFORE the locks, and the rows are read after both. A writer whose lock the
 * reader did not see took its floor after the sequence was read, so its numbers are at or above that value; one
 * whose lock it saw holds it until it ends. Either way, every number below the horizon belongs to a transaction that
 * had ended when the rows were read. (PGlite runs one statement at a time, so there the horizon is simply the
 * sequence's next value.)
 */
export const REV_LOCK_OFFSET = 4611686018427387904n; // 2^62: keeps these keys apart from other advisory locks

export async function pullHorizon(db: Db): Promise<number> {
  const [seq] = await rows<{ next: string }>(db,
    sql`select (case when is_called then last_value + 1 else last_value end)::text as next from rev_seq`);
  const [lock] = await rows<{ floor: string | null }>(db, sql`
    select min(((l.classid::bigint << 32) | l.objid::bigint) - ${sql.raw(REV_LOCK_OFFSET.toString())})::text as floor
    from pg_locks l
    where l.locktype = 'advisory' and l.objsubid = 1 and l.classid::bigint >= 1073741824
      -- pg_locks shows every database of the server: only this database's writers hold back its horizon (another
      -- database's change numbers are its own; counted here they would stall the pull while it writes).
      and l.database = (select oid from pg_database where datname = current_database())`);
  const next = Number(seq!.next);
  const floor = lock?.floor === null || lock?.floor === undefined ? next : Number(lock.floor);
  return Math.min(next, floor);
}
