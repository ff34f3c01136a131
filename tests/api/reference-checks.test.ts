import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../../server/auth/sessions';
import { insertRows, updateRows } from '../../server/db/bulk-write';
import { rows, type Db } from '../../server/db/connection';
import { foreignKeysOf, ReferenceGone, rowChecksSkippable, withoutRowChecks } from '../../server/db/reference-checks';
import { pushFacts } from '../../server/areas/shopfloor/facts/push';
import { WRITTEN_WITHOUT_ROW_CHECKS as PUSH_TABLES } from '../../server/areas/shopfloor/facts/write';
import { WRITTEN_WITHOUT_ROW_CHECKS as POSTING_TABLES } from '../../server/areas/stock/apply-movements';
import { RESOURCES } from '../../src/domain/resources/all';
import { cardnodes } from '../../src/domain/resources/orders/cardnodes';
import { works } from '../../src/domain/resources/production/works';
import { freshDatabase, type TestDatabase } from './test-database';

/**
 * Foreign keys checked once per named row (server/db/reference-checks.ts, decision 141): the stretch of a push that
 * writes with PostgreSQL's row-by-row checks off must keep every guarantee they give — on both engines, and on
 * PostgreSQL also against a second connection deleting what the stretch named.
 */

let tdb: TestDatabase;
let db: Db;
let worknode = 0;

beforeAll(async () => {
  tdb = await freshDatabase('refchecks', { seeded: true });
  db = tdb.database.db;
  const [w] = await rows<{ id: number }>(db, sql`select id from worknodes order by id limit 1`);
  worknode = Number(w!.id);
});
afterAll(async () => { await tdb?.drop(); });

/** A person no other row names, made for one case. */
async function newPerson(code: string): Promise<number> {
  const [p] = await rows<{ id: number }>(db, sql`
    insert into persons (code, name, rev) values (${code}, ${code}, next_rev()) returning id`);
  return Number(p!.id);
}

/** A piece-work record naming `person`, written by plain SQL (as a writer in the stretch would, noted or not). */
const insertWork = (tx: Db, person: number) => rows(tx, sql`
  insert into works (person_id, work_date, worknode_id, rev) values (${person}, '2026-11-26', ${worknode}, next_rev())`);

/** The tables written in a stretch without row checks: a push's (facts/write.ts) and a posting's (stock/apply-movements.ts). */
const WRITTEN_WITHOUT_ROW_CHECKS = [...PUSH_TABLES, ...POSTING_TABLES];

