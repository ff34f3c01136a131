import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { freshDatabase, type TestDatabase } from '../test-database';
import { expectLedgerHolds, type Row } from '../stock/fixtures';

/**
 * The demo's deliveries (server/seed/delivery.ts, issue 32 item 7): requests in every status, notes drafted, shipped
 * and signed, some of them partial and some shipping pallets, all consistent with the stock, the order lines and the
 * orders — made by the server's own rules on a seeded database.
 */
let tdb: TestDatabase;
beforeAll(async () => { tdb = await freshDatabase('deliverydemo', { seeded: true }); }, 240_000);
afterAll(async () => { await tdb?.drop(); });

describe('the demo deliveries', () => {
  it('has requests, packings and notes in every status, consistent with stock and orders', async () => {
    const db = tdb.database.db;
    const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db, q))[0]!.n);
    const notes = await rows<{ status: string; n: number }>(db, sql`
      select status, count(*)::int as n from deliveries where not canceled group by status`);
    const by = new Map(notes.map(n => [n.status, n.n]));
    expect(by.get('shipped') ?? 0, 'shipped').toBeGreaterThan(0);
    expect(by.get('signed') ?? 0, 'signed').toBeGreaterThan(3);
    expect(by.get('draft'), 'drafts being picked').toBe(2);
    const requests = new Map((await rows<{ status: string; n: number }>(db, sql`
      select status, count(*)::int as n from deliveryrequests group by status`)).map(r => [r.status, r.n]));
    for (const s of ['requested', 'accepted', 'refused']) expect(requests.get(s) ?? 0, s).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from deliveryrequests where split_from_id is not null`)).toBeGreaterThanOrEqual(0);
    // Pallets: packed, sealed or shipped with their note.
    expect(await count(sql`select count(*)::int as n from packages where status = 'shipped'`)).toBeGreaterThan(0);
    // Every shipped note's check-out took exactly its lines' quantities, per order line.
    const mismatch = await rows<Row>(db, sql`
      select n.id from deliveries n
      where n.status in ('shipped', 'signed') and not n.canceled and (
        n.stockdoc_id is null
        or (select coalesce(sum(-l.quantity), 0) from itemlogs l where l.doc_id = n.stockdoc_id)
          <> (select sum(x.quantity) from deliverylines x where x.delivery_id = n.id and not x.canceled))`);
    expect(mismatch).toEqual([]);
    // An order line's delivered quantity is what its shipped notes took (the order book's shipped orders went out on
    // notes too: no plain goods out of finished goods).
    const off = await rows<Row>(db, sql`
      select d.id from details d
      where coalesce(d.delivered_quantity, 0) <> coalesce((select sum(x.quantity) from deliverylines x join deliveries n on n.id = x.delivery_id
          where x.detail_id = d.id and not x.canceled and not n.canceled and n.status in ('shipped', 'signed')), 0)`);
    expect(off).toEqual([]);
    // Some order lines were delivered in part; signed notes carry a signer, an image and a place.
    expect(await count(sql`select count(*)::int as n from details where delivered_quantity > 0 and delivered_quantity < quantity`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from deliveries where status = 'signed'
      and (signer is null or signature not like '/files/?action=download&id=%' or sign_place is null or signed_at < shipped_at)`)).toBe(0);
    await expectLedgerHolds(db);
    expect(await rows(db, sql`select 1 from stocklots where quantity < 0`)).toEqual([]);
  });
});
