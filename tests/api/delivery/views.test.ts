import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedCardsReply } from '../../../src/domain/contract/trace';
import type { ReportFactsReply, ReportTotalsReply } from '../../../src/domain/contract/report-facts';
import { dayOf, DaySplitter, joinDays } from '../../../src/domain/reports/fact-set';
import type { ReportSource } from '../../../src/domain/reports/fact-sources';
import { withFinishedOpening } from '../../../src/domain/reports/finished-balance';
import { aggregate, type FactSet } from '../../../src/domain/rules/aggregate';
import { localDateString } from '../../../src/domain/rules/date-single';
import { buildChain, getFrom, loginTo, type Chain } from './trace-chain';

/**
 * The finished-goods views (docs/delivery.md "Finished-goods views", decisions 209–210) on the chain of trace-chain.ts,
 * on both databases: the stock by card lists what is on hand in the finished-goods store with its order, customer and
 * package; the summary's figures (inspected, checked in, delivered, on hand at the start and end) of the chain's
 * customer as the worker sums the facts, equal to SQL's; per person, the inspector's and the checker's; the quality
 * report's defects by reason; who may read each.
 */
let c: Chain;
let admin: string;
beforeAll(async () => {
  c = await buildChain('views');
  admin = c.s.session;
}, 240_000);
afterAll(async () => { await c?.close(); });

const dayAgo = (n: number) => { const d = new Date(); return localDateString(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n)); };
const from = dayAgo(1), to = dayAgo(0);

async function cardsList(params: Record<string, unknown>, session = admin): Promise<FinishedCardsReply> {
  const r = await getFrom(c.s.url, '/warehouses/cards/list/', params, session);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body as unknown as FinishedCardsReply;
}

async function facts(source: ReportSource, f: string, t: string, session = admin): Promise<{ set: FactSet; hidden: string[] }> {
  const split = new DaySplitter(source);
  let hidden: string[];
  for (let after = 0; ;) {
    const r = await getFrom(c.s.url, `/reports/facts/${source}/`, { from: f, to: t, after, limit: 5_000 }, session);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const page = r.body as unknown as ReportFactsReply;
    hidden = page.hidden;
    split.add(page);
    if (page.next === null) break;
    after = page.next;
  }
  return { set: joinDays(source, split.days(dayOf(f), dayOf(t))).set, hidden };
}

describe('finished stock by card (/warehouses/cards)', () => {
  it('lists what is on hand of the cards\' lots in finished-goods stores, with order, customer and package', async () => {
    const r = await cardsList({ keyword: c.run });
    expect(r.dt.map(x => [x.card_show_id, x.quantity, x.package_show_id, x.customer_name, x.warehouse_id])).toEqual([
      [c.cards[1]!.show_id, 10, null, c.customer.name, c.finished], [c.cards[2]!.show_id, 20, `PK2${c.run}`, c.customer.name, c.finished]]);
    expect(r.dt[0]!.order_show_id).toBeTruthy();
    expect([r.total, r.quantity]).toEqual([2, 30]);
    expect((await cardsList({ keyword: c.run, packed: 'packed' })).dt.map(x => x.card_id)).toEqual([c.cards[2]!.id]);
    expect((await cardsList({ keyword: c.run, packed: 'loose' })).dt.map(x => x.card_id)).toEqual([c.cards[1]!.id]);
    expect((await cardsList({ customer_id: c.customer.id })).total).toBe(2);
    expect((await cardsList({ keyword: c.cards[2]!.show_id })).dt.map(x => x.card_id)).toEqual([c.cards[2]!.id]);
    // Paged: the whole list's count on every page.
    const page2 = await cardsList({ customer_id: c.customer.id, limit: 1, page: 2 });
    expect([page2.total, page2.dt.map(x => x.card_id)]).toEqual([2, [c.cards[2]!.id]]);
  });

  it('the storekeeper reads it; finance may not; bad parameters are a 400', async () => {
    const store = await loginTo(c.s.url, 'store', 'store123');
    expect((await cardsList({ keyword: c.run }, store)).total).toBe(2);
    const finance = await loginTo(c.s.url, 'finance', 'fin123');
    expect((await getFrom(c.s.url, '/warehouses/cards/list/', {}, finance)).status).toBe(403);
    for (const params of [{ packed: 'maybe' }, { limit: 0 }, { limit: 100_000 }, { page: 'x' }, { warehouse_id: -1 }]) {
      expect((await getFrom(c.s.url, '/warehouses/cards/list/', params, admin)).status, JSON.stringify(params)).toBe(400);
    }
  });
});

