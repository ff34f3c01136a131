import { sql, type SQL } from 'drizzle-orm';
import { tableShape } from '../../src/domain/registry/sql-shape';
import { RESOURCES } from '../../src/domain/resources/all';
import { rows, type Db } from './connection';

/**
 * Foreign keys checked once per referenced row instead of once per written row (docs/decisions.md 141).
 *
 * PostgreSQL checks a foreign key with a trigger per written row and key: a lookup of the referenced row that locks it
 * `for key share`, so it cannot go while the writing transaction is open. The shop floor's push writes about 1,750
 * rows a batch (facts, steps, cards, piece-work records) that name the same few persons, work nodes and items again
 * and again — some 4,500 such lookups, about a third of what the batch costs the database (bench/sync). Within a
 * stretch of writes marked by `withoutRowChecks`, those triggers are off (`session_replication_role = replica`, for
 * this transaction only) and the writers note their rows here instead; before the stretch ends, one statement takes
 * the same `for key share` locks on every distinct row they name and fails if one is gone. The guarantee is the
 * foreign key's: each referenced row existed once the rows naming it were written, and cannot be deleted (nor its
 * key changed) until this transaction ends, because a delete waits for the lock and then finds the new rows.
 *
 * Rules for a stretch: every row a statement in it writes is noted here (`note` reads the foreign-key columns the row
 * sets; an update that sets none, like the lines' sums, has nothing to note); the tables it writes have no triggers or
 * rules of their own (replica mode would skip them: tests/api/reference-checks.test.ts holds the push's tables to
 * it); unique and check constraints are not triggers and still hold.
 *
 * The writers do not note by hand: the stretch's checks go with its transaction handle (`withoutRowChecks` registers
 * them for `fn`'s run), and the set-based writers of declared rows (server/db/bulk-write.ts: `insertRows`,
 * `updateRows`) note every row they write in the checks of the handle they write through, before submitting it. A
 * statement that writes a foreign-key column without them is what the rule above forbids.
 */

/** Every declared foreign key: table → its columns that reference another table's id, as the migrations make them. */
const FOREIGN_KEYS: ReadonlyMap<string, readonly (readonly [column: string, to: string])[]> = new Map(RESOURCES.map(r => [
  r.name, tableShape(r).columns.flatMap(c => (c.references ? [[c.name, c.references] as const] : [])),
]));

/** The foreign-key columns of a declared table, as the checks read them (for the catalog test). */
export function foreignKeysOf(table: string): readonly (readonly [column: string, to: string])[] {
  const keys = FOREIGN_KEYS.get(table);
  if (!keys) throw new Error(`reference-checks: ${table} is not a declared table`);
  return keys;
}

/** A row named by rows written in a stretch was gone when its lock was taken: the batch is decided again (push.ts). */
export class ReferenceGone extends Error {
  constructor(readonly table: string) {
    super(`a row of ${table} named by the rows written is gone`);
  }
}

/** The rows a stretch's writers noted, by the table they reference. */
export class ReferenceChecks {
  private readonly wanted = new Map<string, Set<number>>();

  /**
   * @param held rows this transaction holds locked already (`for update`: the push's card steps, its computer), by
   *   table; they need no second lock.
   */
  constructor(private readonly held: ReadonlyMap<string, ReadonlySet<number>> = new Map()) {}

  /** Notes what rows written to `table` name: each of its foreign-key columns present in a row and not null. */
  note(table: string, written: Iterable<object>): void {
    const keys = foreignKeysOf(table);
    for (const row of written) {
      for (const [column, to] of keys) {
        const v = (row as Readonly<Record<string, unknown>>)[column];
        if (v === null || v === undefined) continue;
        const id = Number(v);
        if (this.held.get(to)?.has(id)) continue;
        let ids = this.wanted.get(to);
        if (!ids) this.wanted.set(to, (ids = new Set()));
        ids.add(id);
      }
    }
  }

