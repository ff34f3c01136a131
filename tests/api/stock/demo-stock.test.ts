import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { freshDatabase, type TestDatabase } from '../test-database';
import { expectLedgerHolds, type Row } from './fixtures';

/**
 * The demo's quarter of stock (server/seed/stock.ts, issue 31 item 7): documents of every kind the plant makes,
 * all posted, consistent with the cards they name, and the ledger's invariants holding over all of it.
 */
let tdb: TestDatabase;
beforeAll(async () => { tdb = await freshDatabase('stockdemo', { seeded: true }); }, 180_000);
afterAll(async () => { await tdb?.drop(); });

describe('the demo stock', () => {
  it('has a quarter of posted documents of every kind, and the ledger holds', async () => {
    const db = tdb.database.db;
    const kinds = await rows<{ kind: string; n: number; posted: number }>(db, sql`
      select kind, count(*)::int as n, count(*) filter (where status = 'posted')::int as posted from stockdocs group by kind`);
    const by = new Map(kinds.map(k => [k.kind, k]));
    for (const kind of ['in', 'out', 'move', 'count']) expect(by.get(kind)?.n, kind).toBeGreaterThan(0);
    for (const k of kinds) expect(k.posted, k.kind).toBe(k.n);
    expect(by.get('in')!.n).toBeGreaterThan(20);
    const [span] = await rows<{ days: number }>(db, sql`select (max(date) - min(date))::int as days from stockdocs`);
    expect(span!.days).toBeGreaterThan(80);
    // Finished goods are checked in as lots of their cards, at most what each card finished.
    const lots = await rows<Row>(db, sql`
      select l.card_id from itemlogs l join cards c on c.id = l.card_id
      where l.kind = 'in' group by l.card_id, c.finished_quantity, c.show_id
      having sum(l.quantity) > c.finished_quantity or bool_or(l.lot <> c.show_id)`);
    expect(lots).toEqual([]);
    expect((await rows(db, sql`select 1 from itemlogs where card_id is not null limit 1`)).length).toBe(1);
    // Semi-finished lots: cards put into the semi-finished store at most what their printing passed, most issued since,
    // some still there.
    expect(by.get('in_temp')?.n, 'in_temp').toBeGreaterThan(0);
    const semi = await rows<Row>(db, sql`
      select l.card_id from itemlogs l join cards c on c.id = l.card_id join cardnodes n on n.card_id = c.id
        join worknodes w on w.id = n.worknode_id and w.name = '印刷'
      where l.kind = 'in_temp' group by l.card_id, n.good_quantity, c.show_id
      having sum(l.quantity) > n.good_quantity or bool_or(l.lot <> c.show_id)`);
    expect(semi).toEqual([]);
    const [left] = await rows<{ issued: number; waiting: number }>(db, sql`
      select (select count(*) from itemlogs l join warehouses w on w.id = l.warehouse_id where w.kind = 'semi' and l.kind = 'out')::int as issued,
        (select count(*) from stocklots s join warehouses w on w.id = s.warehouse_id where w.kind = 'semi' and s.quantity > 0)::int as waiting`);
    expect(left!.issued).toBeGreaterThan(0);
    expect(left!.waiting).toBeGreaterThan(0);
    // The stocktake found differences on some reels.
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from itemlogs where kind = 'count'`);
    expect(count!.n).toBeGreaterThan(0);
    await expectLedgerHolds(db);
    expect(await rows(db, sql`select 1 from stocklots where quantity < 0`)).toEqual([]);
  });
});
