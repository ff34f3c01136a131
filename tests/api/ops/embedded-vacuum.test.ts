import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { vacuumTablesBehind } from '../../../server/ops/embedded-vacuum';
import { freshDatabase, type TestDatabase } from '../test-database';

/**
 * The embedded database's upkeep (server/ops/embedded-vacuum.ts, decision 136): PGlite has no autovacuum, so the
 * server vacuums and analyzes the tables past PostgreSQL's thresholds itself. PGlite only: a PostgreSQL server's own
 * autovacuum could take the same tables first.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the embedded database upkeep (PGlite)', () => {
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await freshDatabase('upkeep'); });
  afterAll(async () => { await tdb?.drop(); });

  const stats = async (table: string) => {
    await tdb.database.db.execute(sql`select pg_stat_force_next_flush()`);
    const [s] = await rows<{ dead: number | string; vacuumed: string | null; analyzed: string | null; pages: number | string }>(tdb.database.db, sql`
      select n_dead_tup as dead, last_vacuum as vacuumed, last_analyze as analyzed, pg_relation_size(relid) / 8192 as pages
      from pg_stat_user_tables where relname = ${table}`);
    return { dead: Number(s!.dead), vacuumed: s!.vacuumed, analyzed: s!.analyzed, pages: Number(s!.pages) };
  };

  it('vacuums and analyzes a table past the thresholds, so its next updates reuse the space, and leaves the others', async () => {
    const db = tdb.database.db;
    // upkeep_churned: 5,000 rows updated twice (10,000 dead versions); upkeep_quiet: vacuumed, then 10 rows updated.
    for (const q of [
      'create table upkeep_churned (id int primary key, v int)',
      'insert into upkeep_churned select g, 0 from generate_series(1, 5000) g',
      'update upkeep_churned set v = v + 1',
      'update upkeep_churned set v = v + 1',
      'create table upkeep_quiet (id int primary key, v int)',
      'insert into upkeep_quiet select g, 0 from generate_series(1, 5000) g',
    ]) await db.execute(sql.raw(q));
    await stats('upkeep_quiet'); // the inserts counted before the vacuum (else they are counted after it)
    await db.execute(sql`vacuum (analyze) upkeep_quiet`);
    await db.execute(sql`update upkeep_quiet set v = 1 where id <= 10`);
    const quietBefore = await stats('upkeep_quiet');
    const churnedBefore = await stats('upkeep_churned');
    expect(churnedBefore.dead).toBe(10_000);
    expect(churnedBefore.vacuumed).toBeNull();

    // A pass asked to stop does nothing more (a server's stop waits for one table at most).
    expect(await vacuumTablesBehind(tdb.database, undefined, () => true)).toEqual([]);
    expect((await stats('upkeep_churned')).vacuumed).toBeNull();

    const done = await vacuumTablesBehind(tdb.database);
    expect(done.find(t => t.name === 'upkeep_churned')).toMatchObject({ vacuum: true, analyze: true });
    expect(done.find(t => t.name === 'upkeep_quiet'), JSON.stringify(done)).toBeUndefined();
    const churned = await stats('upkeep_churned');
    expect(churned).toMatchObject({ dead: 0, vacuumed: expect.anything(), analyzed: expect.anything() });
    expect(await stats('upkeep_quiet')).toMatchObject({ dead: 10, vacuumed: quietBefore.vacuumed });

    // The dead versions' space is free again: a third update of every row fits in the pages the table has.
    await db.execute(sql`update upkeep_churned set v = v + 1`);
    expect((await stats('upkeep_churned')).pages).toBe(churnedBefore.pages);
    // That update's 5,000 dead versions are past the threshold again (50 + 20 % of 5,000): the next pass takes the
    // table, and the one after finds nothing behind.
    expect((await vacuumTablesBehind(tdb.database)).map(t => t.name)).toContain('upkeep_churned');
    expect((await vacuumTablesBehind(tdb.database)).filter(t => t.name.startsWith('upkeep_'))).toEqual([]);
  });
});