  /**
   * Takes the `for key share` lock of every noted row, in one statement (a locking query per table, each in its own
   * common table expression, counted), and throws `ReferenceGone` when a table has fewer of them than were named.
   * `also`: a value the same statement computes besides (`withoutRowChecks` turns the row checks back on in it, one
   * round trip fewer); run on its own when there is nothing to lock.
   */
  async lock(tx: Db, also?: SQL): Promise<void> {
    const tables = [...this.wanted].filter(([, ids]) => ids.size > 0);
    if (tables.length === 0) {
      if (also) await rows(tx, sql`select ${also}`);
      return;
    }
    const ctes: SQL[] = tables.map(([to, ids], i) => sql`${sql.identifier(`t${i}`)} as (
      select id from ${sql.identifier(to)} where id = any(${sql.param([...ids])}::int[]) for key share)`);
    const counts: SQL[] = tables.map((_, i) => sql`(select count(*) from ${sql.identifier(`t${i}`)})::int`);
    const [found] = await rows<{ found: number[] }>(tx, sql`
      with ${sql.join(ctes, sql`, `)} select array[${sql.join(counts, sql`, `)}] as found${also ? sql`, ${also}` : sql``}`);
    tables.forEach(([to, ids], i) => {
      if (Number(found!.found[i]) !== ids.size) throw new ReferenceGone(to);
    });
  }
}

/** The checks of the stretch a transaction handle is in (`withoutRowChecks`), while its `fn` runs. */
const stretches = new WeakMap<Db, ReferenceChecks>();

/**
 * Notes the rows written to `table` through `tx` when `tx` is in a stretch (`withoutRowChecks`); else nothing (the
 * triggers check them). Called by the bulk writers (bulk-write.ts) before they submit a statement.
 */
export function noteWritten(tx: Db, table: string, written: Iterable<object>): void {
  stretches.get(tx)?.note(table, written);
}

/** Whether this database lets the server turn the row-by-row checks off (superuser, or granted since PostgreSQL 15). */
const permitted = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether `withoutRowChecks` may turn the triggers off on this database: the role is a superuser (PGlite's always
 * is), or was granted `set on parameter session_replication_role` (PostgreSQL 15 and later). Asked once per database.
 * Otherwise the stretch runs with the triggers on: the same checks, row by row.
 */
export function rowChecksSkippable(db: Db): Promise<boolean> {
  let p = permitted.get(db);
  if (!p) {
    const asked = (async () => {
      const [r] = await rows<{ su: string; v: number | string }>(db, sql`
        select current_setting('is_superuser') as su, current_setting('server_version_num')::int as v`);
      if (r?.su === 'on') return true;
      if (Number(r?.v ?? 0) < 150_000) return false;
      const [g] = await rows<{ ok: boolean }>(db, sql`select has_parameter_privilege('session_replication_role', 'SET') as ok`);
      return g?.ok === true;
    })();
    // A failed question (the database briefly away) is asked again by the next push, not remembered.
    asked.catch(() => permitted.delete(db));
    permitted.set(db, (p = asked));
  }
  return p;
}

/**
 * Runs `fn`'s writes with the row-by-row foreign-key checks off when `skippable`, its rows noted in the stretch's
 * checks and locked at the end (`ReferenceChecks.lock`); the triggers are back on for whatever the transaction runs
 * after. While `fn` runs, the checks go with `tx`: the bulk writers writing through it note their rows in them
 * (`noteWritten`); `fn` is also handed them, for a statement of its own (the tests'). The statements are queued on the
 * transaction's one connection in call order, so the switch off is submitted before `fn`'s first statement and the
 * switch on with the lock, in its statement. Without `skippable`, `fn` runs as it would anyway, with no checks to note in.
 */
export async function withoutRowChecks<T>(tx: Db, skippable: boolean, held: ReadonlyMap<string, ReadonlySet<number>>,
  fn: (checks: ReferenceChecks | undefined) => Promise<T>): Promise<T> {
  if (!skippable) return fn(undefined);
  if (stretches.has(tx)) throw new Error('reference-checks: a stretch without row checks is already open on this transaction');
  const checks = new ReferenceChecks(held);
  const off = rows(tx, sql`set local session_replication_role = replica`);
  off.catch(() => {}); // a failure fails the statements queued behind it, which `fn` awaits
  stretches.set(tx, checks);
  let out: T;
  try {
    out = await fn(checks);
  } finally {
    // A write submitted from here on runs after the switch back on (submitted below, before any await): checked by its trigger.
    stretches.delete(tx);
  }
  // The checks back on in the lock's statement (`set_config(…, true)` is `set local`): a trigger-free read, whichever
  // of the two the statement evaluates first.
  await Promise.all([off, checks.lock(tx, sql`set_config('session_replication_role', 'origin', true) as role`)]);
  return out;
}
