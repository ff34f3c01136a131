import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, sessionOf } from '../client';

/**
 * Issue to production by a line's formula (docs/stock.md "Issue to production"): `GET /warehouses/stockdocs/issue_proposal/`
 * proposes, for a process card or an order line, what the formula needs less what posted goods out against it issued;
 * its input is checked (exactly one of card and line), it needs the `post` action of stock documents, and it writes
 * nothing. Runs on the demo database (a card whose item has a current formula).
 */
type Row = Record<string, unknown>;
let admin = '';
let store = '';
let sales = '';
let supervisor = '';

beforeAll(async () => {
  admin = await sessionOf('admin');
  store = await sessionOf('storekeeper');
  sales = await sessionOf('sales');
  supervisor = await sessionOf('supervisor');
});

const PATH = '/warehouses/stockdocs/issue_proposal/';

/** A live card whose item has a current formula (the demo's cartons have theirs). */
async function cardWithFormula(): Promise<Row> {
  const formulas = (await get('/formulas/list/', { limit: -1 }, { session: admin })).body.dt as Row[];
  const items = [...new Set(formulas.filter(f => f.is_current && !f.canceled).map(f => Number(f.item_id)))];
  expect(items.length).toBeGreaterThan(0);
  const cards = await get('/orders/cards/list/', { limit: 50, filter: JSON.stringify([{ field: 'item_id', op: 'in', value: items }]) },
    { session: admin });
  // The first whose formula needs materials: other tests of the run make formulas of their own, some with none, and
  // the order of an unsorted list differs between the databases.
  for (const c of (cards.body.dt as Row[]).filter(x => !x.canceled && Number(x.quantity) > 0)) {
    const r = await get(PATH, { card_id: c.id }, { session: admin });
    if (r.status === 200 && (r.body.dt as Row[]).length > 0) return c;
  }
  throw new Error(`no live card whose formula needs materials among ${JSON.stringify(cards.body).slice(0, 300)}`);
}

async function proposal(by: Row, session = store) {
  const r = await get(PATH, by, { session });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { dt: Row[]; detail_id: number; demand: number; formula_id: number | null };
}

