import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { lastMonths } from '../../../server/seed/finance';
import { localDateString } from '../../../src/domain/rules/date-single';
import { freshDatabase, type TestDatabase } from '../test-database';
import type { Row } from '../stock/fixtures';

/**
 * The demo's finance (server/seed/finance.ts, issue 33 item 9) on a seeded database: the last three months' bills of
 * the demo deliveries, made by the server's own rules, the older months confirmed, and every sum equal to its rows.
 */
let tdb: TestDatabase;
beforeAll(async () => { tdb = await freshDatabase('financedemo', { seeded: true }); }, 240_000);
afterAll(async () => { await tdb?.drop(); });

describe('the demo finance', () => {
  it('bills every shipped delivery line of the last three months once, the older months confirmed, sums to the cent', async () => {
    const db = tdb.database.db;
    const months = lastMonths(localDateString(new Date()), 3);
    const bills = await rows<Row>(db, sql`
      select id, status, to_char(date, 'YYYY-MM') as month, amount::text as amount, adjustment::text as adjustment, total::text as total
      from bills where not canceled`);
    expect(bills.length).toBeGreaterThan(3);
    for (const b of bills) {
      expect(months.map(m => m.month)).toContain(b.month);
      expect(b.status, `${String(b.month)}`).toBe(b.month === months[2]!.month ? 'draft' : 'confirmed');
    }
    // The deliveries run over the quarter: each of the two older months has its bills (the current month has them once
    // something shipped in it before yesterday).
    for (const m of months.slice(0, 2)) expect(bills.filter(b => b.month === m.month).length, m.month).toBeGreaterThan(0);
    // Every shipped or signed line of the period is on exactly one live bill line of its own customer.
    const unbilled = await rows<Row>(db, sql`
      select dl.id, (select count(*)::int from billlines bl join bills b on b.id = bl.bill_id
          where bl.deliveryline_id = dl.id and not bl.canceled and b.customer_id = v.customer_id) as n
      from deliverylines dl join deliveries v on v.id = dl.delivery_id
      where not dl.canceled and not v.canceled and v.status in ('shipped', 'signed')
        and v.date between ${months[0]!.from}::date and ${months[2]!.to}::date`);
    expect(unbilled.length).toBeGreaterThan(0);
    expect(unbilled.filter(r => Number(r.n) !== 1)).toEqual([]);
    // A bill's sums are its live lines' sums, in exact decimals.
    const off = await rows<Row>(db, sql`
      select b.id from bills b
      where not b.canceled and (b.amount <> (select coalesce(sum(l.amount), 0) from billlines l where l.bill_id = b.id and not l.canceled)
        or b.adjustment <> (select coalesce(sum(l.adjustment), 0) from billlines l where l.bill_id = b.id and not l.canceled)
        or b.total <> b.amount + b.adjustment)`);
    expect(off).toEqual([]);
  });

  it('has receipts paid in full, in part and in advance, invoices, payouts and fees, and every kept sum equals its rows', async () => {
    const db = tdb.database.db;
    const n = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db, q))[0]!.n);
    expect(await n(sql`select count(*)::int as n from receipts where not canceled`)).toBeGreaterThan(2);
    // Paid in full, paid in part, and money kept as credit (an advance, and a round sum above its bill).
    expect(await n(sql`select count(*)::int as n from bills where status = 'confirmed' and not canceled and allocated = total and total > 0`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from bills where status = 'confirmed' and not canceled and allocated > 0 and allocated < total`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from receipts where not canceled and allocated = 0`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from receipts where not canceled and allocated > 0 and allocated < amount`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from invoices where not canceled and status = 'issued'`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from payouts where not canceled`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from fees where not canceled`)).toBeGreaterThan(0);
    // docs/finance.md "The invariants" 2 and 3, and the invoiced sums, in exact decimals.
    const bad = await rows<Row>(db, sql`
      select 'bill' as what, b.id from bills b
      where b.allocated <> (select coalesce(sum(a.amount), 0) from allocations a where a.bill_id = b.id and not a.canceled)
        or (not b.canceled and b.allocated > b.total)
        or b.invoiced <> (select coalesce(sum(i.amount), 0) from invoices i where i.bill_id = b.id and not i.canceled and i.status = 'issued')
        or (not b.canceled and b.invoiced > b.total)
      union all
      select 'receipt', r.id from receipts r
      where r.allocated <> (select coalesce(sum(a.amount), 0) from allocations a where a.receipt_id = r.id and not a.canceled)
        or r.allocated > r.amount`);
    expect(bad).toEqual([]);
  });
});
