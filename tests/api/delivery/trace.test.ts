import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceReply } from '../../../src/domain/contract/trace';
import { buildChain, getFrom, loginTo, loginWithGrants, type Chain } from './trace-chain';

/**
 * Traceability both ways (docs/delivery.md "Traceability", decision 208) on a small chain of its own (trace-chain.ts),
 * on both databases: a delivery line back to its package, card, steps, inspections, defects and reels; the cards
 * forward to the delivery and its customer; a reel forward to the customer; a cancelled check-out counts for nothing;
 * a role without deliveries or customers gets the rest and is told what was left out; a salesperson cannot trace another's
 * card; a bad start is a 400 with the message in the caller's language.
 */
let c: Chain;
let admin: string;
beforeAll(async () => {
  c = await buildChain('trace');
  admin = c.s.session;
}, 240_000);
afterAll(async () => { await c?.close(); });

async function trace(params: Record<string, unknown>, session = admin): Promise<TraceReply> {
  const r = await getFrom(c.s.url, '/trace/', params, session);
  expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
  return r.body as unknown as TraceReply;
}
const showIds = (r: TraceReply) => r.cards.map(x => x.show_id);

describe('backward: from what was delivered', () => {
  it('a package line: its package, the card packed in it, the card\'s step, work, inspection, defects and both reels', async () => {
    const r = await trace({ kind: 'deliveryline', id: c.lines.pack });
    expect(r.start).toMatchObject({ kind: 'deliveryline', id: c.lines.pack, label: `${c.deliveries.dNo}-1` });
    expect(r.hidden).toEqual([]);
    expect(showIds(r)).toEqual([c.cards[0]!.show_id]);
    const card = r.cards[0]!;
    expect(card).toMatchObject({ customer_id: c.customer.id, customer_name: c.customer.name, finished_quantity: 50 });
    // Its check-out: in package P, on the delivery's first line.
    expect(r.shipments.map(s => [s.card_id, s.package_id, s.delivery_id, s.deliveryline_id, s.quantity])).toEqual([
      [card.id, c.packages.p, c.deliveries.d, c.lines.pack, 50]]);
    expect(r.packages.map(p => [p.id, p.show_id, p.card_ids])).toEqual([[c.packages.p, c.packages.pNo, [card.id]]]);
    expect(r.deliveries.map(d => [d.id, d.customer_name, d.status])).toEqual([[c.deliveries.d, c.customer.name, 'shipped']]);
    // How it was made: the step (who, which machine), the piece work, the inspection and its defects.
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]).toMatchObject({ card_id: card.id, status: 'done', good_quantity: 50 });
    expect(r.steps[0]!.person_name).toBeTruthy();
    expect(r.steps[0]!.device_name).toBeTruthy();
    expect(r.works.map(w => w.quantity)).toEqual([50]);
    expect(r.inspections.map(i => [i.stage, i.quantity, i.bad_quantity, i.grade])).toEqual([['finished', 48, 3, 'A']]);
    expect(r.defects.map(d => [d.reason, d.quantity]).sort()).toEqual([[`T破损${c.run}`, 1], [`T色差${c.run}`, 2]]);
    // What it was made of: reel R issued to the card, reel R2 to its order line (so to each of its cards).
    expect(r.materials.map(m => [m.card_id, m.detail_id, m.item_id, m.lot, m.quantity])).toEqual([
      [card.id, null, c.reel, c.lots.r, 300], [null, c.detail, c.reel, c.lots.r2, 200]]);
  });

  it('a line of loose goods: the card of its lot, not the package\'s; the cancelled check-out is no shipment', async () => {
    const r = await trace({ kind: 'deliveryline', id: c.lines.loose });
    expect(showIds(r)).toEqual([c.cards[1]!.show_id]);
    expect(r.shipments.map(s => [s.delivery_id, s.deliveryline_id, s.package_id, s.quantity])).toEqual([[c.deliveries.d, c.lines.loose, null, 30]]);
    // Card 2 had no reel of its own: the order line's reel only.
    expect(r.materials.map(m => m.lot)).toEqual([c.lots.r2]);
  });

  it('a delivery by its number: both lines and both cards; a package: the card packed in it', async () => {
    const d = await trace({ kind: 'delivery', code: c.deliveries.dNo });
    expect(showIds(d)).toEqual([c.cards[0]!.show_id, c.cards[1]!.show_id]);
    expect(d.deliverylines.map(l => l.id).sort((a, b) => a - b)).toEqual([c.lines.pack, c.lines.loose].sort((a, b) => a - b));
    const p = await trace({ kind: 'package', id: c.packages.p2 });
    expect(showIds(p)).toEqual([c.cards[2]!.show_id]);
    expect(p.shipments).toEqual([]);
  });

  it('an order line: all its cards', async () => {
    expect(showIds(await trace({ kind: 'detail', id: c.detail }))).toEqual(c.cards.map(x => x.show_id));
  });
});