/** A draft of `kind` with lines, posted as the storekeeper; its id. */
async function posted(kind: string, head: Row, lines: Row[]): Promise<number> {
  const doc = await post('/warehouses/stockdocs/save/', { item: { kind, ...head } }, { session: store, headers: { 'idempotency-key': randomUUID() } });
  expect(doc.status, JSON.stringify(doc.body)).toBe(200);
  for (const l of lines) {
    const r = await post('/warehouses/stocklines/save/', { item: { doc_id: doc.body.id, ...l } }, { session: store, headers: { 'idempotency-key': randomUUID() } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const version = ((await get('/warehouses/stockdocs/detail/', { id: doc.body.id }, { session: store })).body.dt as Row).version;
  const p = await post('/warehouses/stockdocs/post/', { id: doc.body.id, version }, { session: store });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return Number(doc.body.id);
}

describe('issue to production by formula', () => {
  it('proposes the formula\'s need of a card and of its line, less what goods out against them issued', async () => {
    const card = await cardWithFormula();
    const byCard = await proposal({ card_id: card.id });
    expect(byCard.formula_id).not.toBeNull();
    expect(byCard.detail_id).toBe(Number(card.detail_id));
    expect(byCard.demand).toBe(Number(card.quantity));
    expect(byCard.dt.length).toBeGreaterThan(0);
    for (const r of byCard.dt) {
      expect(Number(r.quantity)).toBeCloseTo(Math.max(0, Number(r.required) - Number(r.issued)), 4);
    }
    // The line's proposal is the same formula for the line's whole quantity: the card's need scales with its share.
    const byLine = await proposal({ detail_id: card.detail_id });
    expect(byLine.formula_id).toBe(byCard.formula_id);
    const share = byCard.demand / byLine.demand;
    for (const r of byCard.dt) {
      const whole = byLine.dt.find(x => x.item_id === r.item_id);
      expect(Number(r.required)).toBeCloseTo(Number(whole!.required) * share, 1);
    }

    // Goods in of the first material, then goods out of 2 of it against the card: issued grows by 2, on both proposals.
    const material = byCard.dt[0]!;
    const warehouses = (await get('/warehouses/list/', { limit: -1 }, { session: store })).body.dt as Row[];
    const warehouse = warehouses[0]!.id;
    await posted('in', { warehouse_id: warehouse }, [{ item_id: material.item_id, quantity: 5, lot: `IP-${randomUUID().slice(0, 8)}` }]);
    const lots = (await get('/warehouses/stocklots/list/', { limit: 50, sort: '-id',
      filter: JSON.stringify([{ field: 'item_id', op: 'eq', value: material.item_id }, { field: 'warehouse_id', op: 'eq', value: warehouse }]) },
    { session: store })).body.dt as Row[];
    const from = lots.find(l => Number(l.quantity) >= 2)!;
    expect(from).toBeDefined();
    const out = await posted('out', { warehouse_id: warehouse, card_id: card.id },
      [{ item_id: material.item_id, quantity: 2, position_id: from.position_id, status_id: from.status_id, lot: from.lot }]);
    const after = await proposal({ card_id: card.id });
    const row = after.dt.find(r => r.item_id === material.item_id)!;
    expect(Number(row.issued)).toBeCloseTo(Number(material.issued) + 2, 4);
    expect(Number(row.quantity)).toBeCloseTo(Math.max(0, Number(material.required) - Number(material.issued) - 2), 4);
    const lineAfter = (await proposal({ detail_id: card.detail_id })).dt.find(r => r.item_id === material.item_id)!;
    expect(Number(lineAfter.issued)).toBeCloseTo(Number(byLine.dt.find(r => r.item_id === material.item_id)!.issued) + 2, 4);

    // A cancelled issue no longer counts.
    const version = ((await get('/warehouses/stockdocs/detail/', { id: out }, { session: store })).body.dt as Row).version;
    expect((await post('/warehouses/stockdocs/cancel/', { id: out, version }, { session: store })).status).toBe(200);
    const back = (await proposal({ card_id: card.id })).dt.find(r => r.item_id === material.item_id)!;
    expect(Number(back.issued)).toBeCloseTo(Number(material.issued), 4);
  });

  it('refuses bad input with a localized 4xx, writing nothing', async () => {
    const before = (await get('/warehouses/stockdocs/list/', { limit: 1 }, { session: admin })).body.total;
    const cases: [Row, number][] = [
      [{}, 400],
      [{ card_id: 1, detail_id: 1 }, 400],
      [{ card_id: 'abc' }, 400],
      [{ card_id: -3 }, 400],
      [{ detail_id: '1.5' }, 400],
      [{ card_id: 2_000_000_000 }, 404],
      [{ detail_id: 2_000_000_000 }, 404],
    ];
    for (const [params, status] of cases) {
      const r = await get(PATH, params, { session: store, lang: 'en' });
      expect(r.status, JSON.stringify(params)).toBe(status);
      expect(typeof r.body.msg).toBe('string');
    }
    const both = await get(PATH, {}, { session: store, lang: 'en' });
    expect(both.body.msg).toBe('Choose one process card or one order line (only one)');
    const zh = await get(PATH, {}, { session: store, lang: 'zh' });
    expect(zh.body.msg).toBe('请选择一张流程卡或一条订单明细（只选一个）');
    expect((await get('/warehouses/stockdocs/list/', { limit: 1 }, { session: admin })).body.total).toBe(before);
  });

  it('is for those who may post stock documents', async () => {
    const card = await cardWithFormula();
    for (const session of [sales, supervisor]) expect((await get(PATH, { card_id: card.id }, { session })).status).toBe(403);
    expect((await get(PATH, { card_id: card.id })).status).toBe(401);
    await proposal({ card_id: card.id }, admin);
  });
});
