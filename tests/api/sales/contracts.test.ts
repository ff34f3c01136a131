import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { expireContracts } from '../../../server/areas/sales/expire-contracts';
import { freshDatabase, type TestDatabase } from '../test-database';
import { eq } from 'drizzle-orm';
import { resourceByName } from '../../../src/domain/resources/all';
import type { Auth } from '../../../server/auth/sessions';
import { files } from '../../../server/db/tables';
import { newSecret } from '../../../server/lib/secrets';
import { UNCLAIMED_FILE_TTL_MS } from '../../../server/resources/row-files';
// Writes outside the app: the business areas' rules installed first, as the app does.
import '../../../server/behaviours';
import { createRow, deleteRow } from '../../../server/resources/write';
import { get, post, sessionOf, type Reply } from '../client';
import {
  admin, cancel, detail, makeCustomer, makeDelivery, makeWarehouse, ok, otherSaler, rowsWhere, salesPerson, ship, stockIn,
  type Row,
} from '../delivery/fixtures';

/**
 * Contracts (docs/sales-office.md §1, decisions 257–263) on the shared server of either database: states and their
 * refusals, an order's lines at the contract's prices, an item off the contract refused, the contract fixed once the
 * order has lines, the over-quantity warning, ordered / delivered / billed after each writer and its cancel, and the
 * salesperson's scope. Every test makes its own customers and contracts; dates are relative to today, far from any
 * boundary.
 */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const key = () => ({ 'idempotency-key': randomUUID() });

async function saveContract(item: Row, lines: Row[] = [], session?: string, removed: Row[] = []): Promise<Reply> {
  return post('/contracts/save_with_lines/', { item, lines, removed },
    { session: session ?? await admin(), headers: item.id === undefined ? key() : {} });
}
async function saveOrder(item: Row, lines: Row[] = [], session?: string): Promise<Reply> {
  return post('/orders/orders/save_with_lines/', { item, lines },
    { session: session ?? await admin(), headers: item.id === undefined ? key() : {} });
}
const contractOf = (id: number, session?: string) => detail('/contracts', id, session);
const linesOf = async (contractId: number) => (await rowsWhere('/contracts/lines/list/', 'contract_id', contractId))
  .sort((a, b) => Number(a.line_no) - Number(b.line_no));
async function activate(id: number, session?: string): Promise<Reply> {
  const c = await contractOf(id);
  return post('/contracts/activate/', { id, version: c.version }, { session: session ?? await admin() });
}
async function transition(orderId: number, to: string): Promise<Reply> {
  const o = await detail('/orders/orders', orderId);
  return post('/orders/orders/transition/', { id: orderId, version: o.version, to }, { session: await admin() });
}

let me: number;
let items: Row[];
let flow: number;

/** A draft contract of `customer` valid from 30 days ago to 30 days on: item 0 at 3.5 × 1000, item 1 at 2 (no quantity). */
async function draftContract(customer: number, session?: string): Promise<Reply> {
  return ok(await saveContract({ customer_id: customer, title: '年度供货合同', valid_from: day(-30), valid_to: day(30) }, [
    { item_id: items[0]!.id, quantity: 1000, price: 3.5 },
    { item_id: items[1]!.id, price: 2 },
  ], session), 'contract');
}

beforeAll(async () => {
  me = await salesPerson();
  const all = ok(await get('/items/list/', { limit: 200 }, { session: await admin() })).body.dt as Row[];
  items = all.filter(i => i.unit != null).slice(0, 3);
  expect(items).toHaveLength(3);
  flow = Number((ok(await get('/workflows/workflows/list/', { limit: 1 }, { session: await admin() })).body.dt as Row[])[0]!.id);
}, 60_000);

