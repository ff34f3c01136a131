import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, get, post, postJson, sessionOf } from '../client';
import {
  admin, cancel, detail, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, salesPerson, save, ship, stockIn, type Row,
} from '../delivery/fixtures';

/**
 * Bills by hand, the printed bill, the public bill query and the bill query's search (docs/finance.md "Bills",
 * "Print and export", "9."; decisions 230–239), on the shared server of either database.
 */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const from = day(-5);
const to = day(5);

interface Shipped { customer: number; name: string; delivery: number; deliveryNo: string; orderNo: string; itemName: string }

/** A customer of `saler` with one shipped delivery of two lines (70 at 2.5, 40 at 3.3333). */
async function shippedCustomer(saler: number): Promise<Shipped> {
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
  const item = await detail('/items', order.lines[0]!.item_id);
  return { customer: Number(customer.id), name: String(customer.name), delivery, deliveryNo: String((await detail('/deliveries', delivery)).show_id),
    orderNo: order.show_id, itemName: String(item.name) };
}

const lines = async (billId: number) => (ok(await get('/payments/bills/lines/list/', {
  filter: JSON.stringify([{ field: 'bill_id', op: 'eq', value: billId }]), limit: -1, sort: 'line_no',
}, { session: await admin() })).body.dt as Row[]).filter(l => !l.canceled);
const idOf = (r: { body: Row }) => Number(r.body.id ?? (r.body.dt as Row | undefined)?.id);
const historyOf = async (lineId: number) => ok(await get('/history/list/', { table_name: 'billlines', kid: lineId },
  { session: await admin() })).body.dt as Row[];

let shipped: Shipped;
let built: { id: number; show_id: string };

beforeAll(async () => {
  shipped = await shippedCustomer(await salesPerson());
  const b = ok(await post('/payments/bills/build/', { customer_id: shipped.customer, from, to }, { session: await admin() }), 'build').body;
  built = { id: Number(b.id), show_id: String(b.show_id) };
}, 120_000);

