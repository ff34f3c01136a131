import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATTERNS, parsePattern, type NumberPattern } from '../../../src/domain/rules/numbering';
import { get, listEvery, post, sessionOf } from '../client';
import {
  cardsOfLine, confirmedOrder, detailOf, generate, nodesOfCard, ok, plantOf, units, type Plant, type Row,
} from './fixtures';

/**
 * Process cards over HTTP (docs/production.md): generation from a line by count or by size with the remainder on the
 * last card, numbering under concurrency, nodes from the routing, status derived from the nodes, split and cancel
 * that conserve the line's quantity, the spec's list parameters and the counts per work node.
 */

let admin = '';
let sales = '';
let plant: Plant;
const cardPattern = parsePattern(DEFAULT_PATTERNS.card_no_pattern) as NumberPattern;

beforeAll(async () => {
  admin = await sessionOf('admin');
  sales = await sessionOf('sales');
  plant = await plantOf(admin);
});

const quantities = (cards: Row[]) => cards.map(c => Number(c.quantity));

/** The invariant: a line's live cards hold exactly its `card_quantity`, never more than the line. */
async function expectConserved(detailId: unknown): Promise<void> {
  const line = await detailOf(admin, '/orders/details', detailId);
  const sum = (await cardsOfLine(admin, detailId)).reduce((s, c) => s + units(c.quantity), 0);
  expect(sum).toBe(units(line.card_quantity));
  expect(sum).toBeLessThanOrEqual(units(line.quantity));
}