describe('a contract and its states', () => {
  it('saves a draft with its lines, numbered, at the customer\'s salesperson, and refuses a second line of an item', async () => {
    const customer = await makeCustomer(me);
    const saved = (await draftContract(Number(customer.id), await sessionOf('sales'))).body;
    expect(saved.dt).toMatchObject({ status: 'draft', saler_id: me, currency: 'CNY', amount: 3500 });
    expect(String((saved.dt as Row).show_id)).toMatch(/^HT\d{6}-\d{3,}$/);
    const lines = saved.lines as Row[];
    expect(lines.map(l => [l.line_no, l.price, l.amount, l.unit])).toEqual([
      [1, 3.5, 3500, items[0]!.unit], [2, 2, 0, items[1]!.unit]]);
    expect(lines[0]!.description).toContain(String(items[0]!.name));

    const twice = await saveContract({ id: saved.id, version: saved.version }, [{ item_id: items[0]!.id, price: 3 }]);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBeTruthy();
    // All or nothing: the refused save wrote no line.
    expect(await linesOf(saved.id as number)).toHaveLength(2);
  });

  it('refuses reversed or too long dates, a bad currency, and activating an empty contract', async () => {
    const customer = Number((await makeCustomer(me)).id);
    const reversed = await saveContract({ customer_id: customer, valid_from: day(10), valid_to: day(-10) });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toHaveProperty('valid_to');
    const long = await saveContract({ customer_id: customer, valid_from: '2026-01-01', valid_to: '2031-01-02' });
    expect(long.status).toBe(422);
    const currency = await saveContract({ customer_id: customer, valid_from: day(-1), valid_to: day(1), currency: 'rmb!' });
    expect(currency.status).toBe(422);
    expect(currency.body.errors).toHaveProperty('currency');
    const empty = ok(await saveContract({ customer_id: customer, valid_from: day(-1), valid_to: day(1) })).body;
    expect((await activate(empty.id as number)).status).toBe(422);
    expect((await contractOf(empty.id as number)).status).toBe('draft');
  });

  it('activates a draft, then keeps its customer, currency, start, lines and prices; the end only moves later', async () => {
    const customer = Number((await makeCustomer(me)).id);
    const c = (await draftContract(customer)).body;
    const id = c.id as number;
    const on = ok(await activate(id), 'activate').body;
    expect(on.dt).toMatchObject({ status: 'active', activated_by: expect.any(Number) });
    expect((await activate(id)).status).toBe(409);

    const now = await contractOf(id);
    const other = Number((await makeCustomer(me)).id);
    expect((await saveContract({ id, version: now.version, customer_id: other })).status).toBe(409);
    expect((await saveContract({ id, version: now.version, valid_from: day(-31) })).status).toBe(409);
    expect((await saveContract({ id, version: now.version, valid_to: day(29) })).status).toBe(409);
    const line = (await linesOf(id))[0]!;
    expect((await saveContract({ id, version: now.version }, [{ id: line.id, version: line.version, price: 3 }])).status).toBe(409);
    expect((await saveContract({ id, version: now.version }, [{ item_id: items[2]!.id, price: 1 }])).status).toBe(409);
    expect((await saveContract({ id, version: now.version }, [], undefined, [{ id: line.id, version: line.version }])).status).toBe(409);
    // An extension and the terms change.
    ok(await saveContract({ id, version: now.version, valid_to: day(60), payment_terms: '月结 60 天', credit_days: 60 }), 'extend');
    expect(await contractOf(id)).toMatchObject({ valid_to: day(60), payment_terms: '月结 60 天', credit_days: 60 });
    // Only a draft is cancelled.
    expect((await cancel('/contracts', id)).status).toBe(409);
  });

  it('cancels a draft with its lines', async () => {
    const c = (await draftContract(Number((await makeCustomer(me)).id))).body;
    ok(await cancel('/contracts', c.id as number), 'cancel');
    expect(await linesOf(c.id as number)).toHaveLength(0);
    expect((await activate(c.id as number)).status).toBe(409);
  });

  it('terminates an active contract with its reason only', async () => {
    const customer = Number((await makeCustomer(me)).id);
    const c = (await draftContract(customer)).body;
    const id = c.id as number;
    const draft = await contractOf(id);
    expect((await post('/contracts/terminate/', { id, version: draft.version, reason: '客户停产' }, { session: await admin() })).status).toBe(409);
    ok(await activate(id));
    const on = await contractOf(id);
    const noReason = await post('/contracts/terminate/', { id, version: on.version, reason: '  ' }, { session: await admin() });
    expect(noReason.status).toBe(400);
    expect((await post('/contracts/terminate/', { id, version: on.version, reason: 'x'.repeat(201) }, { session: await admin() })).status).toBe(400);
    // The salesperson may activate but not terminate (the manager's action).
    expect((await post('/contracts/terminate/', { id, version: on.version, reason: '客户停产' }, { session: await sessionOf('sales') })).status).toBe(403);
    const off = ok(await post('/contracts/terminate/', { id, version: on.version, reason: '客户停产' }, { session: await admin() })).body;
    expect(off.dt).toMatchObject({ status: 'terminated', termination_reason: '客户停产' });
    // A terminated contract is named by no new order.
    const refused = await saveOrder({ customer_id: customer, contract_id: id });
    expect(refused.status).toBe(409);
  });
});