describe('a bill by hand', () => {
  it('takes typed lines priced quantity × price, follows their edits and cancels in its sums, and is read-only once confirmed', async () => {
    const billId = idOf(ok(await save('/payments/bills', { customer_id: shipped.customer, remark: '模具费' }), 'bill by hand'));
    expect(await detail('/payments/bills', billId)).toMatchObject({ kind: 'other', status: 'draft', date: day(0), total: 0 });
    const a = idOf(ok(await save('/payments/bills/lines', { bill_id: billId, description: '模具', quantity: 2, unit: '套', price: 150.125 }), 'line 1'));
    // One amount: one unit at that price.
    ok(await save('/payments/bills/lines', { bill_id: billId, description: '运费', quantity: 1, price: 80 }), 'line 2');
    expect(await detail('/payments/bills', billId)).toMatchObject({ amount: 380.25, total: 380.25 });
    const [l1, l2] = await lines(billId);
    expect([l1!.line_no, l2!.line_no]).toEqual([1, 2]);
    expect(l1).toMatchObject({ id: a, amount: 300.25, deliveryline_id: null });

    // A typed line changes its quantity and price; its amount and the bill's follow. An adjustment needs its reason.
    ok(await save('/payments/bills/lines', { id: a, version: l1!.version, quantity: 3 }), 'edit line');
    expect(await detail('/payments/bills', billId)).toMatchObject({ amount: 530.375, total: 530.375 });
    const edited = (await lines(billId))[0]!;
    expect((await save('/payments/bills/lines', { id: a, version: edited.version, adjustment: -0.375 })).status).toBe(422);
    ok(await save('/payments/bills/lines', { id: a, version: edited.version, adjustment: -0.375, adjustment_reason: '抹零' }), 'adjust');
    // A line cancelled leaves the sums.
    ok(await cancel('/payments/bills/lines', Number(l2!.id)), 'cancel line');
    expect(await detail('/payments/bills', billId)).toMatchObject({ amount: 450.375, adjustment: -0.375, total: 450 });

    const b = await detail('/payments/bills', billId);
    ok(await post('/payments/bills/confirm/', { id: billId, version: b.version }, { session: await admin() }), 'confirm');
    const after = (await lines(billId))[0]!;
    expect((await save('/payments/bills/lines', { id: a, version: after.version, quantity: 4 })).status).toBe(409);
    expect((await save('/payments/bills/lines', { bill_id: billId, description: '晚到', quantity: 1, price: 1 })).status).toBe(409);
  });

  it('is a credit note when its total is negative; a line never moves to another bill', async () => {
    const billId = idOf(ok(await save('/payments/bills', { customer_id: shipped.customer }), 'credit note'));
    const line = idOf(ok(await save('/payments/bills/lines', { bill_id: billId, description: '退货折让', quantity: 1, price: -120.5 }), 'credit'));
    expect(await detail('/payments/bills', billId)).toMatchObject({ kind: 'other', amount: -120.5, total: -120.5 });
    const other = idOf(ok(await save('/payments/bills', { customer_id: shipped.customer }), 'another'));
    const l = (await lines(billId))[0]!;
    expect((await save('/payments/bills/lines', { id: line, version: l.version, bill_id: other })).status).toBe(422);
    // A quantity below zero is refused: the price carries the sign.
    expect((await save('/payments/bills/lines', { bill_id: billId, description: 'x', quantity: -1, price: 1 })).status).toBe(422);
    // Cancelled, the bill cancels its line, which keeps its own history of it.
    ok(await cancel('/payments/bills', billId), 'cancel credit note');
    const history = await historyOf(line);
    expect(history.map(h => h.action)).toEqual(expect.arrayContaining(['create', 'cancel']));
    expect(await lines(billId)).toEqual([]);
  });

  it('is a bill by hand only: a bill from deliveries takes no typed line and never totals below zero', async () => {
    const r = await save('/payments/bills/lines', { bill_id: built.id, description: '额外', quantity: 1, price: 5 });
    expect(r.status).toBe(422);
    const [first] = await lines(built.id);
    // A line the build wrote has its own history entry.
    expect((await historyOf(Number(first!.id))).map(h => h.action)).toEqual(['create']);
    const big = await save('/payments/bills/lines', { id: first!.id, version: first!.version, adjustment: -1000, adjustment_reason: '退款' });
    expect(big.status).toBe(422);
    expect(String(big.body.msg)).toContain('其他账单');
    expect(await detail('/payments/bills', built.id)).toMatchObject({ amount: 308.332, adjustment: 0, total: 308.332 });
  });
});

interface Sheet { id: number; print_url: string; width_mm: number; height_mm: number }

describe('the printed bill', () => {
  it('is A4 landscape with the lines by delivery note, subtotals, reasons, the total in capitals and the check code as text and QR', async () => {
    const [first] = await lines(built.id);
    ok(await save('/payments/bills/lines', { id: first!.id, version: first!.version, adjustment: -8.332, adjustment_reason: '抹零' }), 'adjust');
    const sheets = ok(await post('/prints/do/', { item: { category: 'bills', ids: [built.id] }, action: 'browser' },
      { session: await admin() }), 'print').body.ds as Sheet[];
    expect(sheets.map(s => [s.width_mm, s.height_mm])).toEqual([[297, 210]]);
    const html = await (await fetch(sheets[0]!.print_url)).text();
    const bill = await detail('/payments/bills', built.id);
    for (const text of ['对账单', built.show_id, shipped.name, shipped.deliveryNo, shipped.orderNo, `小计（送货单 ${shipped.deliveryNo}）`,
      '抹零', '>300<', '叁佰元整', `<b data-check-code>${String(bill.check_code)}</b>`, '客户确认（签章）', 'size: 297mm 210mm', '未收余额'])
      expect(html, text).toContain(text);
    const query = `${baseUrl()}/bills/query?${new URLSearchParams({ show_id: built.show_id, code: String(bill.check_code) }).toString()}`;
    expect(html).toContain(await QRCode.toString(query, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }));
    const logs = ok(await get('/prints/logs/list/', { page: 1, limit: 5, sort: '-id' }, { session: await admin() })).body.dt as Row[];
    expect(logs[0]).toMatchObject({ category: 'bills', how: 'browser', count: 1 });
  });
});