describe('forward: to the deliveries and customers', () => {
  it('from a card: its delivery and customer, the cancelled delivery left out', async () => {
    const r = await trace({ kind: 'card', code: c.cards[1]!.show_id });
    expect(r.deliveries.map(d => d.id)).toEqual([c.deliveries.d]);
    expect(r.shipments.map(s => s.quantity)).toEqual([30]);
  });

  it('from a reel lot: the card it was issued to, and on to the delivery\'s customer', async () => {
    const r = await trace({ kind: 'lot', lot: c.lots.r, item_id: c.reel });
    expect(showIds(r)).toEqual([c.cards[0]!.show_id]);
    expect(r.deliveries.map(d => [d.id, d.customer_id, d.customer_name])).toEqual([[c.deliveries.d, c.customer.id, c.customer.name]]);
    // Through the order line: every card of it, the unshipped one included.
    const r2 = await trace({ kind: 'lot', lot: c.lots.r2 });
    expect(showIds(r2)).toEqual(c.cards.map(x => x.show_id));
    expect([...new Set(r2.shipments.map(s => s.delivery_id))]).toEqual([c.deliveries.d]);
  });

  it('from a finished lot (the card\'s number): the card', async () => {
    expect(showIds(await trace({ kind: 'lot', lot: c.cards[2]!.show_id }))).toEqual([c.cards[2]!.show_id]);
  });
});