describe('the summary, per person and quality reports', () => {
  it('the summary of the customer: inspected, checked in, delivered (the cancelled check-out nets out), on hand at start and end', async () => {
    const moves = await facts('finished', from, to);
    const opening = await facts('finishedopening', from, from);
    const set = withFinishedOpening(moves.set, opening.set);
    const names = ['inspected', 'bad', 'checkins', 'checked_in', 'delivered', 'opening', 'closing'];
    const r = aggregate(set, { groupBy: ['customer'], measures: names.map(m => ({ op: 'sum' as const, measure: m })),
      filter: { in: { customer: [c.customer.id] } } });
    expect(r.rows).toBe(1);
    expect(Object.fromEntries(names.map((m, i) => [m, r.values[i]![0]]))).toEqual({
      inspected: 48, bad: 3, checkins: 3, checked_in: 110, delivered: 80, opening: 0, closing: 30,
    });
    // By card: card 2's 40 in, 30 delivered, 10 on hand.
    const byCard = aggregate(set, { groupBy: ['card'], measures: ['checked_in', 'delivered', 'closing'].map(m => ({ op: 'sum' as const, measure: m })),
      filter: { in: { card: [c.cards[1]!.id] } } });
    expect(byCard.values.map(v => v[0])).toEqual([40, 80 - 50, 10]);
    // The database's sums of the same facts by customer agree.
    const sql = (await getFrom(c.s.url, '/reports/totals/finished/', { from, to, group: 'customer' }, admin)).body as unknown as ReportTotalsReply;
    const mine = sql.rows.find(x => x.id === c.customer.id)!;
    expect([mine.sums.inspected, mine.sums.checked_in, mine.sums.delivered, mine.sums.stock]).toEqual([48, 110, 80, 30]);
  });

  it('per person: what the inspector passed, and the check-ins of who posted them', async () => {
    const { set } = await facts('finished', from, to);
    const r = aggregate(set, { groupBy: ['person'], measures: ['inspected', 'checkins', 'checked_in'].map(m => ({ op: 'sum' as const, measure: m })),
      filter: { in: { customer: [c.customer.id] } } });
    const rows = Array.from({ length: r.rows }, (_, i) => [r.keys[0]![i], r.values[0]![i], r.values[1]![i], r.values[2]![i]]);
    expect(rows).toContainEqual([c.inspector, 48, 0, 0]);
    expect(rows.reduce((s, x) => s + Number(x[3]), 0)).toBe(110);
    expect(rows.reduce((s, x) => s + Number(x[2]), 0)).toBe(3);
  });

  it('quality: the inspection once, each defect under its reason; the worker\'s sums equal SQL\'s by reason', async () => {
    const { set } = await facts('finishedchecks', from, to);
    const names = ['inspections', 'passed', 'bad', 'defects', 'defect'];
    const r = aggregate(set, { groupBy: ['reason'], measures: names.map(m => ({ op: 'sum' as const, measure: m })),
      filter: { in: { card: c.cards.map(x => x.id) } } });
    const reasons = (await getFrom(c.s.url, '/reports/facts/finishedchecks/', { from, to, limit: 50_000 }, admin)).body as unknown as ReportFactsReply;
    const rows = Array.from({ length: r.rows }, (_, i) => [r.keys[0]![i] === 0 ? '' : reasons.names.reason?.[String(r.keys[0]![i])],
      ...r.values.map(v => v[i])]);
    expect(rows.sort()).toEqual([['', 1, 48, 3, 0, 0], [`T破损${c.run}`, 0, 0, 0, 1, 1], [`T色差${c.run}`, 0, 0, 0, 1, 2]].sort());
    const all = aggregate(set, { groupBy: ['reason'], measures: [{ op: 'count' }, { op: 'sum', measure: 'defect' }] });
    const totals = ((await getFrom(c.s.url, '/reports/totals/finishedchecks/', { from, to, group: 'reason' }, admin)).body as unknown as ReportTotalsReply).rows;
    expect(all.rows).toBe(totals.length);
    totals.forEach((x, i) => expect([all.keys[0]![i], all.values[0]![i], all.values[1]![i]]).toEqual([x.id, x.facts, x.sums.defect]));
  });

  it('the storekeeper gets the finished facts without the inspections; the inspector the quality facts only; finance none', async () => {
    const store = await loginTo(c.s.url, 'store', 'store123');
    const s = await facts('finished', from, to, store);
    expect(s.hidden).toEqual(['inspections', 'inspected', 'bad']);
    expect(s.set.measures.inspected).toBeUndefined();
    const checkedIn = aggregate(s.set, { groupBy: ['customer'], measures: [{ op: 'sum', measure: 'checked_in' }], filter: { in: { customer: [c.customer.id] } } });
    expect(checkedIn.values[0]![0]).toBe(110);
    const inspector = await loginTo(c.s.url, 'inspector', 'insp123');
    expect((await getFrom(c.s.url, '/reports/facts/finished/', { from, to }, inspector)).status).toBe(403);
    expect((await getFrom(c.s.url, '/reports/facts/finishedchecks/', { from, to }, inspector)).status).toBe(200);
    const finance = await loginTo(c.s.url, 'finance', 'fin123');
    for (const source of ['finished', 'finishedopening', 'finishedchecks']) {
      expect((await getFrom(c.s.url, `/reports/facts/${source}/`, { from: to, to }, finance)).status, source).toBe(403);
    }
    expect((await getFrom(c.s.url, '/reports/facts/finishedopening/', { from, to }, admin)).status).toBe(400);
  });
});
