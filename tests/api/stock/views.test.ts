import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReportFactsReply } from '../../../src/domain/contract/report-facts';
import { dayOf, DaySplitter, joinDays } from '../../../src/domain/reports/fact-set';
import type { ReportSource } from '../../../src/domain/reports/fact-sources';
import { withOpening } from '../../../src/domain/reports/stock-balance';
import { aggregate, type FactSet } from '../../../src/domain/rules/aggregate';
import { localDateString } from '../../../src/domain/rules/date-single';
import { roundTo } from '../../../src/domain/rules/numbers';
import { get, listEvery, post, sessionOf, type DemoRole } from '../client';
import { semiStockFilter } from '../../../src/features/stock-views/semi-stock';
import { computer, deviceLogin, inspection, lineWithCards, person, pushOk } from '../shopfloor/fixtures';

/**
 * The stock views' sources (docs/stock.md "Views", decisions 180–182) on the demo plant: the opening stock of a day
 * (`stockopening`) plus a range's movements (`stockmoves`) closes at the next day's opening, key by key, and the opening
 * of tomorrow is today's stock on hand; the semi-finished inspections (`prechecks`) count each inspection once and
 * each defect under its reason. Bad input is a 4xx with a message.
 */

const dayAgo = (n: number) => { const d = new Date(); return localDateString(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n)); };

async function facts(source: ReportSource, from: string, to: string, role: DemoRole = 'admin'): Promise<FactSet> {
  const session = await sessionOf(role);
  const split = new DaySplitter(source);
  for (let after = 0; ;) {
    const r = await get(`/reports/facts/${source}/`, { from, to, after, limit: 200 }, { session });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const page = r.body as unknown as ReportFactsReply;
    split.add(page);
    if (page.next === null) break;
    after = page.next;
  }
  return joinDays(source, split.days(dayOf(from), dayOf(to))).set;
}

/** Closing quantity and value per item and warehouse, as the screen's worker sums them: `item:warehouse` → [q, v]. */
function closingOf(set: FactSet): Map<string, [number, number]> {
  const r = aggregate(set, { groupBy: ['item', 'warehouse'], measures: [{ op: 'sum', measure: 'closing' }, { op: 'sum', measure: 'closing_value' }] });
  const out = new Map<string, [number, number]>();
  for (let i = 0; i < r.rows; i++) {
    const q = r.values[0]![i]!, v = r.values[1]![i]!;
    if (q !== 0 || v !== 0) out.set(`${r.keys[0]![i]}:${r.keys[1]![i]}`, [q, v]);
  }
  return out;
}

/** The opening of a day alone, as the joined set (no movements). */
const openingOnly = async (day: string) => withOpening({ length: 0, keys: {}, measures: {}, kinds: {} }, await facts('stockopening', day, day));

describe('the stock report\'s opening and closing', () => {
  it('opening of a day + that range\'s movements = the opening of the day after, per item and warehouse, quantity and value', async () => {
    const from = dayAgo(50), to = dayAgo(20);
    const joined = withOpening(await facts('stockmoves', from, to), await facts('stockopening', from, from));
    const next = await openingOnly(dayAgo(19));
    const mine = closingOf(joined);
    expect(mine.size).toBeGreaterThan(0);
    // Some stock was there before the range and moved within it: the opening is not zero.
    const opening = aggregate(joined, { groupBy: ['item'], measures: [{ op: 'sum', measure: 'opening' }, { op: 'sum', measure: 'received' }] });
    expect(opening.total[0]).toBeGreaterThan(0);
    expect(opening.total[1]).toBeGreaterThan(0);
    expect(Object.fromEntries(mine)).toEqual(Object.fromEntries(closingOf(next)));
  });

  it('the opening of tomorrow is the stock on hand now (inventory), per item and warehouse', async () => {
    const tomorrow = (() => { const d = new Date(); return localDateString(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)); })();
    const mine = closingOf(await openingOnly(tomorrow));
    const onHand = await listEvery('/warehouses/inventory/list/', {}, { session: await sessionOf('admin') });
    const expected = new Map<string, [number, number]>();
    for (const r of onHand) {
      // The report shows money at 2 decimals (the stored value keeps 4).
      const q = roundTo(Number(r.quantity), 2), v = roundTo(Number(r.value), 2);
      if (q !== 0 || v !== 0) expected.set(`${String(r.item_id)}:${String(r.warehouse_id)}`, [q, v]);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(Object.fromEntries(mine)).toEqual(Object.fromEntries(expected));
  });

  it('the storekeeper reads both sources; finance neither', async () => {
    const today = dayAgo(0);
    expect((await get('/reports/facts/stockopening/', { from: today, to: today }, { session: await sessionOf('storekeeper') })).status).toBe(200);
    expect((await get('/reports/facts/stockmoves/', { from: dayAgo(30), to: today }, { session: await sessionOf('storekeeper') })).status).toBe(200);
    expect((await get('/reports/facts/stockopening/', { from: today, to: today }, { session: await sessionOf('finance') })).status).toBe(403);
  });

  it('refuses more than one day of opening stock, a missing or bad range, with a 400 and a message in the caller\'s language', async () => {
    const session = await sessionOf('admin');
    const two = await get('/reports/facts/stockopening/', { from: dayAgo(1), to: dayAgo(0) }, { session, lang: 'en' });
    expect(two.status).toBe(400);
    expect(two.body.msg).toMatch(/one day at a time/);
    const zh = await get('/reports/facts/stockopening/', { from: dayAgo(1), to: dayAgo(0) }, { session, lang: 'zh' });
    expect(zh.body.msg).toMatch(/一天/);
    for (const params of [{}, { from: dayAgo(0) }, { from: 'x', to: 'x' }, { from: dayAgo(0), to: dayAgo(0), limit: 0 }]) {
      const r = await get('/reports/facts/stockopening/', params, { session });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(typeof r.body.msg).toBe('string');
    }
    expect((await get('/reports/totals/stockopening/', { from: dayAgo(0), to: dayAgo(0), group: 'doc' }, { session })).status).toBe(400);
    expect((await get('/reports/totals/prechecks/', { from: dayAgo(3), to: dayAgo(0), group: 'customer' }, { session })).status).toBe(400);
  });
});

