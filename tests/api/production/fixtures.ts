import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { get, listEvery, post, sessionOf, type Reply } from '../client';

/**
 * Helpers of the production API tests: orders with lines made through the API as a screen makes them, on the demo
 * plant's customers and items.
 */
export type Row = Record<string, unknown>;

export function ok(r: Reply, what = ''): Reply {
  if (r.status !== 200) throw new Error(`${what} expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}

export interface Plant {
  /** A customer with a salesperson. */
  customer: Row;
  /** Items with a routing of at least two work nodes; the first also has a secondary unit with a rate. */
  items: Row[];
}

/** Customers and items of the demo plant fit for orders. */
export async function plantOf(session: string): Promise<Plant> {
  const customers = ok(await get('/customers/list/', { limit: 200, nogroup: 1 }, { session })).body.dt as Row[];
  const customer = customers.find(c => c.saler_id != null);
  const workflows = await listEvery('/workflows/workflows/list/', {}, { session });
  const longFlows = new Set(workflows.filter(w => ((w.worknode_ids as number[] | null) ?? []).length >= 2).map(w => w.id));
  const items = (ok(await get('/items/list/', { limit: 1000 }, { session })).body.dt as Row[])
    .filter(i => i.workflow_id != null && longFlows.has(i.workflow_id) && Number(i.price ?? 0) > 0);
  items.sort((a, b) => Number(b.rate2 != null && b.unit2 != null) - Number(a.rate2 != null && a.unit2 != null));
  expect(customer, 'a demo customer with a salesperson').toBeTruthy();
  expect(items.length, 'demo items with a routing and a price').toBeGreaterThan(3);
  return { customer: customer!, items };
}

export interface SavedOrder { id: number; version: number; dt: Row; lines: Row[] }

export async function saveOrder(session: string, item: Row, lines: Row[] = [], removed: Row[] = [], key?: string): Promise<Reply> {
  return post('/orders/orders/save_with_lines/', { item, lines, removed }, {
    session, headers: item.id === undefined ? { 'idempotency-key': key ?? randomUUID() } : {},
  });
}

export async function newOrder(session: string, plant: Plant, quantities: number[] = [100, 50]): Promise<SavedOrder> {
  const r = ok(await saveOrder(session, { customer_id: plant.customer.id },
    quantities.map((quantity, i) => ({ item_id: plant.items[i % plant.items.length]!.id, quantity }))));
  return r.body as unknown as SavedOrder;
}

export async function transition(session: string, order: { id: number; version: number }, to: string): Promise<Reply> {
  return post('/orders/orders/transition/', { id: order.id, version: order.version, to }, { session });
}

/** An order moved to confirmed; returns it with its new version. */
export async function confirmedOrder(session: string, plant: Plant, quantities?: number[]): Promise<SavedOrder> {
  const o = await newOrder(session, plant, quantities);
  const r = ok(await transition(session, o, 'confirmed'));
  return { ...o, version: r.body.version as number, dt: r.body.dt as Row };
}

export async function generate(session: string, params: Row, key = randomUUID()): Promise<Reply> {
  return post('/orders/cards/generate/', params, { session, headers: { 'idempotency-key': key } });
}

export const detailOf = async (session: string, api: string, id: unknown): Promise<Row> =>
  ok(await get(`${api}/detail/`, { id }, { session })).body.dt as Row;

/** Live cards of a line, by seq. */
export async function cardsOfLine(session: string, detailId: unknown): Promise<Row[]> {
  const rows = await listEvery('/orders/cards/list/', { quote_id: detailId, sort: 'seq' }, { session });
  return rows.filter(r => !r.canceled);
}

export async function nodesOfCard(session: string, cardId: unknown): Promise<Row[]> {
  const rows = await listEvery('/orders/cardnodes/list/', { card_id: cardId, sort: 'seq' }, { session });
  return rows.filter(r => !r.canceled);
}

/** Money and quantities at 4 decimals compared as whole 1/10 000 units. */
export const units = (x: unknown): number => Math.round(Number(x ?? 0) * 10_000);

export interface MadeOrder {
  id: number;
  show_id: string;
  check_code: string;
  /** Live lines by line number: id, item and quantity. */
  lines: { id: number; item_id: number; quantity: number; workflow_id: number }[];
  /** The cards of each line, in the order the generation made them. */
  cards: { id: number; show_id: string; detail_id: number }[][];
}

async function firstIds(path: string, session: string, n: number, params: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const r = ok(await get(path, { page: 1, limit: n, ...params }, { session }), path);
  const dt = r.body.dt as Record<string, unknown>[];
  if (dt.length < n) throw new Error(`${path}: need ${n} rows, found ${dt.length}`);
  return dt;
}

/**
 * An order with one line per entry of `cardsPerLine` (`quantity` each, a workflow of the demo plant), confirmed, each
 * line cut into that many cards (0: no cards, the order stays confirmed).
 */
export async function makeOrder(cardsPerLine: readonly number[], quantity = 100): Promise<MadeOrder> {
  const session = await sessionOf('admin');
  const [customer] = await firstIds('/customers/list/', session, 1);
  const items = await firstIds('/items/list/', session, cardsPerLine.length);
  const flows = await firstIds('/workflows/workflows/list/', session, 1);
  const workflowId = flows[0]!.id as number;
  const saved = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customer!.id, remark: 'order query / print test' },
    lines: cardsPerLine.map((_, i) => ({ item_id: items[i]!.id, quantity, workflow_id: workflowId, price: 12.5 })),
  }, { session, headers: { 'idempotency-key': randomUUID() } }), 'save order');
  const orderId = saved.body.id as number;
  ok(await post('/orders/orders/transition/', { id: orderId, version: saved.body.version as number, to: 'confirmed' }, { session }),
    'confirm');
  const lines = (saved.body.lines as Record<string, unknown>[]).map(l => ({
    id: l.id as number, item_id: l.item_id as number, quantity: Number(l.quantity), workflow_id: l.workflow_id as number,
  }));
  const cards: MadeOrder['cards'] = [];
  for (const [i, n] of cardsPerLine.entries()) {
    if (n === 0) { cards.push([]); continue; }
    const g = ok(await post('/orders/cards/generate/', { detail_id: lines[i]!.id, count: n },
      { session, headers: { 'idempotency-key': randomUUID() } }), 'generate cards');
    cards.push((g.body.dt as { id: number; show_id: string }[]).map(c => ({ id: c.id, show_id: c.show_id, detail_id: lines[i]!.id })));
  }
  const detail = ok(await get('/orders/orders/detail/', { id: orderId }, { session }), 'order detail').body.dt as Record<string, unknown>;
  return { id: orderId, show_id: detail.show_id as string, check_code: detail.check_code as string, lines, cards };
}
