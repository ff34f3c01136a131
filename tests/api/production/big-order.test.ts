import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { rows } from '../../../server/db/connection';
import { lineAmount } from '../../../src/domain/rules/numbers';
import { freshDatabase, type TestDatabase } from '../test-database';
import { postTo } from '../security/own-server';

/**
 * A big order saved as one document (issue 29 item 5): 500 lines are written set-based — a bounded number of
 * statements, not a dozen per line (9–11 s of the embedded database before, every other request waiting) — and every
 * rule of a single line still holds: numbers one after another, the item's units, price and formula, amounts, the
 * order's sums, one history entry per line at its own change number, one line's refusal naming its row. A server of
 * its own, so the statements counted are this save's alone. The time is bench/orders's (never asserted here).
 */
let tdb: TestDatabase;
let app: FastifyInstance;
let url = '';
let session = '';
type Row = Record<string, unknown>;

async function call(path: string, values: Record<string, unknown>): Promise<{ status: number; body: Row }> {
  return postTo(url, path, values, session, path.endsWith('save_with_lines/') && !(values.item as Row).id
    ? { 'idempotency-key': randomUUID() } : {});
}

beforeAll(async () => {
  tdb = await freshDatabase('bigorder', { seeded: true });
  app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await postTo(url, '/accounts/login/', { username: 'admin', password: 'admin123' });
  session = login.body.sessionid as string;
}, 120_000);
afterAll(async () => { await app?.close(); await tdb?.drop(); });

describe('a 500-line order', () => {
  let items: Row[] = [];
  let customerId = 0;

  beforeAll(async () => {
    items = await rows<Row>(tdb.database.db, sql`select id, price, unit, rate2 from items where price > 0 order by id limit 25`);
    const [c] = await rows<{ id: number }>(tdb.database.db, sql`select id from customers order by id limit 1`);
    customerId = Number(c!.id);
  });

  it('is written in a bounded number of statements, each line by the rules of one', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({ item_id: items[i % items.length]!.id, quantity: (i % 7) + 1 }));
    const before = tdb.database.statements();
    const saved = await call('/orders/orders/save_with_lines/', { item: { customer_id: customerId }, lines });
    const spent = tdb.database.statements() - before;
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    // A dozen statements a line before (about 6,000); now a few for the lot whatever the count of lines.
    expect(spent).toBeLessThan(40);

    const id = Number(saved.body.id);
    const stored = await rows<Row>(tdb.database.db, sql`
      select d.line_no, d.code, d.item_id, d.quantity::float8 as q, d.price::float8 as p, d.amount::float8 as a, d.unit,
        d.formula_id, d.rev, o.show_id
      from details d join orders o on o.id = d.order_id where d.order_id = ${id} order by d.line_no`);
    expect(stored.map(r => Number(r.line_no))).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    const byId = new Map(items.map(i => [Number(i.id), i]));
    for (const r of stored) {
      const item = byId.get(Number(r.item_id))!;
      expect(r.code).toBe(`${String(r.show_id)}-${String(r.line_no)}`);
      expect(Number(r.p)).toBe(Number(item.price));
      expect(r.unit).toBe(item.unit);
      expect(Number(r.a)).toBe(lineAmount(Number(r.q), Number(r.p)));
    }
    expect(new Set(stored.map(r => Number(r.rev))).size).toBe(500);
    const [order] = await rows<{ q: number; a: number }>(tdb.database.db, sql`
      select quantity::float8 as q, amount::float8 as a from orders where id = ${id}`);
    expect(Number(order!.q)).toBe(lines.reduce((s, l) => s + l.quantity, 0));
    expect(Number(order!.a)).toBeCloseTo(stored.reduce((s, r) => s + Number(r.a), 0), 2);
    const [h] = await rows<{ n: number }>(tdb.database.db, sql`
      select count(distinct kid)::int as n from history where table_name = 'details' and action = 'create'
        and kid in (select id from details where order_id = ${id})`);
    expect(Number(h!.n)).toBe(500);
    const reply = saved.body.lines as Row[];
    expect(reply).toHaveLength(500);

    // An edit of the document (at most 500 lines a save): 200 prices changed, 20 lines added, 10 removed, 270 sent
    // as they are, 20 not sent (left as they are).
    const sent = reply.map(l => ({ id: l.id, version: l.version, item_id: l.item_id, quantity: l.quantity, price: l.price }));
    const edited = sent.map((l, i) => (i < 200 ? { ...l, price: 2.5 } : l)).slice(0, 470);
    const removed = reply.slice(470, 480).map(l => ({ id: l.id, version: l.version }));
    const added = Array.from({ length: 20 }, (_, i) => ({ item_id: items[i]!.id, quantity: 3 }));
    const mark = tdb.database.statements();
    const again = await call('/orders/orders/save_with_lines/', {
      item: { id, version: saved.body.version }, lines: [...edited, ...added], removed,
    });
    expect(again.status, JSON.stringify(again.body).slice(0, 300)).toBe(200);
    // One UPDATE a changed or removed line (their values differ); everything else for the lot.
    expect(tdb.database.statements() - mark).toBeLessThan(200 + 10 + 40);
    const live = again.body.lines as Row[];
    expect(live).toHaveLength(510);
    expect(live.slice(-20).map(l => Number(l.line_no))).toEqual(Array.from({ length: 20 }, (_, i) => 501 + i));
    expect(live.slice(0, 200).every(l => Number(l.price) === 2.5 && Number(l.version) === 2)).toBe(true);
    expect(live.slice(200, 490).every(l => Number(l.version) === 1)).toBe(true);
    expect(live.some(l => removed.some(r => r.id === l.id))).toBe(false);
  });

  it('refuses the whole save when one line is wrong, and names that line', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({ item_id: items[i % items.length]!.id, quantity: 1 }));
    lines[217] = { item_id: 999_999_999, quantity: 1 };
    const [{ n: ordersBefore }] = await rows<{ n: number }>(tdb.database.db, sql`select count(*)::int as n from orders`) as [{ n: number }];
    const r = await call('/orders/orders/save_with_lines/', { item: { customer_id: customerId }, lines });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors as Row)).toEqual(['lines.217.item_id']);
    const [{ n: ordersAfter }] = await rows<{ n: number }>(tdb.database.db, sql`select count(*)::int as n from orders`) as [{ n: number }];
    expect(Number(ordersAfter)).toBe(Number(ordersBefore));
  });
});
