import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/domain/contract/sync';
import { rows } from '../../../server/db/connection';
import { postTo } from '../security/own-server';
import { expectLedgerHolds, onHand, stockServer, type Row, type StockServer } from './fixtures';

/**
 * The stocktake counted on a handheld (docs/stock.md "Stocktake", issue 31 item 4), on the engine of the run: the
 * storekeeper's handheld, logged in as its terminal, pushes its counted lines as `count` facts through `/sync/push/`;
 * each becomes a line of the count document exactly once, its book the place's balance at the time it was scanned, so
 * goods moved between the scan and the push make no false difference; lines of one place are summed when posted; and
 * a line the rules refuse becomes a dead letter with its reason.
 */
let s: StockServer;
let W1 = 0;
let W2 = 0;
let P: number[] = [];
let I: number[] = [];
const PDA = `PDA-T-${Date.now().toString(36)}`;
let handheld = '';
let seq = 0;

const ok = (r: { status: number; body: Row }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body; };

/** A terminal named `code` and a device login of `username` at it. */
async function deviceSession(code: string, username: string, password: string): Promise<string> {
  const pc = ok(await s.call('/computers/save/', { code, name: `盘点${code}`, screen: 'count' }));
  const enrol = ok(await s.call('/computers/enrol/', { id: pc.id })).code as string;
  const login = await postTo(s.url, '/accounts/login/', { username, password, computer: code, enrol });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.sessionid as string;
}

const counted = (args: Row, at = new Date()): Mutation =>
  ({ id: randomUUID(), seq: ++seq, name: 'count', args, at: at.toISOString(), v: 1 });

async function push(mutations: readonly Mutation[], device = PDA, session = handheld) {
  const r = await postTo(s.url, '/sync/push/', { device, mutations: JSON.stringify(mutations) }, session);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { lastSeq: number; results: { id: string; status: string; key?: string; reason?: string }[] };
}

const linesOf = (doc: number) => rows<Row>(s.db, sql`
  select line_no, code, item_id, position_id, lot, card_id, quantity::float8 as q, book_quantity::float8 as book, unit
  from stocklines where doc_id = ${doc} and not canceled order by line_no`);

async function received(item: number, position: number, quantity: number, lot = ''): Promise<void> {
  const d = await s.draft('in', {}, [{ item_id: item, position_id: position, quantity, unit_cost: 2, lot }]);
  ok(await s.post(d.id));
}