describe('reference checks', () => {
  it('cover what a push and a posting write: the declared foreign keys are all there are, and no trigger or rule would be skipped', async () => {
    const found = await rows<{ tab: string; col: string; to: string }>(db, sql`
      select t.relname as tab, a.attname as col, f.relname as "to"
      from pg_constraint k
      join pg_class t on t.oid = k.conrelid join pg_class f on f.oid = k.confrelid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.conkey[1]
      where k.contype = 'f' and t.relname = any(${sql.param([...WRITTEN_WITHOUT_ROW_CHECKS])}::text[])`);
    const declared = WRITTEN_WITHOUT_ROW_CHECKS.flatMap(t => foreignKeysOf(t).map(([col, to]) => `${t}.${col} → ${to}`));
    expect(found.map(r => `${r.tab}.${r.col} → ${r.to}`).sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThan(30);
    const own = await rows<{ name: string }>(db, sql`
      select tgname as name from pg_trigger where not tgisinternal
        and tgrelid::regclass::text = any(${sql.param([...WRITTEN_WITHOUT_ROW_CHECKS])}::text[])
      union all
      select rulename from pg_rules where schemaname = 'public' and tablename = any(${sql.param([...WRITTEN_WITHOUT_ROW_CHECKS])}::text[])`);
    expect(own).toEqual([]);
    // Every table the list names is a declared one (foreignKeysOf throws otherwise).
    expect(WRITTEN_WITHOUT_ROW_CHECKS.every(t => RESOURCES.some(r => r.name === t))).toBe(true);
  });

  it('may turn the row checks off here (the test role is a superuser)', async () => {
    expect(await rowChecksSkippable(db)).toBe(true);
  });

  it('fail the stretch when a noted row is missing, and nothing it wrote stays', async () => {
    const missing = 987_654_321;
    const attempt = db.transaction(tx => withoutRowChecks(tx, true, new Map(), async checks => {
      await insertWork(tx, missing); // the trigger would refuse it; off, only the lock below can
      checks!.note('works', [{ person_id: missing, worknode_id: worknode }]);
    }));
    await expect(attempt).rejects.toBeInstanceOf(ReferenceGone);
    await expect(attempt).rejects.toMatchObject({ table: 'persons' });
    const [left] = await rows<{ n: number }>(db, sql`select count(*)::int as n from works where person_id = ${missing}`);
    expect(left!.n).toBe(0);
  });

  it('pass a stretch whose noted rows exist, skip the rows held already, and turn the checks back on after it', async () => {
    const person = await newPerson('RC-OK');
    const after = await db.transaction(async tx => {
      await withoutRowChecks(tx, true, new Map([['worknodes', new Set([worknode])]]), async checks => {
        await insertWork(tx, person);
        checks!.note('works', [{ person_id: person, worknode_id: worknode, item_id: null }]);
      });
      const [mode] = await rows<{ m: string }>(tx, sql`select current_setting('session_replication_role') as m`);
      // A bad reference after the stretch is refused by the trigger again (in a savepoint, so the rest commits).
      const refused = await tx.transaction(sp => insertWork(sp, 987_654_322)).then(() => 'written', (e: unknown) => {
        const x = e as { code?: string; cause?: { code?: string } };
        return x.code ?? x.cause?.code;
      });
      return { mode: mode!.m, refused };
    });
    expect(after).toEqual({ mode: 'origin', refused: '23503' });
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from works where person_id = ${person}`);
    expect(n!.n).toBe(1);
  });

  it('are noted by the bulk writers themselves: a row naming a gone row in any foreign-key column fails the stretch', async () => {
    const person = await newPerson('RC-BULK');
    const gone = await newPerson('RC-BULK-GONE');
    await rows(db, sql`delete from persons where id = ${gone}`);
    const keys = foreignKeysOf('works');
    expect(keys.map(([col]) => col)).toContain('person_id');
    for (const [col, to] of keys) {
      const missing = col === 'person_id' ? gone : 987_654_300;
      // No `note`: the writer only writes, through insertRows.
      const attempt = db.transaction(tx => withoutRowChecks(tx, true, new Map(), () => insertRows(tx, works, [
        { person_id: person, work_date: '2026-11-26', worknode_id: worknode, [col]: missing },
      ], { computed: { rev: sql`next_rev()` } })));
      await expect(attempt, col).rejects.toBeInstanceOf(ReferenceGone);
      await expect(attempt, col).rejects.toMatchObject({ table: to });
    }
    const [left] = await rows<{ n: number }>(db, sql`
      select count(*)::int as n from works where person_id = any(${sql.param([person, gone])}::int[])`);
    expect(left!.n).toBe(0);
    // An update names what it sets, too (a card step's person), and the rows of a good stretch are written.
    const [step] = await rows<{ id: number; person_id: number | null }>(db, sql`select id, person_id from cardnodes order by id limit 1`);
    const update = db.transaction(tx => withoutRowChecks(tx, true, new Map(), () =>
      updateRows(tx, cardnodes, [{ id: Number(step!.id), person_id: gone }])));
    await expect(update).rejects.toMatchObject({ table: 'persons' });
    const [after] = await rows<{ person_id: number | null }>(db, sql`select person_id from cardnodes where id = ${step!.id}`);
    expect(after!.person_id).toBe(step!.person_id);
    await db.transaction(tx => withoutRowChecks(tx, true, new Map(), () => insertRows(tx, works, [
      { person_id: person, work_date: '2026-11-26', worknode_id: worknode },
    ])));
    const [made] = await rows<{ n: number }>(db, sql`select count(*)::int as n from works where person_id = ${person}`);
    expect(made!.n).toBe(1);
  });

  it('send a column of one value in every row once, and still note it: the rows read back as written', async () => {
    const person = await newPerson('RC-ONCE');
    const gone = await newPerson('RC-ONCE-GONE');
    await rows(db, sql`delete from persons where id = ${gone}`);
    // Three rows sharing their person, date and node (sent once each), differing in their quantity (sent per row).
    const three = (p: number) => [1.5, 2, 3.25].map(quantity => ({ person_id: p, work_date: '2026-11-27', worknode_id: worknode, quantity }));
    const refused = db.transaction(tx => withoutRowChecks(tx, true, new Map(), () => insertRows(tx, works, three(gone), { sendOnce: true })));
    await expect(refused).rejects.toMatchObject({ table: 'persons' });
    await db.transaction(tx => withoutRowChecks(tx, true, new Map(), () => insertRows(tx, works, three(person), { sendOnce: true })));
    const made = await rows<{ work_date: string; worknode_id: number; q: string }>(db, sql`
      select work_date::text as work_date, worknode_id, quantity::text as q from works where person_id = ${person} order by quantity`);
    expect(made.map(r => [r.work_date, Number(r.worknode_id), Number(r.q)])).toEqual([
      ['2026-11-27', worknode, 1.5], ['2026-11-27', worknode, 2], ['2026-11-27', worknode, 3.25],
    ]);
    // Every column of one value: one still goes per row, and each row is written.
    await db.transaction(tx => insertRows(tx, works, [1, 2].map(() => ({ person_id: person, work_date: '2026-11-28', worknode_id: worknode })), { sendOnce: true }));
    const [same] = await rows<{ n: number }>(db, sql`select count(*)::int as n from works where person_id = ${person} and work_date = '2026-11-28'`);
    expect(same!.n).toBe(2);
  });

  it('leave a bulk write outside a stretch to the triggers, and refuse a foreign key the statement would compute', async () => {
    const outside = db.transaction(tx => insertRows(tx, works, [
      { person_id: 987_654_323, work_date: '2026-11-26', worknode_id: worknode },
    ]))
      .then(() => 'written', (e: unknown) => {
        const x = e as { code?: string; cause?: { code?: string } };
        return x.code ?? x.cause?.code;
      });
    expect(await outside).toBe('23503');
    // Refused before any statement: computed values are not noted. The types refuse it too, hence the cast.
    const computed = { person_id: sql`1` } as unknown as Record<string, never>;
    expect(() => insertRows(db, works, [{ work_date: '2026-11-26', worknode_id: worknode }], { computed }))
      .toThrow(/works\.person_id references another table/);
    expect(() => insertRows(db, works, [{ person: 1 } as never])).toThrow(/works\.person is not a declared column/);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('hold a named row against another connection\'s delete until the writes commit (PostgreSQL)',
    async () => {
      const person = await newPerson('RC-HOLD');
      const other = new pg.Client({ connectionString: tdb.url! });
      await other.connect();
      try {
        await other.query(`set lock_timeout = '300ms'`);
        const whileOpen = await db.transaction(async tx => {
          await withoutRowChecks(tx, true, new Map(), async checks => {
            await insertWork(tx, person);
            checks!.note('works', [{ person_id: person, worknode_id: worknode }]);
          });
          // The delete needs the row's lock, which this transaction holds until it ends: it can only time out.
          return other.query('delete from persons where id = $1', [person]).then(() => 'deleted', (e: { code?: string }) => e.code);
        });
        expect(whileOpen).toBe('55P03');
        // Once the record is committed the delete finds it, as the foreign key's own check would have made it.
        const afterCommit = await other.query('delete from persons where id = $1', [person]).then(() => 'deleted', (e: { code?: string }) => e.code);
        expect(afterCommit).toBe('23503');
      } finally {
        await other.end();
      }
    });

  it.runIf(!!process.env.TEST_DATABASE_URL)('decide a push again when a person it names is deleted while it writes: the swipe is then refused (PostgreSQL)',
    async () => {
      // A kiosk of the demo plant and the first waiting step of a card at one of its work nodes.
      const [spot] = await rows<{ computer: number; code: string; card: string; worknode: number; mode: string }>(db, sql`
        select k.id as computer, k.code, c.show_id as card, n.worknode_id as worknode, w.tap_mode as mode
        from computers k
        join cardnodes n on n.worknode_id = any(k.worknode_ids) and n.status = 'waiting' and not n.canceled and n.seq = 1
        join cards c on c.id = n.card_id and not c.canceled
        join worknodes w on w.id = n.worknode_id
        order by k.id, n.id limit 1`);
      expect(spot).toBeDefined();
      const person = await newPerson('RC-GONE');
      // Another connection deletes the person and holds the row until told to commit.
      const other = new pg.Client({ connectionString: tdb.url! });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('delete from persons where id = $1', [person]);
        const [admin] = await rows<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);
        const auth = { accountId: Number(admin!.id) } as Auth; // pushFacts reads only who writes
        const id = randomUUID();
        const pushed = pushFacts(db, auth, Number(spot!.computer), spot!.code, { mutations: [{
          id, seq: 1, name: 'tap', v: 1, at: new Date().toISOString(),
          args: { card: spot!.card, worknode_id: Number(spot!.worknode), person_id: person, action: spot!.mode === 'single' ? 'pass' : 'start' },
        }] });
        // The push read the person (the delete is not committed) and waits for its lock on it: then the delete commits.
        for (;;) {
          const [w] = await rows<{ n: number }>(db, sql`
            select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          if (w!.n > 0) break;
          await new Promise(r => setTimeout(r, 20));
        }
        await other.query('commit');
        const outcome = await pushed;
        expect(outcome.results).toEqual([{ id, status: 'rejected', reason: { key: 'tap_person_unknown' } }]);
        const [fact] = await rows<{ person_id: number | null; status: string }>(db, sql`select person_id, status from facts where uuid = ${id}`);
        expect(fact).toEqual({ person_id: null, status: 'rejected' });
      } finally {
        await other.end();
      }
    });

  it.runIf(!!process.env.TEST_DATABASE_URL)('are kept row by row for a role that may not turn them off, until it is granted (PostgreSQL)',
    async () => {
      const role = `ipos_rc_${process.pid}`;
      const admin = (q: string) => rows(db, sql.raw(q));
      await admin(`create role ${role} login`);
      const url = new URL(tdb.url!);
      url.username = role;
      const client = new pg.Client({ connectionString: url.toString() });
      try {
        await client.connect();
        // A fresh drizzle instance: the answer is kept per database handle.
        expect(await rowChecksSkippable(drizzle(client) as unknown as Db)).toBe(false);
        await admin(`grant set on parameter session_replication_role to ${role}`);
        expect(await rowChecksSkippable(drizzle(client) as unknown as Db)).toBe(true);
      } finally {
        await client.end().catch(() => {});
        await admin(`revoke set on parameter session_replication_role from ${role}`);
        await admin(`drop role ${role}`);
      }
    });
});