describe('card generation', () => {
  it('splits a line by count, the last card taking the remainder, with nodes from the routing', async () => {
    const o = await confirmedOrder(admin, plant, [100]);
    const line = o.lines[0]!;
    const r = ok(await generate(admin, { detail_id: line.id, count: 3 }));
    expect(r.body.total).toBe(3);
    const cards = await cardsOfLine(admin, line.id);
    expect(quantities(cards)).toEqual([33.3333, 33.3333, 33.3334]);
    expect(cards.map(c => c.seq)).toEqual([1, 2, 3]);
    for (const c of cards) {
      expect(c.show_id).toMatch(/^C\d{11}$/);
      expect(String(c.show_id).slice(1, 7)).toBe(cardPattern.periodOf(new Date()));
      expect(c).toMatchObject({ status: 'waiting', order_id: o.id, order_show_id: o.dt.show_id, item_id: line.item_id, unit: line.unit });
    }
    const flow = await detailOf(admin, '/workflows/workflows', cards[0]!.workflow_id);
    const nodes = await nodesOfCard(admin, cards[0]!.id);
    expect(nodes.map(n => n.worknode_id)).toEqual(flow.worknode_ids);
    expect(nodes.every(n => n.status === 'waiting' && n.card_show_id === cards[0]!.show_id)).toBe(true);
    expect(cards[0]!.worknode_id).toBe((flow.worknode_ids as number[])[0]);
    expect(await detailOf(admin, '/orders/orders', o.id)).toMatchObject({ status: 'producing' });
    await expectConserved(line.id);
  });

  it('splits by size and refuses more than remains', async () => {
    const o = await confirmedOrder(admin, plant, [100]);
    const line = o.lines[0]!;
    ok(await generate(admin, { detail_id: line.id, size: 40, quantity: 90 }));
    expect(quantities(await cardsOfLine(admin, line.id))).toEqual([40, 40, 10]);
    expect((await generate(admin, { detail_id: line.id, count: 1, quantity: 10.0001 })).status).toBe(409);
    ok(await generate(admin, { detail_id: line.id, count: 2 }));
    expect(quantities(await cardsOfLine(admin, line.id))).toEqual([40, 40, 10, 5, 5]);
    expect((await generate(admin, { detail_id: line.id, count: 1 })).status).toBe(409);
    await expectConserved(line.id);
  });

  it('refuses bad requests with a clear 4xx', async () => {
    const o = await confirmedOrder(admin, plant, [10]);
    const id = o.lines[0]!.id;
    for (const params of [
      { detail_id: id }, { detail_id: id, count: 2, size: 5 }, { detail_id: id, count: 0 }, { detail_id: id, count: 10001 },
      { detail_id: id, size: -1 }, { detail_id: id, size: '1.00001' }, { detail_id: 'x', count: 1 },
    ]) {
      const r = await generate(admin, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
    expect((await generate(admin, { detail_id: 99999999, count: 1 })).status).toBe(404);
    expect((await generate(admin, { detail_id: id, size: 0.0001 })).status).toBe(422);
    expect((await generate(sales, { detail_id: id, count: 1 })).status).toBe(403);
    const draft = await confirmedOrder(admin, plant, [10]);
    ok(await post('/orders/orders/transition/', { id: draft.id, version: draft.version, to: 'draft' }, { session: admin }));
    expect((await generate(admin, { detail_id: draft.lines[0]!.id, count: 1 })).status).toBe(409);
    expect((await post('/orders/cards/save/', { detail_id: id, quantity: 1 }, { session: admin })).status).toBe(409);
  });

  it('never gives two cards one number, nor a line more than its quantity, under concurrent generations', async () => {
    const o = await confirmedOrder(admin, plant, [30, 30]);
    const [a, b] = o.lines;
    const results = await Promise.all([
      generate(admin, { detail_id: a!.id, count: 5, quantity: 20 }),
      generate(admin, { detail_id: a!.id, count: 5, quantity: 20 }),
      generate(admin, { detail_id: b!.id, count: 6 }),
      generate(admin, { detail_id: b!.id, size: 7, quantity: 10 }),
    ]);
    // Of the two 20s on a line of 30, exactly one fits.
    expect(results.slice(0, 2).map(r => r.status).sort()).toEqual([200, 409]);
    const all = [...await cardsOfLine(admin, a!.id), ...await cardsOfLine(admin, b!.id)];
    expect(new Set(all.map(c => c.show_id)).size).toBe(all.length);
    await expectConserved(a!.id);
    await expectConserved(b!.id);
  });

  it('makes one set of cards for a repeated request', async () => {
    const o = await confirmedOrder(admin, plant, [10]);
    const key = crypto.randomUUID();
    const [r1, r2] = await Promise.all([
      generate(admin, { detail_id: o.lines[0]!.id, count: 2 }, key), generate(admin, { detail_id: o.lines[0]!.id, count: 2 }, key),
    ]);
    expect(ok(r1).body).toEqual(ok(r2).body);
    expect(await cardsOfLine(admin, o.lines[0]!.id)).toHaveLength(2);
  });
});

describe('a card through its nodes', () => {
  it('derives the card from its nodes and the line from its cards', async () => {
    const o = await confirmedOrder(admin, plant, [50]);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 1 }));
    const [card] = await cardsOfLine(admin, o.lines[0]!.id);
    const nodes = await nodesOfCard(admin, card!.id);
    const save = (n: Row, values: Row) => post('/orders/cardnodes/save/', { id: n.id, version: n.version, ...values }, { session: admin });
    ok(await save(nodes[0]!, { status: 'done', good_quantity: 48, bad_quantity: 2 }));
    let now = await detailOf(admin, '/orders/cards', card!.id);
    expect(now).toMatchObject({ status: 'running', worknode_id: nodes[1]!.worknode_id, bad_quantity: 2, finished_quantity: 0 });
    expect((await save(nodes[1]!, { good_quantity: 51 })).status).toBe(422);
    for (const n of nodes.slice(1)) ok(await save(n, { status: 'done', good_quantity: 47, bad_quantity: 1 }));
    now = await detailOf(admin, '/orders/cards', card!.id);
    expect(now).toMatchObject({ status: 'done', worknode_id: null, finished_quantity: 47 });
    expect(await detailOf(admin, '/orders/details', o.lines[0]!.id)).toMatchObject({ finished_quantity: 47, card_quantity: 50 });
    const other = (await listEvery('/workflows/worknodes/list/', {}, { session: admin }))
      .find(w => !nodes.some(n => n.worknode_id === w.id));
    if (other) {
      const r = await post('/orders/cardnodes/save/', { card_id: card!.id, worknode_id: other.id, status: 'waiting' }, { session: admin });
      expect(r.status).toBe(422);
    }
  });
});