describe('who sees what', () => {
  it('a role that may not view deliveries or customers gets the cards, steps, inspections and ledger, and is told the rest is left out', async () => {
    const session = await loginWithGrants(c.s, `qa${c.run}`, {
      cards: { actions: ['view'] }, cardnodes: { actions: ['view'] }, itemlogs: { actions: ['view'] }, inventorydetails: { actions: ['view'] },
    });
    const r = await trace({ kind: 'card', id: c.cards[0]!.id }, session);
    expect(r.hidden).toEqual(expect.arrayContaining(['deliveries', 'deliverylines', 'customers', 'packages', 'works', 'baddetails', 'predetails']));
    expect(r.hidden).not.toContain('cards');
    expect(r.cards[0]).toMatchObject({ id: c.cards[0]!.id, customer_id: null, customer_name: null });
    expect(r.steps).toHaveLength(1);
    expect(r.inspections).toHaveLength(1);
    expect(r.defects).toEqual([]);
    expect(r.works).toEqual([]);
    expect(r.deliveries).toEqual([]);
    expect(r.packages).toEqual([]);
    // The ledger's shipment is there, without the delivery or the package it may not see.
    expect(r.shipments.map(s => [s.quantity, s.delivery_id, s.deliveryline_id, s.package_id, s.doc_show_id !== null])).toEqual([[50, null, null, null, true]]);
    expect(r.materials.map(m => m.lot)).toEqual([c.lots.r, c.lots.r2]);
    // A start it may not view: 403; a lot it may.
    expect((await getFrom(c.s.url, '/trace/', { kind: 'deliveryline', id: c.lines.pack }, session)).status).toBe(403);
    expect((await getFrom(c.s.url, '/trace/', { kind: 'package', id: c.packages.p }, session)).status).toBe(403);
    expect(showIds(await trace({ kind: 'lot', lot: c.lots.r }, session))).toEqual([c.cards[0]!.show_id]);
  });

  it('a role without the ledger sees the deliveries but not the check-out documents or materials', async () => {
    const session = await loginWithGrants(c.s, `ds${c.run}`, {
      cards: { actions: ['view'] }, deliveries: { actions: ['view'] }, deliverylines: { actions: ['view'] }, customers: { actions: ['view'] },
    });
    const r = await trace({ kind: 'deliveryline', id: c.lines.loose }, session);
    expect(r.hidden).toContain('itemlogs');
    expect(r.materials).toEqual([]);
    expect(r.shipments.map(s => [s.delivery_id, s.deliveryline_id, s.doc_show_id, s.quantity])).toEqual([[c.deliveries.d, c.lines.loose, null, 30]]);
    expect(r.deliveries[0]!.customer_name).toBe(c.customer.name);
    expect((await getFrom(c.s.url, '/trace/', { kind: 'lot', lot: c.lots.r }, session)).status).toBe(403);
  });

  it('a salesperson traces its own orders\' cards only (another\'s is not found), and finance nothing of this', async () => {
    const sales = await loginTo(c.s.url, 'sales', 'sales123');
    expect((await getFrom(c.s.url, '/trace/', { kind: 'card', id: c.cards[0]!.id }, sales)).status).toBe(404);
    expect((await getFrom(c.s.url, '/trace/', { kind: 'detail', id: c.detail }, sales)).status).toBe(404);
    const finance = await loginTo(c.s.url, 'finance', 'fin123');
    expect((await getFrom(c.s.url, '/trace/', { kind: 'card', id: c.cards[0]!.id }, finance)).status).toBe(403);
  });
});

describe('set-based', () => {
  it('a trace runs the same few statements for a package of one card as for an order line of three', async () => {
    const count = async (params: Record<string, unknown>) => {
      const before = c.s.executed();
      await trace(params);
      return c.s.executed() - before;
    };
    const one = await count({ kind: 'package', id: c.packages.p2 });
    const three = await count({ kind: 'detail', id: c.detail });
    expect(three).toBe(one);
    expect(three).toBeLessThanOrEqual(4);
  });
});

describe('bad input', () => {
  it('a start that names nothing, or too much, is a 400 in the caller\'s language; an unknown row a 404', async () => {
    for (const params of [{}, { kind: 'card' }, { kind: 'nothing', id: 1 }, { kind: 'card', id: 'x' }, { kind: 'card', id: 1, code: 'A' },
      { kind: 'lot' }, { kind: 'lot', lot: 'A', id: 1 }, { kind: 'card', lot: 'A' }, { kind: 'card', id: 0 }]) {
      const r = await getFrom(c.s.url, '/trace/', params, admin, 'en');
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(typeof r.body.msg).toBe('string');
    }
    const en = await getFrom(c.s.url, '/trace/', { kind: 'lot' }, admin, 'en');
    expect(en.body.msg).toMatch(/where the trace starts/);
    const zh = await getFrom(c.s.url, '/trace/', { kind: 'lot' }, admin, 'zh');
    expect(zh.body.msg).toMatch(/追溯的起点/);
    expect((await getFrom(c.s.url, '/trace/', { kind: 'card', id: 2_000_000_000 }, admin)).status).toBe(404);
    expect((await getFrom(c.s.url, '/trace/', { kind: 'delivery', code: 'NO-SUCH' }, admin)).status).toBe(404);
    // A lot nobody holds: an empty trace, not an error.
    expect((await trace({ kind: 'lot', lot: 'NO-SUCH-LOT' })).cards).toEqual([]);
  });
});
