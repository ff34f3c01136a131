import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/connection';
import { introspect } from '../../server/db/introspect';
import { migrate } from '../../server/db/migrate';
import { diffSchema } from '../../server/db/schema-diff';
import { keywordCondition } from '../../server/resources/list';
import { tableShape } from '../../src/domain/registry/sql-shape';
import { RESOURCES } from '../../src/domain/resources/all';
import { freshDatabase, type TestDatabase } from './test-database';

/** The database itself, on the engine of this run: migrations agree with the registry, durability is on. */
describe('database', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await freshDatabase('schema');
    await migrate(tdb.database);
  });
  afterAll(async () => { await tdb?.drop(); });

  it('has every declared resource exactly as the registry says (run `npm run migration:new` when this fails)', async () => {
    const diff = diffSchema(RESOURCES.map(tableShape), await introspect(tdb.database.db));
    expect(diff.differences).toEqual([]);
  });

  it('applies migrations once: a second run applies nothing', async () => {
    expect(await migrate(tdb.database)).toEqual([]);
  });

  it('runs with fsync on, so an acknowledged write survives a crash', async () => {
    const [r] = await rows<{ fsync: string }>(tdb.database.db, sql`show fsync`);
    expect(r?.fsync).toBe('on');
  });

  it('notices a declaration the migrations lack', async () => {
    const items = RESOURCES.find(r => r.name === 'items')!;
    const changed = { ...items, fields: { ...items.fields, colour: { type: 'text' as const, max: 20 } } };
    const diff = diffSchema([tableShape(changed)], await introspect(tdb.database.db));
    expect(diff.differences).toEqual(['column items.colour is missing']);
    expect(diff.statements.join('\n')).toContain('alter table "items" add column "colour" text');
  });

  it('serves a paged list\'s keyword search from its trigram index (the condition is the indexed expression)', async () => {
    const plans: string[] = [];
    for (const name of ['items', 'journals', 'customeritems', 'checkins']) {
      const res = RESOURCES.find(r => r.name === name)!;
      const where = keywordCondition(res, 'ab cd', new Set())!;
      // With sequential scans priced out the planner takes the index whenever the condition can use it at all.
      await tdb.database.db.transaction(async tx => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain select id from ${sql.identifier(name)} where ${where}`);
        plans.push(plan.map(p => p['QUERY PLAN']).join('\n'));
      });
      expect(plans.at(-1)).toContain(`${name}_search_trgm`);
    }
  });
});