describe('an order naming its contract', () => {
  let customer: number;
  let contract: Row;

  beforeAll(async () => {
    customer = Number((await makeCustomer(me)).id);
    const c = (await draftContract(customer)).body;
    ok(await activate(c.id as number));
    contract = await contractOf(c.id as number);
  }, 60_000);

  it('gives a new line the contract\'s unit and price, keeps a typed price, and refuses an item off the contract', async () => {
    const saved = ok(await saveOrder({ customer_id: customer, contract_id: contract.id }, [
      { item_id: items[0]!.id, quantity: 10, workflow_id: flow },
      { item_id: items[1]!.id, quantity: 5, price: 1.5, workflow_id: flow },
    ]), 'order').body;
    expect(saved.dt).toMatchObject({ contract_id: contract.id, contract_no: contract.show_id });
    const [a, b] = saved.lines as Row[];
    expect(a).toMatchObject({ price: 3.5, amount: 35, unit: items[0]!.unit, contractline_id: expect.any(Number) });
    expect(b).toMatchObject({ price: 1.5, amount: 7.5 });

    const off = await saveOrder({ id: saved.id, version: saved.version }, [{ item_id: items[2]!.id, quantity: 1 }]);
    expect(off.status).toBe(422);
    expect(off.body.errors).toHaveProperty(['lines.0.item_id']);

    // The contract is fixed once the order has live lines.
    const other = (await draftContract(customer)).body;
    ok(await activate(other.id as number));
    const o = await detail('/orders/orders', saved.id as number);
    const moved = await saveOrder({ id: saved.id, version: o.version, contract_id: other.id });
    expect(moved.status).toBe(409);
    expect((await saveOrder({ id: saved.id, version: o.version, contract_id: '' })).status).toBe(409);
  });

  it('refuses a contract of another customer, a draft, one outside its dates, and one in another currency', async () => {
    const stranger = Number((await makeCustomer(me)).id);
    const foreign = await saveOrder({ customer_id: stranger, contract_id: contract.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('contract_id');
    const draft = (await draftContract(customer)).body;
    expect((await saveOrder({ customer_id: customer, contract_id: draft.id })).status).toBe(409);
    const late = await saveOrder({ customer_id: customer, contract_id: contract.id, order_date: day(90) });
    expect(late.status).toBe(422);
    expect(late.body.errors).toHaveProperty('contract_id');
    const usd = ok(await saveContract({ customer_id: customer, currency: 'USD', valid_from: day(-1), valid_to: day(1) },
      [{ item_id: items[0]!.id, price: 1 }])).body;
    expect(usd.dt).toMatchObject({ currency: 'USD' });
    ok(await activate(usd.id as number));
    expect((await saveOrder({ customer_id: customer, contract_id: usd.id })).status).toBe(422);
  });

  it('warns beyond what a line with an agreed quantity has left, and never refuses', async () => {
    const first = ok(await saveOrder({ customer_id: customer, contract_id: contract.id },
      [{ item_id: items[0]!.id, quantity: 600, workflow_id: flow }])).body;
    expect(first.msg1).toBeUndefined();
    ok(await transition(first.id as number, 'confirmed'));
    const second = ok(await saveOrder({ customer_id: customer, contract_id: contract.id },
      [{ item_id: items[0]!.id, quantity: 600, workflow_id: flow }, { item_id: items[1]!.id, quantity: 9999, workflow_id: flow }])).body;
    expect(String(second.msg1)).toContain('400');
    const confirmed = ok(await transition(second.id as number, 'confirmed')).body;
    expect(confirmed.msg1).toBeTruthy();
    // Both confirmed: the agreed line has ordered 1200 of 1000 (a warning, not a refusal).
    const line = (await linesOf(contract.id as number))[0]!;
    expect(Number(line.ordered_quantity)).toBeGreaterThanOrEqual(1200);
  });
});

describe('ordered, delivered and billed', () => {
  it('follow confirm, ship, bill and each cancel, equal to the rows', async () => {
    const customer = Number((await makeCustomer(me)).id);
    const c = (await draftContract(customer)).body;
    const id = c.id as number;
    ok(await activate(id));
    const order = ok(await saveOrder({ customer_id: customer, contract_id: id },
      [{ item_id: items[0]!.id, quantity: 100, workflow_id: flow }, { item_id: items[1]!.id, quantity: 50, workflow_id: flow }])).body;
    const figures = async () => (await linesOf(id)).map(l => [l.ordered_quantity, l.ordered_amount, l.delivered_quantity,
      l.delivered_amount, l.billed_quantity, l.billed_amount].map(Number));
    // A draft order orders nothing yet.
    expect(await figures()).toEqual([[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]);
    ok(await transition(order.id as number, 'confirmed'));
    expect(await figures()).toEqual([[100, 350, 0, 0, 0, 0], [50, 100, 0, 0, 0, 0]]);
    expect(await contractOf(id)).toMatchObject({ amount: 3500, ordered_amount: 450 });

    const lines = order.lines as Row[];
    const wh = await makeWarehouse();
    await stockIn(wh.id, lines.map(l => ({ item_id: l.item_id, quantity: l.quantity, position_id: wh.positions[0], lot: `L${String(l.id)}` })));
    const delivery = await makeDelivery(customer, wh.id, [
      { detail_id: lines[0]!.id, quantity: 60, lot: `L${String(lines[0]!.id)}` },
      { detail_id: lines[1]!.id, quantity: 50, lot: `L${String(lines[1]!.id)}` },
    ]);
    ok(await ship(delivery), 'ship');
    expect(await figures()).toEqual([[100, 350, 60, 210, 0, 0], [50, 100, 50, 100, 0, 0]]);

    const bill = ok(await post('/payments/bills/build/', { customer_id: customer, from: day(-5), to: day(5) },
      { session: await admin() }), 'bill').body;
    expect(await figures()).toEqual([[100, 350, 60, 210, 60, 210], [50, 100, 50, 100, 50, 100]]);
    const billLine = (await rowsWhere('/payments/bills/lines/list/', 'bill_id', bill.id)).find(l => Number(l.quantity) === 60)!;
    ok(await post('/payments/bills/lines/save/', { item: { id: billLine.id, version: billLine.version, adjustment: -10, adjustment_reason: '折让' } },
      { session: await admin() }), 'adjust');
    expect((await figures())[0]).toEqual([100, 350, 60, 210, 60, 200]);
    expect(await contractOf(id)).toMatchObject({ delivered_amount: 310, billed_amount: 300 });

    ok(await cancel('/payments/bills', bill.id as number), 'cancel bill');
    expect(await figures()).toEqual([[100, 350, 60, 210, 0, 0], [50, 100, 50, 100, 0, 0]]);
    ok(await cancel('/deliveries', delivery), 'cancel delivery');
    expect(await figures()).toEqual([[100, 350, 0, 0, 0, 0], [50, 100, 0, 0, 0, 0]]);
    // An order line cancelled, then the order back to draft, then cancelled: nothing ordered.
    const o = await detail('/orders/orders', order.id as number);
    const line2 = await detail('/orders/details', Number(lines[1]!.id));
    ok(await post('/orders/orders/save_with_lines/', { item: { id: order.id, version: o.version }, removed: [{ id: line2.id, version: line2.version }] },
      { session: await admin() }), 'remove line');
    expect((await figures())[1]).toEqual([0, 0, 0, 0, 0, 0]);
    ok(await transition(order.id as number, 'draft'));
    expect((await figures())[0]).toEqual([0, 0, 0, 0, 0, 0]);
    ok(await transition(order.id as number, 'confirmed'));
    expect((await figures())[0]).toEqual([100, 350, 0, 0, 0, 0]);
    ok(await cancel('/orders/orders', order.id as number), 'cancel order');
    expect(await figures()).toEqual([[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]);
    expect(await contractOf(id)).toMatchObject({ ordered_amount: 0, delivered_amount: 0, billed_amount: 0 });
  }, 120_000);
});

describe('a salesperson\'s scope', () => {
  it('hides a colleague\'s contract from list, detail, save and an order naming it', async () => {
    const sales = await sessionOf('sales');
    const colleague = await otherSaler(me);
    const theirCustomer = Number((await makeCustomer(colleague)).id);
    const theirs = (await draftContract(theirCustomer)).body;
    expect(theirs.dt).toMatchObject({ saler_id: colleague });
    const mineC = (await draftContract(Number((await makeCustomer(me)).id), sales)).body;

    const listed = ok(await get('/contracts/list/', { limit: 1000, keyword: '' }, { session: sales })).body.dt as Row[];
    expect(listed.some(r => r.id === mineC.id)).toBe(true);
    expect(listed.some(r => r.id === theirs.id)).toBe(false);
    expect((await get('/contracts/detail/', { id: theirs.id }, { session: sales })).status).toBe(404);
    expect((await saveContract({ id: theirs.id, version: theirs.version, remark: 'x' }, [], sales)).status).toBe(404);
    ok(await activate(theirs.id as number));
    const myCustomer = Number((await makeCustomer(me)).id);
    expect((await saveOrder({ customer_id: myCustomer, contract_id: theirs.id }, [], sales)).status).toBe(404);
    // Its own: activated by the salesperson.
    ok(await activate(mineC.id as number, sales), 'sales activates');
  });
});

describe('bad input', () => {
  it('refuses malformed saves, moves and lines with a 4xx and writes nothing', async () => {
    const session = await admin();
    const customer = Number((await makeCustomer(me)).id);
    const c = (await draftContract(customer)).body;
    const other = (await draftContract(customer)).body;
    const bad = async (path: string, body: Row) => (await post(path, body, { session, headers: key() })).status;
    expect(await bad('/contracts/save_with_lines/', { item: '{not json' })).toBe(400);
    expect(await bad('/contracts/save_with_lines/', { item: { customer_id: customer }, lines: '[1,' })).toBe(400);
    expect(await bad('/contracts/save_with_lines/', { item: { customer_id: customer, valid_from: day(0), valid_to: day(1) },
      lines: Array.from({ length: 501 }, () => ({ item_id: items[0]!.id, price: 1 })) })).toBe(400);
    expect(await bad('/contracts/save_with_lines/', { item: { customer_id: 'abc', valid_from: day(0), valid_to: day(1) } })).toBe(422);
    expect(await bad('/contracts/save_with_lines/', { item: { customer_id: customer, valid_from: 'tomorrow', valid_to: day(1) } })).toBe(422);
    const lines = await linesOf(c.id as number);
    // A saved line without its version, a line of another contract, a negative price, an unknown item.
    expect(await bad('/contracts/save_with_lines/', { item: { id: c.id, version: c.version }, lines: [{ id: lines[0]!.id, price: 2 }] })).toBe(422);
    const theirs = (await linesOf(other.id as number))[0]!;
    expect(await bad('/contracts/save_with_lines/', { item: { id: c.id, version: c.version },
      lines: [{ id: theirs.id, version: theirs.version, price: 2 }] })).toBe(422);
    expect(await bad('/contracts/save_with_lines/', { item: { id: c.id, version: c.version }, removed: [{ id: theirs.id, version: theirs.version }] })).toBe(422);
    const negative = await post('/contracts/save_with_lines/', { item: { id: c.id, version: c.version }, lines: [{ item_id: items[2]!.id, price: -1 }] },
      { session });
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toHaveProperty(['lines.0.price']);
    expect(await bad('/contracts/save_with_lines/', { item: { id: c.id, version: c.version }, lines: [{ item_id: 999_999_999, price: 1 }] })).toBe(422);
    expect(await bad('/contracts/save_with_lines/', { item: { id: c.id, version: 999 }, lines: [] })).toBe(409);
    expect(await bad('/contracts/activate/', { id: 'x', version: 1 })).toBe(400);
    expect(await bad('/contracts/activate/', { id: 999_999_999, version: 1 })).toBe(404);
    expect(await bad('/contracts/terminate/', { id: c.id, version: c.version })).toBe(400);
    // An unknown contract is an unknown reference, as any (422 ref_missing).
    expect(await bad('/orders/orders/save_with_lines/', { item: { customer_id: customer, contract_id: 999_999_999 } })).toBe(422);
    // Nothing of the refused saves was written.
    expect((await linesOf(c.id as number)).map(l => [l.id, l.version, l.price])).toEqual(lines.map(l => [l.id, l.version, l.price]));
    expect(await contractOf(c.id as number)).toMatchObject({ version: c.version, status: 'draft' });
  });
});

describe('the expiry sweep', () => {
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await freshDatabase('contracts-expiry', { seeded: true }); }, 120_000);
  afterAll(async () => { await tdb?.drop(); });

  it('relabels active contracts past their end as expired, once, with history, and leaves the others', async () => {
    const db = tdb.database.db;
    const [customer] = await rows<{ id: number }>(db, sql`select id from customers order by id limit 1`);
    const make = async (no: string, status: string, to: string) => Number((await rows<{ id: number }>(db, sql`
      insert into contracts (show_id, customer_id, valid_from, valid_to, status, currency)
      values (${no}, ${customer!.id}, '2001-01-01', ${to}, ${status}, 'CNY') returning id`))[0]!.id);
    // A fixed "today" given to the sweep, long before the demo's contracts end: the test does not depend on the day
    // it runs, and only its own contracts are past their end that day.
    const past = await make('EXP-1', 'active', '2001-06-14');
    const ending = await make('EXP-2', 'active', '2001-06-15');
    const draft = await make('EXP-3', 'draft', '2001-06-01');
    const ended = await make('EXP-4', 'terminated', '2001-06-01');
    expect(await expireContracts(db, '2001-06-15')).toEqual([past]);
    expect(await expireContracts(db, '2001-06-15')).toEqual([]);
    const status = await rows<{ id: number; status: string; version: number }>(db, sql`
      select id, status, version from contracts where id = any(${sql.param([past, ending, draft, ended])}::int[]) order by id`);
    expect(status.map(s => [Number(s.id), s.status, Number(s.version)])).toEqual([
      [past, 'expired', 2], [ending, 'active', 1], [draft, 'draft', 1], [ended, 'terminated', 1]]);
    const history = await rows<{ after: { status: string }; by_name: string }>(db, sql`
      select after, by_name from history where table_name = 'contracts' and kid = ${past}`);
    expect(history).toHaveLength(1);
    expect(history[0]!.after.status).toBe('expired');
  });
});

describe('the demo contracts', () => {
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await freshDatabase('contracts-demo', { seeded: true }); }, 120_000);
  afterAll(async () => { await tdb?.drop(); });

  it('hold each line\'s ordered, delivered and billed equal to a count over the rows, and name only their own lines', async () => {
    const db = tdb.database.db;
    const statuses = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from contracts group by status`);
    const by = Object.fromEntries(statuses.map(s => [s.status, Number(s.n)]));
    expect(by.active).toBeGreaterThan(5);
    expect(by).toMatchObject({ expired: 3, terminated: 1, draft: 3 });
    const named = await rows<{ n: number }>(db, sql`select count(*)::int as n from details where contractline_id is not null`);
    expect(Number(named[0]!.n)).toBeGreaterThan(0);
    // Every named line is of its order's contract and of the contract line's item.
    const wrong = await rows<{ id: number }>(db, sql`
      select d.id from details d join orders o on o.id = d.order_id join contractlines cl on cl.id = d.contractline_id
      where cl.contract_id is distinct from o.contract_id or cl.item_id <> d.item_id`);
    expect(wrong).toEqual([]);
    const drift = await rows<{ id: number }>(db, sql`
      select cl.id from contractlines cl
      left join lateral (select coalesce(sum(d.quantity), 0) as q, coalesce(sum(d.amount), 0) as a from details d join orders o on o.id = d.order_id
        where d.contractline_id = cl.id and not d.canceled and not o.canceled and o.status in ('confirmed', 'producing', 'finished', 'shipped')) o on true
      left join lateral (select coalesce(sum(dl.quantity), 0) as q, coalesce(sum(dl.amount), 0) as a from deliverylines dl
        join deliveries v on v.id = dl.delivery_id join details d on d.id = dl.detail_id
        where d.contractline_id = cl.id and not dl.canceled and not v.canceled and v.status in ('shipped', 'signed')) v on true
      left join lateral (select coalesce(sum(bl.quantity), 0) as q, coalesce(sum(coalesce(bl.amount, 0) + coalesce(bl.adjustment, 0)), 0) as a
        from billlines bl join bills b on b.id = bl.bill_id join deliverylines dl on dl.id = bl.deliveryline_id join details d on d.id = dl.detail_id
        where d.contractline_id = cl.id and not bl.canceled and not b.canceled) b on true
      where cl.ordered_quantity <> o.q or cl.ordered_amount <> o.a or cl.delivered_quantity <> v.q or cl.delivered_amount <> v.a
        or cl.billed_quantity <> b.q or cl.billed_amount <> b.a`);
    expect(drift).toEqual([]);
    const delivered = await rows<{ n: number }>(db, sql`select count(*)::int as n from contractlines where delivered_quantity > 0`);
    expect(Number(delivered[0]!.n)).toBeGreaterThan(0);
    // Naming the contracts changed no order's figure: each order's amount is still its live lines' sum.
    const off = await rows<{ id: number }>(db, sql`
      select o.id from orders o where o.contract_id is not null
        and o.amount <> (select coalesce(sum(d.amount), 0) from details d where d.order_id = o.id and not d.canceled)`);
    expect(off).toEqual([]);
  });
});

describe('a contract\'s file', () => {
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await freshDatabase('contracts-files', { seeded: true }); }, 120_000);
  afterAll(async () => { await tdb?.drop(); });
  const auth: Auth = {
    accountId: 1, username: 'files', name: 'Files Test', personId: null, isAdmin: true, menus: new Set(), roleCodes: [],
    roleIds: [], permissions: { admin: true, resources: {} }, sessionRowId: 0, tokenRowId: 0,
  };

  it('keeps the uploaded file (format `file`) while a row names it, and lets it expire once the row is gone', async () => {
    const db = tdb.database.db;
    const id = newSecret();
    await db.insert(files).values({ id, name: '合同扫描件.pdf', mime: 'application/pdf', size: 1, data: Buffer.from([1]), account_id: 1,
      expires_at: new Date(Date.now() + UNCLAIMED_FILE_TTL_MS) });
    const expiry = async () => (await db.select({ e: files.expires_at }).from(files).where(eq(files.id, id)))[0]!.e;
    const [contract] = await rows<{ id: number }>(db, sql`select id from contracts order by id limit 1`);
    const res = resourceByName('contractfiles')!;
    const row = await createRow(db, res, { contract_id: contract!.id, name: '合同扫描件.pdf', url: `/files/?action=download&id=${id}` }, auth);
    expect(await expiry()).toBeNull();
    await expect(createRow(db, res, { contract_id: contract!.id, name: 'x', url: 'https://example.com/x.pdf' }, auth))
      .rejects.toMatchObject({ status: 422 });
    await deleteRow(db, res, Number(row.id), auth);
    expect(await expiry()).not.toBeNull();
  });
});
