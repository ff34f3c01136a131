import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, sessionOf } from '../client';
import { admin, ok, unique } from './helpers';

/**
 * Issue 29, finding 2: "Row scope stops at the order." Order lines, cards and their steps, and customers' agreed prices
 * take their owner from their parent (`owner: 'order_id.saler_id'`, …): the demo salesperson, scoped to its own orders
 * and customers, reads and writes only its own orders' lines and cards and its own customers' prices, finds nothing of
 * a colleague's through the queries' `anywhere=`, prints none of a colleague's cards, and makes no order, line or price
 * for a colleague's order or customer.
 */

type Row = Record<string, unknown> & { id: number; version: number };

let sales: string;
let me = 0;
let myOrders: Set<number>;
let myCustomers: Set<number>;
let theirOrder: Row;
let theirLine: Row;
let myLine: Row;
let theirCustomer: Row;
let myCustomer: Row;

const all = async (api: string, params: Record<string, unknown> = {}, session?: string): Promise<Row[]> =>
  ok(await get(`${api}/list/`, { limit: -1, ...params }, { session: session ?? await admin() }), api).body.dt as Row[];

/** Every row of a server-paged list, page by page (more than a `limit=-1` may hold). */
async function every(api: string, session: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const r = ok(await get(`${api}/list/`, { page, limit: 500 }, { session }), api);
    out.push(...(r.body.dt as Row[]));
    if ((r.body.dt as Row[]).length < 500) return out;
  }
}

beforeAll(async () => {
  sales = await sessionOf('sales');
  me = (ok(await get('/accounts/info/', {}, { session: sales })).body as { person_id: number }).person_id;
  const orders = await every('/orders/orders', await admin());
  myOrders = new Set(orders.filter(o => o.saler_id === me).map(o => o.id));
  const customers = await all('/customers');
  myCustomers = new Set(customers.filter(c => c.saler_id === me).map(c => c.id));
  const lines = await every('/orders/details', await admin());
  const open = new Set(orders.filter(o => o.status === 'confirmed' && !o.canceled).map(o => o.id));
  theirLine = lines.find(l => !l.canceled && open.has(l.order_id as number) && !myOrders.has(l.order_id as number))!;
  myLine = lines.find(l => !l.canceled && open.has(l.order_id as number) && myOrders.has(l.order_id as number))!;
  expect(theirLine, 'a colleague\'s confirmed order with a line').toBeDefined();
  expect(myLine, 'an own confirmed order with a line').toBeDefined();
  theirOrder = orders.find(o => o.id === theirLine.order_id)!;
  theirCustomer = customers.find(c => c.saler_id !== me && c.saler_id !== null)!;
  myCustomer = customers.find(c => c.saler_id === me)!;
});