describe('split and cancel', () => {
  it('splits a card into two that hold what it held, and refuses a stale version or too much', async () => {
    const o = await confirmedOrder(admin, plant, [100]);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 1 }));
    const [card] = await cardsOfLine(admin, o.lines[0]!.id);
    const first = (await nodesOfCard(admin, card!.id))[0]!;
    ok(await post('/orders/cardnodes/save/', { id: first.id, version: first.version, status: 'running' }, { session: admin }));
    const fresh = await detailOf(admin, '/orders/cards', card!.id);
    expect((await post('/orders/cards/split/', { id: card!.id, version: fresh.version, quantity: 100 }, { session: admin })).status).toBe(422);
    const r = ok(await post('/orders/cards/split/', { id: card!.id, version: fresh.version, quantity: 30.5 }, { session: admin }));
    // The same split again, from the version it was made on: the card has changed since.
    expect((await post('/orders/cards/split/', { id: card!.id, version: fresh.version, quantity: 10 }, { session: admin })).status).toBe(409);
    expect((r.body.dt as Row).quantity).toBe(69.5);
    const split = r.body.split as Row;
    expect(split).toMatchObject({ quantity: 30.5, split_from_id: card!.id, seq: 2, status: 'running' });
    expect((await nodesOfCard(admin, split.id)).map(n => n.status)).toEqual((await nodesOfCard(admin, card!.id)).map(n => n.status));
    await expectConserved(o.lines[0]!.id);
    expect(await detailOf(admin, '/orders/details', o.lines[0]!.id)).toMatchObject({ card_quantity: 100 });
  });

  it('cancels a waiting card with its nodes and frees its quantity; a started one stays', async () => {
    const o = await confirmedOrder(admin, plant, [20]);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 2 }));
    const [c1, c2] = await cardsOfLine(admin, o.lines[0]!.id);
    ok(await post('/orders/cards/cancel/', { id: c1!.id, version: c1!.version }, { session: admin }));
    expect(await nodesOfCard(admin, c1!.id)).toEqual([]);
    expect(await detailOf(admin, '/orders/details', o.lines[0]!.id)).toMatchObject({ card_quantity: 10 });
    await expectConserved(o.lines[0]!.id);
    const n = (await nodesOfCard(admin, c2!.id))[0]!;
    ok(await post('/orders/cardnodes/save/', { id: n.id, version: n.version, status: 'running' }, { session: admin }));
    const c2now = await detailOf(admin, '/orders/cards', c2!.id);
    expect((await post('/orders/cards/cancel/', { id: c2!.id, version: c2now.version }, { session: admin })).status).toBe(409);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 1 }));
    await expectConserved(o.lines[0]!.id);
  });
});

describe('lists and counts', () => {
  it('filters cards by the spec parameters', async () => {
    const o = await confirmedOrder(admin, plant, [10]);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 2 }));
    const [c1] = await cardsOfLine(admin, o.lines[0]!.id);
    for (const n of await nodesOfCard(admin, c1!.id)) {
      ok(await post('/orders/cardnodes/save/', { id: n.id, version: n.version, status: 'done', good_quantity: 5 }, { session: admin }));
    }
    const q = { quote_id: o.lines[0]!.id };
    expect((await listEvery('/orders/cards/list/', { ...q, finished: 1 }, { session: admin })).map(c => c.id)).toEqual([c1!.id]);
    expect((await listEvery('/orders/cards/list/', { ...q, notfinished: 1 }, { session: admin })).map(c => c.id)).not.toContain(c1!.id);
    expect((await listEvery('/orders/cards/list/', { show_id: c1!.show_id }, { session: admin })).map(c => c.id)).toEqual([c1!.id]);
    expect((await listEvery('/orders/cards/list/', { ...q, show_id: String(c1!.show_id).slice(0, -1) }, { session: admin })).length)
      .toBeGreaterThanOrEqual(1);
    expect((await listEvery('/orders/cards/list/', { ...q, customer_id: plant.customer.id }, { session: admin })).length).toBe(2);
    const first = (await nodesOfCard(admin, c1!.id))[0]!;
    const atNode = await listEvery('/orders/cards/list/', { ...q, node_id: first.worknode_id, node_status: 'done' }, { session: admin });
    expect(atNode.map(c => c.id)).toEqual([c1!.id]);
    for (const bad of [{ quote_id: 'x' }, { node_id: 1, node_status: 'nope' }, { customer_id: '1;' }]) {
      expect((await get('/orders/cards/list/', bad, { session: admin })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('counts the live cards of an order per work node', async () => {
    const o = await confirmedOrder(admin, plant, [10]);
    ok(await generate(admin, { detail_id: o.lines[0]!.id, count: 2 }));
    const [c1] = await cardsOfLine(admin, o.lines[0]!.id);
    const nodes = await nodesOfCard(admin, c1!.id);
    ok(await post('/orders/cardnodes/save/', { id: nodes[0]!.id, version: nodes[0]!.version, status: 'done', good_quantity: 5 }, { session: admin }));
    const r = ok(await get('/orders/cardnodes/per_node/', { order_id: o.id }, { session: admin }));
    const byNode = new Map((r.body.dt as Row[]).map(d => [d.worknode_id, d]));
    expect(byNode.get(nodes[0]!.worknode_id)).toMatchObject({ waiting: 1, running: 0, done: 1, done_quantity: 5, waiting_quantity: 5 });
    expect(byNode.get(nodes[1]!.worknode_id)).toMatchObject({ waiting: 2, done: 0 });
    expect((await get('/orders/cardnodes/per_node/', { order_id: 'x' }, { session: admin })).status).toBe(400);
  });
});
