import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { baseUrl, get, listEvery, post, sessionOf, type Reply } from '../client';

/**
 * Helpers of the delivery API tests (docs/delivery.md) on the shared server: every test makes its own customer,
 * orders, warehouse and stock, so no test depends on the demo's rows or another test's.
 */
export type Row = Record<string, unknown>;

export const RUN = Date.now().toString(36);
let seq = 0;
export const unique = (prefix: string) => `${prefix}_${RUN}_${(++seq).toString(36)}`;

export function ok(r: Reply, what = ''): Reply {
  if (r.status !== 200) throw new Error(`${what} expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}

export const admin = () => sessionOf('admin');
const key = () => ({ 'idempotency-key': randomUUID() });

/** A save (create: with its idempotency key) as `session` (admin by default). */
export async function save(api: string, item: Row, session?: string): Promise<Reply> {
  return post(`${api}/save/`, { item }, { session: session ?? await admin(), headers: item.id === undefined ? key() : {} });
}

export async function detail(api: string, id: number, session?: string): Promise<Row> {
  return ok(await get(`${api}/detail/`, { id }, { session: session ?? await admin() }), `${api} detail`).body.dt as Row;
}

/** Live rows of a list filtered by one field, as admin. */
export async function rowsWhere(path: string, field: string, value: unknown): Promise<Row[]> {
  const all = await listEvery(path, { filter: [{ field, op: 'eq', value }] }, { session: await admin() });
  return all.filter(r => !r.canceled);
}

/** The person of the demo salesperson's login (`sales`, scoped to its own customers). */
export async function salesPerson(): Promise<number> {
  const info = ok(await get('/accounts/info/', {}, { session: await sessionOf('sales') })).body as { person_id: number };
  return info.person_id;
}

/** Another salesperson of the demo plant than `not`. */
export async function otherSaler(not: number): Promise<number> {
  const salers = ok(await get('/persons/list/', { is_saler: true, limit: -1 }, { session: await admin() })).body.dt as Row[];
  return Number(salers.find(s => s.id !== not)!.id);
}

/** A customer of salesperson `saler`, with an address, a consignee and a phone. */
export async function makeCustomer(saler: number): Promise<Row> {
  const name = unique('客户');
  return ok(await save('/customers', {
    name, saler_id: saler, address: `${name} 收货地址 1 号`, contact: '王收货', phone: '13800000000',
  }), 'customer').body.dt as Row;
}

/** A finished-goods warehouse of the test's own with two positions. */
export async function makeWarehouse(): Promise<{ id: number; positions: number[] }> {
  const code = unique('FG').slice(-30);
  const w = ok(await save('/warehouses', { code, name: code, kind: 'finished' }), 'warehouse').body.id as number;
  const positions: number[] = [];
  for (const p of ['A', 'B']) {
    positions.push(ok(await save('/warehouses/positions', { warehouse_id: w, code: `${code}-${p}`, name: `${code}-${p}` }),
      'position').body.id as number);
  }
  return { id: w, positions };
}

/** Items of the demo fit for orders with cards (a unit), that the demo's stock never touched. */
let items: Row[] | null = null;
async function orderItems(): Promise<Row[]> {
  if (items) return items;
  const all = ok(await get('/items/list/', { limit: 200 }, { session: await admin() })).body.dt as Row[];
  items = all.filter(i => i.unit != null);
  expect(items.length).toBeGreaterThan(4);
  return items;
}

export interface Order {
  id: number;
  show_id: string;
  check_code: string;
  lines: { id: number; item_id: number; quantity: number; code: string }[];
  /** The cards of the lines, line after line. */
  cards: { id: number; show_id: string; detail_id: number; item_id: number }[];
}

/**
 * An order of the customer with one line per quantity (price 2.5), confirmed and each line on `cardsPerLine[i]` cards
 * (one by default): producing (confirmed when no line has cards).
 */
export async function makeOrder(customerId: number, quantities: readonly number[], cardsPerLine: readonly number[] = []): Promise<Order> {
  const price = 2.5;
  const session = await admin();
  const its = await orderItems();
  const flows = ok(await get('/workflows/workflows/list/', { limit: 1 }, { session })).body.dt as Row[];
  const saved = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customerId },
    lines: quantities.map((quantity, i) => ({ item_id: its[i % its.length]!.id, quantity, price, workflow_id: flows[0]!.id })),
  }, { session, headers: key() }), 'order');
  const id = saved.body.id as number;
  ok(await post('/orders/orders/transition/', { id, version: saved.body.version, to: 'confirmed' }, { session }), 'confirm');
  const lines = (saved.body.lines as Row[]).map(l => ({
    id: Number(l.id), item_id: Number(l.item_id), quantity: Number(l.quantity), code: String(l.code),
  }));
  const cards: Order['cards'] = [];
  for (const [i, l] of lines.entries()) {
    if (cardsPerLine[i] === 0) continue;
    const g = ok(await post('/orders/cards/generate/', { detail_id: l.id, count: cardsPerLine[i] ?? 1 }, { session, headers: key() }), 'cards');
    for (const c of g.body.dt as Row[]) cards.push({ id: Number(c.id), show_id: String(c.show_id), detail_id: l.id, item_id: l.item_id });
  }
  const o = await detail('/orders/orders', id);
  expect(o.status).toBe(cards.length ? 'producing' : 'confirmed');
  return { id, show_id: String(o.show_id), check_code: String(o.check_code), lines, cards };
}

/** Posts a goods-in document of these lines into the warehouse (a card's lot, or into a package). */
export async function stockIn(warehouseId: number, lines: Row[]): Promise<number> {
  const doc = ok(await save('/warehouses/stockdocs', { kind: 'in', warehouse_id: warehouseId }), 'stock doc').body.id as number;
  for (const l of lines) ok(await save('/warehouses/stocklines', { doc_id: doc, ...l }), 'stock line');
  const d = await detail('/warehouses/stockdocs', doc);
  ok(await post('/warehouses/stockdocs/post/', { id: doc, version: d.version }, { session: await admin() }), 'post stock in');
  return doc;
}

/** A draft delivery note of the customer from the warehouse with these lines; its id. */
export async function makeDelivery(customerId: number, warehouseId: number, lines: Row[], extra: Row = {}, session?: string): Promise<number> {
  const id = ok(await save('/deliveries', { customer_id: customerId, warehouse_id: warehouseId, ...extra }, session), 'delivery').body.id as number;
  for (const l of lines) ok(await save('/deliveries/lines', { delivery_id: id, ...l }, session), 'delivery line');
  return id;
}

export async function ship(id: number, session?: string): Promise<Reply> {
  const d = await detail('/deliveries', id);
  return post('/deliveries/ship/', { id, version: d.version }, { session: session ?? await admin() });
}

export async function cancel(api: string, id: number, session?: string): Promise<Reply> {
  const d = await detail(api, id);
  return post(`${api}/cancel/`, { id, version: d.version }, { session: session ?? await admin() });
}

/** An order line as it stands. */
export const lineOf = (id: number) => detail('/orders/details', id);

/** On hand at each place of a warehouse, by lot (and package), places with stock only. */
export async function stockOf(warehouseId: number): Promise<Row[]> {
  const all = await listEvery('/warehouses/stocklots/list/', { filter: [{ field: 'warehouse_id', op: 'eq', value: warehouseId }] },
    { session: await admin() });
  return all.filter(r => Number(r.quantity) !== 0);
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** An image uploaded through `/files/upload/` as a phone sends a signature; its URL. */
export async function uploadImage(session?: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([PNG], { type: 'image/png' }), 'sign.png');
  const res = await fetch(`${baseUrl()}/files/upload/`, { method: 'POST', body: fd, headers: { authorization: session ?? await admin() } });
  const body = await res.json() as Row;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return String(body.url);
}