beforeAll(async () => {
  s = await stockServer('count-facts');
  [W1, W2] = s.plant.warehouses as [number, number];
  P = s.plant.positions;
  I = s.plant.items;
  handheld = await deviceSession(PDA, 'store', 'store123');
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('a count pushed from a handheld', () => {
  it('becomes a line once, its book the place\'s balance when it was scanned', async () => {
    await received(I[0]!, P[0]!, 30);
    const count = await s.draft('count', {}, []);
    // Scanned while the book said 30 …
    const fact = counted({ doc_id: count.id, item_id: I[0], position_id: P[0], quantity: 28 });
    // … then 10 were issued before the handheld came back into reach.
    const out = await s.draft('out', {}, [{ item_id: I[0], position_id: P[0], quantity: 10 }]);
    ok(await s.post(out.id));
    const first = await push([fact]);
    expect(first.results).toEqual([{ id: fact.id, status: 'applied' }]);
    // A replay (the reply was lost) writes nothing again.
    const again = await push([fact]);
    expect(again.results[0]!.status).toBe('duplicate');
    const lines = await linesOf(count.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ line_no: 1, item_id: I[0], position_id: P[0], q: 28, book: 30 });
    expect(String(lines[0]!.code)).toMatch(/-1$/);
    ok(await s.post(count.id));
    // 30 − 10 issued − 2 missing.
    expect(await onHand(s.db, { item: I[0]!, warehouse: W1, position: P[0]! })).toBe(18);
    await expectLedgerHolds(s.db);
  });

  it('sums the lines of one place, and counts a card as its item in its lot', async () => {
    const [card] = await rows<{ show_id: string; item_id: number; unit: string | null }>(s.db, sql`
      select c.show_id, c.item_id, i.unit from cards c join items i on i.id = c.item_id where not c.canceled order by c.id limit 1`);
    await received(card!.item_id, P[1]!, 50, card!.show_id);
    await received(I[1]!, P[1]!, 7);
    const count = await s.draft('count', {}, []);
    const r = await push([
      counted({ doc_id: count.id, card: card!.show_id, position_id: P[1], quantity: 20 }),
      counted({ doc_id: count.id, item_id: I[1], position_id: P[1], quantity: 3 }),
      counted({ doc_id: count.id, card: card!.show_id, position_id: P[1], quantity: 25 }),
      counted({ doc_id: count.id, item_id: I[1], position_id: P[1], quantity: 4 }),
    ]);
    expect(r.results.map(x => x.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const lines = await linesOf(count.id);
    expect(lines.map(l => l.line_no)).toEqual([1, 2, 3, 4]);
    expect(lines[0]).toMatchObject({ item_id: card!.item_id, lot: card!.show_id, book: 50, unit: card!.unit });
    ok(await s.post(count.id));
    // 20 + 25 of the card's 50 found, 3 + 4 of 7: only the card's lot changes.
    expect(await onHand(s.db, { item: card!.item_id, warehouse: W1, position: P[1]!, lot: card!.show_id })).toBe(45);
    expect(await onHand(s.db, { item: I[1]!, warehouse: W1, position: P[1]!, lot: '' })).toBe(7);
    const moves = await rows<Row>(s.db, sql`select quantity::float8 as q from itemlogs where doc_id = ${count.id}`);
    expect(moves).toEqual([{ q: -5 }]);
    await expectLedgerHolds(s.db);
  });

  it('refuses, as dead letters with their reasons, lines the rules do not allow, and writes none of them', async () => {
    const posted = await s.draft('count', {}, [{ item_id: I[2], position_id: P[0], quantity: 0 }]);
    ok(await s.post(posted.id));
    const open = await s.draft('count', {}, []);
    const goodsIn = await s.draft('in', {}, []);
    const [elsewhere] = await rows<{ id: number }>(s.db, sql`select id from warepositions where warehouse_id = ${W2} limit 1`);
    const facts = [
      counted({ doc_id: posted.id, item_id: I[2], position_id: P[0], quantity: 1 }),
      counted({ doc_id: goodsIn.id, item_id: I[2], position_id: P[0], quantity: 1 }),
      counted({ doc_id: 2_000_000_000, item_id: I[2], quantity: 1 }),
      counted({ doc_id: open.id, item_id: 2_000_000_000, quantity: 1 }),
      counted({ doc_id: open.id, card: 'NO-SUCH-CARD', quantity: 1 }),
      counted({ doc_id: open.id, item_id: I[2], position_id: elsewhere!.id, quantity: 1 }),
      counted({ doc_id: open.id, item_id: I[2], quantity: -1 }),
      counted({ doc_id: open.id, quantity: 1 }),
    ];
    const r = await push(facts);
    expect(r.results.map(x => [x.status, x.key])).toEqual([
      ['rejected', 'stock_doc_posted'], ['rejected', 'stock_count_doc_unknown'], ['rejected', 'stock_count_doc_unknown'],
      ['rejected', 'stock_count_item_unknown'], ['rejected', 'stock_count_card_unknown'], ['rejected', 'stock_count_position_elsewhere'],
      ['rejected', 'fact_bad_args'], ['rejected', 'fact_bad_args'],
    ]);
    expect(r.results.every(x => typeof x.reason === 'string' && x.reason.length > 0)).toBe(true);
    expect(await linesOf(open.id)).toEqual([]);
    expect(await linesOf(posted.id)).toHaveLength(1);
    // Every refused fact is kept, so a supervisor can correct it.
    const [n] = await rows<{ n: number }>(s.db, sql`select count(*)::int as n from facts where uuid = any(${sql.param(facts.map(f => f.id))}::text[])
      and status = 'rejected'`);
    expect(n!.n).toBe(facts.length);
  });

  it('counts only the positions of the storeroom a count is scoped to, from a handheld or a form alike', async () => {
    const placed = await rows<{ id: number; room_id: number }>(s.db, sql`
      select id, room_id from warepositions where warehouse_id = ${W1} and room_id is not null order by room_id, id`);
    const room = placed[0]!.room_id;
    const inside = placed.find(p => p.room_id === room)!.id;
    const outside = placed.find(p => p.room_id !== room)?.id;
    expect(outside, 'the demo\'s first warehouse has two storerooms with positions').toBeDefined();
    const scoped = await s.draft('count', { room_id: room }, []);
    const r = await push([
      counted({ doc_id: scoped.id, item_id: I[2], position_id: inside, quantity: 1 }),
      counted({ doc_id: scoped.id, item_id: I[2], position_id: outside, quantity: 1 }),
      counted({ doc_id: scoped.id, item_id: I[2], quantity: 1 }),
    ]);
    expect(r.results.map(x => x.key ?? x.status)).toEqual(['applied', 'stock_count_out_of_scope', 'stock_count_out_of_scope']);
    const form = await s.call('/warehouses/stocklines/save/', { item: { doc_id: scoped.id, item_id: I[2], position_id: outside, quantity: 1 } },
      { 'idempotency-key': randomUUID() });
    expect(form.status).toBe(422);
    expect((await linesOf(scoped.id)).map(l => l.position_id)).toEqual([inside]);
    // A storeroom of another warehouse is no scope of this one.
    const [foreign] = await rows<{ id: number }>(s.db, sql`select id from warerooms where warehouse_id = ${W2} limit 1`);
    const bad = await s.call('/warehouses/stockdocs/save/', { item: { kind: 'count', warehouse_id: W1, room_id: foreign!.id } },
      { 'idempotency-key': randomUUID() });
    expect(bad.status).toBe(422);
    expect(String(bad.body.msg)).toMatch(/库房/);
  });

  it('counts a place in the stock status its book holds when the handheld names none', async () => {
    const status = s.plant.statuses[0]!;
    const d = await s.draft('in', {}, [{ item_id: I[3], position_id: P[2], status_id: status, quantity: 12, unit_cost: 1 }]);
    ok(await s.post(d.id));
    const count = await s.draft('count', {}, []);
    expect((await push([counted({ doc_id: count.id, item_id: I[3], position_id: P[2], quantity: 10 })])).results[0]!.status).toBe('applied');
    const [line] = await rows<Row>(s.db, sql`select status_id, book_quantity::float8 as book from stocklines where doc_id = ${count.id}`);
    expect(line).toEqual({ status_id: status, book: 12 });
    ok(await s.post(count.id));
    expect(await onHand(s.db, { item: I[3]!, warehouse: W1, position: P[2]! })).toBe(10);
    await expectLedgerHolds(s.db);
  });

  it('refuses counts from a terminal whose account may not write stocktake lines', async () => {
    const kiosk = `PC-T-${Date.now().toString(36)}`;
    const operator = await deviceSession(kiosk, 'operator', 'oper123');
    const open = await s.draft('count', {}, []);
    const r = await push([{ ...counted({ doc_id: open.id, item_id: I[2], quantity: 1 }), seq: 1 }], kiosk, operator);
    expect(r.results.map(x => x.key)).toEqual(['stock_count_not_allowed']);
    expect(await linesOf(open.id)).toEqual([]);
  });
});
