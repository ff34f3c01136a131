import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, sessionOf } from '../client';
import {
  admin, cancel, detail, save, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, salesPerson, ship, stockIn, type Row,
} from '../delivery/fixtures';

/**
 * Bills built from deliveries (docs/finance.md "Bills", decisions 215–220), on the shared server of either database:
 * the reconciliation, the build (each delivery line billed once, also when two builds race), confirm, cancel, closed
 * months, row scope and bad input.
 */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const from = day(-5);
const to = day(5);

/** A customer of `saler` with one shipped delivery of two lines (70 at 2.5, 40 at 3.3333): its id and the note's. */
async function shippedCustomer(saler: number): Promise<{ customer: number; delivery: number }> {
  const customer = await makeCustomer(saler);
  const wh = await makeWarehouse();
  const order = await makeOrder(Number(customer.id), [100, 50]);
  await stockIn(wh.id, [
    { item_id: order.lines[0]!.item_id, quantity: 100, position_id: wh.positions[0], lot: `L${order.lines[0]!.id}` },
    { item_id: order.lines[1]!.item_id, quantity: 50, position_id: wh.positions[0], lot: `L${order.lines[1]!.id}` },
  ]);
  const delivery = await makeDelivery(Number(customer.id), wh.id, [
    { detail_id: order.lines[0]!.id, quantity: 70, lot: `L${order.lines[0]!.id}` },
    { detail_id: order.lines[1]!.id, quantity: 40, lot: `L${order.lines[1]!.id}`, price: 3.3333 },
  ]);
  ok(await ship(delivery), 'ship');
  return { customer: Number(customer.id), delivery };
}

const build = async (customer_id: number, extra: Row = {}, session?: string) =>
  post('/payments/bills/build/', { customer_id, from, to, ...extra }, { session: session ?? await admin() });
const listBill = async (p: Row, session?: string) => get('/payments/listbill/', { from, to, limit: -1, ...p }, { session: session ?? await admin() });

let mine: { customer: number; delivery: number };
let theirs: { customer: number; delivery: number };

beforeAll(async () => {
  const me = await salesPerson();
  mine = await shippedCustomer(me);
  theirs = await shippedCustomer(await otherSaler(me));
}, 120_000);