describe('the public bill query', () => {
  it('shows the bill by its number and check code without a login, and nothing for a wrong code', async () => {
    const bill = await detail('/payments/bills', built.id);
    const r = ok(await get('/payments/bills/query/', { show_id: built.show_id, code: String(bill.check_code).toLowerCase() }), 'query');
    const dt = r.body.dt as Row;
    expect(dt).toMatchObject({ show_id: built.show_id, customer: shipped.name, amount: bill.amount, total: bill.total });
    expect((dt.lines as Row[]).map(l => l.delivery_show_id)).toEqual([shipped.deliveryNo, shipped.deliveryNo]);
    expect(JSON.stringify(dt)).not.toContain('saler');
    const wrong = await get('/payments/bills/query/', { show_id: built.show_id, code: 'WRONG123' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.dt).toBeUndefined();
    expect((await get('/payments/bills/query/', { show_id: built.show_id })).status).toBe(400);
  });
});

describe('the bill query', () => {
  const find = async (anywhere: string, session?: string) => (ok(await get('/payments/bills/list/', { anywhere, limit: 100 },
    { session: session ?? await admin() }), 'query').body.dt as Row[]).map(b => Number(b.id));

  it('finds a bill by its delivery note, order, item, customer or check code, and not by other words', async () => {
    const bill = await detail('/payments/bills', built.id);
    for (const w of [shipped.deliveryNo, shipped.orderNo, shipped.itemName, shipped.name, String(bill.check_code), `${built.show_id} 抹零`]) {
      expect(await find(w), w).toContain(built.id);
    }
    expect(await find(`${shipped.deliveryNo} nothing-like-this`)).not.toContain(built.id);
    const finance = await sessionOf('finance');
    expect(await find(shipped.deliveryNo, finance)).toContain(built.id);
    expect((await get('/payments/bills/list/', { anywhere: 'x'.repeat(201) }, { session: await admin() })).status).toBe(400);
  });

  it('finds a bill by the receipt allocated to it: its number, bank reference or payer', async () => {
    const customer = Number((await makeCustomer(await salesPerson())).id);
    const bill = idOf(ok(await save('/payments/bills', { customer_id: customer, date: day(0) }), 'bill by hand'));
    ok(await save('/payments/bills/lines', { bill_id: bill, description: '版费', quantity: 1, price: 100 }), 'line');
    const b = await detail('/payments/bills', bill);
    ok(await post('/payments/bills/confirm/', { id: bill, version: b.version }, { session: await admin() }), 'confirm');
    const [bank] = ok(await get('/banks/list/', { limit: 1 }, { session: await admin() })).body.dt as Row[];
    const reference = `REF${Date.now()}`;
    const receipt = ok(await save('/payments', { bank_id: bank!.id, date: day(0), customer_id: customer, amount: 100, reference,
      payer_name: `付款人${reference}` }), 'receipt').body.dt as Row;
    expect(await find(reference)).not.toContain(bill);
    ok(await postJson('/payments/allocate/', { receipt_id: receipt.id, lines: [{ bill_id: bill, amount: 100 }] }, { session: await admin() }), 'allocate');
    for (const w of [reference, `付款人${reference}`, String(receipt.show_id)]) expect(await find(w), w).toContain(bill);
  });

  it('shows a salesperson only its own customers’ bills', async () => {
    const theirs = await makeCustomer(await otherSaler(await salesPerson()));
    const billId = idOf(ok(await save('/payments/bills', { customer_id: Number(theirs.id), remark: 'scope-check' }), 'their bill'));
    const sales = await sessionOf('sales');
    expect(await find('scope-check')).toContain(billId);
    expect(await find('scope-check', sales)).not.toContain(billId);
  });
});