describe("a salesperson and a colleague's order lines", () => {
  it("cannot change the price of a colleague's line, and the order's total stays", async () => {
    const before = ok(await get('/orders/orders/detail/', { id: theirOrder.id }, { session: await admin() })).body.dt as Row;
    const r = await post('/orders/details/save/', { id: theirLine.id, version: theirLine.version, price: 0.01 }, { session: sales });
    expect(r).toEqual({ status: 404, body: { msg: translate('zh', 'not_found') } });
    const after = ok(await get('/orders/orders/detail/', { id: theirOrder.id }, { session: await admin() })).body.dt as Row;
    expect(after.amount).toBe(before.amount);
    expect((await get('/orders/details/detail/', { id: theirLine.id }, { session: sales })).status).toBe(404);
  });

  it("can neither add a line to a colleague's order nor cancel one of its lines", async () => {
    const add = await post('/orders/details/save/', {
      order_id: theirOrder.id, item_id: theirLine.item_id, quantity: 1, price: 1,
    }, { session: sales });
    expect(add.status).toBe(403);
    expect(add.body.errors).toEqual({ order_id: translate('zh', 'not_own_row') });
    const cancel = await post('/orders/details/cancel/', { id: theirLine.id, version: theirLine.version }, { session: sales });
    expect(cancel.status).toBe(404);
    const still = ok(await get('/orders/details/detail/', { id: theirLine.id }, { session: await admin() })).body.dt as Row;
    expect(still.canceled).toBe(false);
  });

  it('still edits the lines of its own orders', async () => {
    const r = await post('/orders/details/save/', { id: myLine.id, version: myLine.version, remark: 'mine' }, { session: sales });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it("lists only its own orders' lines, cards and card steps", async () => {
    const lines = await every('/orders/details', sales);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(l => myOrders.has(l.order_id as number))).toBe(true);
    const cards = await every('/orders/cards', sales);
    expect(cards.every(c => myOrders.has(c.order_id as number))).toBe(true);
    const mine = new Set(cards.map(c => c.id));
    const steps = ok(await get('/orders/cardnodes/list/', { page: 1, limit: 500 }, { session: sales })).body.dt as Row[];
    expect(steps.every(s => mine.has(s.card_id as number))).toBe(true);
  });

  it("finds nothing of a colleague's order through anywhere= (its contract number), and prints none of its cards", async () => {
    const cards = await every('/orders/cards', await admin());
    const theirCard = cards.find(c => !c.canceled && !myOrders.has(c.order_id as number))!;
    expect(theirCard, "a colleague's card").toBeDefined();
    const order = ok(await get('/orders/orders/detail/', { id: theirCard.order_id }, { session: await admin() })).body.dt as Row;
    const contract = order.contract_no as string | null;
    const word = contract && contract.trim() !== '' ? contract : order.show_id as string;
    const asAdmin = ok(await get('/orders/cards/list/', { anywhere: word, limit: 50 }, { session: await admin() })).body.dt as Row[];
    expect(asAdmin.map(c => c.id)).toContain(theirCard.id);
    const asSales = ok(await get('/orders/cards/list/', { anywhere: word, limit: 50 }, { session: sales })).body.dt as Row[];
    expect(asSales.every(c => myOrders.has(c.order_id as number))).toBe(true);
    const print = await post('/prints/do/', { item: { category: 'cards', ids: [theirCard.id] }, action: 'preview' }, { session: sales });
    expect(print.status).toBe(422);
    const mine = cards.find(c => !c.canceled && myOrders.has(c.order_id as number));
    if (mine) {
      const own = await post('/prints/do/', { item: { category: 'cards', ids: [mine.id] }, action: 'preview' }, { session: sales });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
    }
  });
});

describe("a salesperson and a colleague's customers", () => {
  it("cannot make an order for a colleague's customer", async () => {
    const r = await post('/orders/orders/save/', { customer_id: theirCustomer.id }, { session: sales });
    expect(r.status).toBe(403);
    expect(r.body.errors).toEqual({ customer_id: translate('zh', 'not_own_row') });
    const own = await post('/orders/orders/save/', { customer_id: myCustomer.id }, { session: sales });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it("reads and writes its own customers' agreed prices only", async () => {
    // Two new items: no agreed price names them yet (customer and item are the natural key).
    const newItem = async () => {
      const code = unique('PS');
      return ok(await post('/items/save/', { code, name: code }, { session: await admin() }), 'item').body.id as number;
    };
    const [a, b] = [await newItem(), await newItem()];
    const theirs = ok(await post('/items/customeritems/save/', { customer_id: theirCustomer.id, item_id: a, customer_code: unique('CC'), price: 3 },
      { session: await admin() })).body.dt as Row;
    const listed = await every('/items/customeritems', sales);
    expect(listed.every(r => myCustomers.has(r.customer_id as number))).toBe(true);
    expect((await get('/items/customeritems/detail/', { id: theirs.id }, { session: sales })).status).toBe(404);
    expect((await post('/items/customeritems/save/', { id: theirs.id, version: theirs.version, price: 1 }, { session: sales })).status)
      .toBe(404);
    const make = await post('/items/customeritems/save/', { customer_id: theirCustomer.id, item_id: b, customer_code: unique('CC'), price: 2 }, { session: sales });
    expect(make.status).toBe(403);
    expect(make.body.errors).toEqual({ customer_id: translate('zh', 'not_own_row') });
    const mine = await post('/items/customeritems/save/', { customer_id: myCustomer.id, item_id: b, customer_code: unique('CC'), price: 2 }, { session: sales });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });
});