describe('semi-finished inspections (prechecks)', () => {
  it('count each inspection once and each defect under its reason; the worker\'s sums equal SQL\'s', async () => {
    const line = await lineWithCards([{}], 2, 40);
    const tablet = await computer([]);
    const { session } = await deviceLogin(tablet.code, 'inspector');
    const inspector = await person();
    const at = new Date(Date.now() - 5_000);
    await pushOk(session, tablet.code, [
      inspection(1, 'precheck', { card: line.cards[0]!.show_id, worknode_id: line.nodes[0], person_id: inspector, quantity: 17,
        bad_quantity: 3, defects: [{ reason: 'V-色差', quantity: 2 }, { reason: 'V-破损', quantity: 1 }] }, at),
      inspection(2, 'precheck', { card: line.cards[1]!.show_id, worknode_id: line.nodes[0], person_id: inspector, quantity: 10,
        bad_quantity: 1.5, defects: [{ reason: 'V-色差', quantity: 1.5 }] }, at),
    ]);
    const today = dayAgo(0);
    const set = await facts('prechecks', today, today);
    const mine = aggregate(set, {
      groupBy: ['reason'], measures: ['inspections', 'passed', 'bad', 'defects', 'defect'].map(m => ({ op: 'sum' as const, measure: m })),
      filter: { in: { person: [inspector] } },
    });
    // Reason 0: the two inspections; then the two reasons with their defects.
    const names = (await get('/reports/facts/prechecks/', { from: today, to: today, limit: 50_000 }, { session: await sessionOf('admin') }))
      .body as unknown as ReportFactsReply;
    const rows = Array.from({ length: mine.rows }, (_, r) => [r === 0 ? '' : names.names.reason?.[String(mine.keys[0]![r])],
      ...mine.values.map(v => v[r])]);
    expect(rows.sort()).toEqual([['', 2, 27, 4.5, 0, 0], ['V-破损', 0, 0, 0, 1, 1], ['V-色差', 0, 0, 0, 2, 3.5]].sort());
    // And the whole day against the database's sums by each key.
    for (const key of ['worknode', 'reason', 'person', 'item', 'card']) {
      const sql = (await get('/reports/totals/prechecks/', { from: today, to: today, group: key }, { session: await sessionOf('admin') })).body;
      const all = aggregate(set, { groupBy: [key], measures: [{ op: 'count' }, { op: 'sum', measure: 'passed' }, { op: 'sum', measure: 'defect' }] });
      const totals = sql.rows as { id: number; facts: number; sums: Record<string, number> }[];
      expect(all.rows).toBe(totals.length);
      totals.forEach((t, r) => expect([all.keys[0]![r], all.values[0]![r], all.values[1]![r], all.values[2]![r]], key)
        .toEqual([t.id, t.facts, t.sums.passed, t.sums.defect]));
    }
  });
});

describe('the semi-finished stock (/inventory/list_temp)', () => {
  it('lists a card\'s lot put into a semi-finished store, not other lots, with the screen\'s filters; a bad filter is a 400', async () => {
    const admin = await sessionOf('admin');
    const stores = (await get('/warehouses/list/', { filter: JSON.stringify([{ field: 'kind', op: 'eq', value: 'semi' }]) }, { session: admin }))
      .body.dt as { id: number }[];
    expect(stores.length).toBeGreaterThan(0);
    const line = await lineWithCards([{}], 1, 30);
    const card = line.cards[0]!;
    const doc = await post('/warehouses/stockdocs/save/', { item: { kind: 'in_temp', warehouse_id: stores[0]!.id, card_id: card.id } },
      { session: admin, headers: { 'idempotency-key': randomUUID() } });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const l = await post('/warehouses/stocklines/save/', { item: { doc_id: doc.body.id, item_id: line.item, card_id: card.id, quantity: 12 } },
      { session: admin, headers: { 'idempotency-key': randomUUID() } });
    expect(l.status, JSON.stringify(l.body)).toBe(200);
    const version = ((await get('/warehouses/stockdocs/detail/', { id: doc.body.id as number }, { session: admin })).body.dt as { version: number }).version;
    const posted = await post('/warehouses/stockdocs/post/', { id: doc.body.id as number, version }, { session: admin });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);

    const store = await sessionOf('storekeeper');
    const semi = await get('/warehouses/stocklots/list/', { filter: JSON.stringify(semiStockFilter(stores.map(w => w.id))), limit: -1 }, { session: store });
    expect(semi.status).toBe(200);
    const rows = semi.body.dt as { card_id: number | null; warehouse_id: number; quantity: number; lot: string }[];
    expect(rows.filter(r => r.card_id === card.id).map(r => [r.quantity, r.lot])).toEqual([[12, card.show_id]]);
    for (const r of rows) {
      expect(stores.map(w => w.id)).toContain(r.warehouse_id);
      expect(r.card_id).not.toBeNull();
      expect(r.quantity).not.toBe(0);
    }
    const bad = await get('/warehouses/stocklots/list/', { filter: JSON.stringify([{ field: 'card_id', op: 'gte', value: 'x' }]) }, { session: store });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.msg).toBe('string');
  });
});