describe('building a bill', () => {
  it('lists the lines unbilled, builds a draft of them to the cent, and lists them billed by it', async () => {
    const before = ok(await listBill({ customer_id: mine.customer })).body;
    expect(before.dt).toHaveLength(2);
    expect((before.dt as Row[]).every(r => r.bill_id === null && r.delivery_status === 'shipped')).toBe(true);
    // 70 × 2.5 = 175, 40 × 3.3333 = 133.332: kept at 4 decimals, summed exactly.
    expect(before.sums).toEqual({ amount: 308.332, billed_amount: 0, unbilled_amount: 308.332 });
    expect((before.dt as Row[]).find(r => r.price === 3.3333)).toMatchObject({ price_now: 2.5, price_changed: true });

    const built = ok(await build(mine.customer), 'build').body;
    expect(built).toMatchObject({ lines: 2, total: 308.332 });
    const bill = await detail('/payments/bills', built.id as number);
    expect(bill).toMatchObject({ kind: 'delivery', status: 'draft', date: to, amount: 308.332, total: 308.332, allocated: 0 });
    expect(String(bill.check_code)).toMatch(/^[A-Z2-9]{8}$/);

    const after = ok(await listBill({ customer_id: mine.customer })).body;
    expect((after.dt as Row[]).every(r => r.bill_id === built.id && r.bill_show_id === built.show_id)).toBe(true);
    expect(after.sums).toMatchObject({ billed_amount: 308.332, unbilled_amount: 0 });
    expect(ok(await listBill({ customer_id: mine.customer, billed: 'no' })).body.dt).toHaveLength(0);

    // Nothing left to bill; the delivery on a live bill is not cancelled.
    expect((await build(mine.customer)).status).toBe(422);
    const refused = await cancel('/deliveries', mine.delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(String(built.show_id));

    // Adjusting a line needs a reason; the bill's total follows.
    const lines = ok(await get('/payments/bills/lines/list/', { filter: JSON.stringify([{ field: 'bill_id', op: 'eq', value: built.id }]), limit: -1 },
      { session: await admin() })).body.dt as Row[];
    const line = lines[0]!;
    expect((await save('/payments/bills/lines', { id: line.id, version: line.version, adjustment: -8.332 })).status).toBe(422);
    expect((await save('/payments/bills/lines', { id: line.id, version: line.version, quantity: 1 })).status).toBe(422);
    ok(await save('/payments/bills/lines', { id: line.id, version: line.version, adjustment: -8.332,
      adjustment_reason: '抹零' }), 'adjust');
    expect(await detail('/payments/bills', built.id as number)).toMatchObject({ amount: 308.332, adjustment: -8.332, total: 300 });

    // Confirmed, it is no longer adjusted; cancelled, its lines are unbilled again and a new build takes them.
    const b = await detail('/payments/bills', built.id as number);
    ok(await post('/payments/bills/confirm/', { id: b.id, version: b.version }, { session: await admin() }), 'confirm');
    expect((await detail('/payments/bills', built.id as number)).status).toBe('confirmed');
    ok(await cancel('/payments/bills', built.id as number), 'cancel bill');
    expect(ok(await listBill({ customer_id: mine.customer, billed: 'no' })).body.dt).toHaveLength(2);
    const again = ok(await build(mine.customer), 'build again').body;
    expect(again).toMatchObject({ lines: 2, total: 308.332 });
  });

  it('bills each line once when two builds of one customer race', async () => {
    const c = await shippedCustomer(await salesPerson());
    const [a, b] = await Promise.all([build(c.customer), build(c.customer)]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const rows = ok(await listBill({ customer_id: c.customer })).body.dt as Row[];
    expect(rows).toHaveLength(2);
    const winner = (a.status === 200 ? a : b).body.id;
    expect(rows.every(r => r.bill_id === winner)).toBe(true);
  }, 120_000);
});

describe('closed finance months', () => {
  it('refuses a bill dated in a closed month (409 with the month), and takes it once reopened', async () => {
    const month = to.slice(0, 7);
    ok(await post('/payments/close_period/', { period: month, closed: 1 }, { session: await admin() }), 'close');
    try {
      const r = await build(theirs.customer);
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(month);
    } finally {
      ok(await post('/payments/close_period/', { period: month, closed: 0 }, { session: await admin() }), 'reopen');
    }
    ok(await build(theirs.customer, { date: to }), 'build in the reopened month');
  });
});

describe('row scope', () => {
  it('shows a salesperson its own customers’ lines and bills only, and lets it build none', async () => {
    const sales = await sessionOf('sales');
    const own = ok(await listBill({}, sales)).body.dt as Row[];
    expect(own.some(r => r.customer_id === mine.customer)).toBe(true);
    expect(own.some(r => r.customer_id === theirs.customer)).toBe(false);
    const bills = ok(await get('/payments/bills/list/', { limit: -1 }, { session: sales })).body.dt as Row[];
    expect(bills.some(b => b.customer_id === mine.customer)).toBe(true);
    expect(bills.some(b => b.customer_id === theirs.customer)).toBe(false);
    expect((await build(mine.customer, {}, sales)).status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 4xx with the reason, never 500', async () => {
    expect((await build(999_999_999)).status).toBe(404);
    const reversed = await post('/payments/bills/build/', { customer_id: mine.customer, from: to, to: from }, { session: await admin() });
    expect(reversed.status).toBe(400);
    expect((await post('/payments/bills/build/', { customer_id: mine.customer, from, to: '2024-02-30' }, { session: await admin() })).status).toBe(400);
    expect((await build(-3)).status).toBe(400);
    expect((await listBill({ from: '2000-01-01', to: '2030-01-01' })).status).toBe(400);
    // A bill by hand: a negative quantity is refused.
    const other = ok(await save('/payments/bills', { customer_id: mine.customer }), 'bill by hand').body;
    const otherId = (other.id ?? (other.dt as Row | undefined)?.id) as number;
    expect((await save('/payments/bills/lines', { bill_id: otherId, quantity: -1, price: 1 })).status).toBe(422);
    const ok1 = ok(await save('/payments/bills/lines', { bill_id: otherId, description: '模具费', quantity: 3, price: 0.3333 }), 'by-hand line');
    expect(ok1.status).toBe(200);
    expect(await detail('/payments/bills', otherId)).toMatchObject({ kind: 'other', amount: 0.9999, total: 0.9999 });
  });
});
