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

  it('indexes each declared reference, a nullable one only where it has a value (decision 140)', async () => {
    const refs = await rows<{ tab: string; col: string; not_null: boolean; def: string | null }>(tdb.database.db, sql`
      select t.relname as tab, a.attname as col, a.attnotnull as not_null,
        (select pg_get_indexdef(x.indexrelid) from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = t.oid and i.relname = t.relname || '_' || a.attname || '_idx') as def
      from pg_constraint k
      join pg_class t on t.oid = k.conrelid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.conkey[1]
      where k.contype = 'f' and array_length(k.conkey, 1) = 1 and t.relname = any(${sql.param(RESOURCES.map(r => r.name))}::text[])`);
    // Plenty of both kinds (cards' order is required, a swipe's machine is not).
    expect(refs.filter(r => r.not_null).length).toBeGreaterThan(5);
    expect(refs.filter(r => !r.not_null).length).toBeGreaterThan(20);
    const wrong = refs.filter(r => r.def !== null && (r.not_null ? /\bWHERE\b/i.test(r.def) : !r.def.endsWith(`WHERE (${r.col} IS NOT NULL)`)));
    expect(wrong.map(r => r.def)).toEqual([]);
    // Only the step indexes migration 0015 dropped (others serve them) have none.
    expect(refs.filter(r => r.def === null).map(r => `${r.tab}.${r.col}`).sort()).toEqual(['cardnodes.plan_device_id', 'cardnodes.worknode_id']);
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
