import { beforeAll, describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../../src/domain/messages/catalog';
import { get, post, postJson, sessionOf } from '../client';
import { admin, cancel, detail, makeCustomer, ok, otherSaler, rowsWhere, salesPerson, save, type Row } from '../delivery/fixtures';
import { makeAccount, makeRole } from '../security/helpers';
import { bank, confirmedBill, day, draftBill, receipt, receiptId } from './money-fixtures';

const catalog = (key: MessageKey) => translate('zh', key);

/**
 * Receipts (docs/finance.md "receipts", decisions 221–229) on the shared server of either database: numbered, their
 * customer's salesperson's, amount > 0, in an open month.
 */
let customer: number;
let saler: number;

beforeAll(async () => {
  saler = await salesPerson();
  customer = Number((await makeCustomer(saler)).id);
}, 60_000);

describe('a receipt by hand', () => {
  it('is numbered from receipt_no_pattern, its customer\'s salesperson\'s, and allocates nothing yet', async () => {
    const r = await detail('/payments', await receiptId(customer, 1000.5));
    expect(String(r.show_id)).toMatch(/^SK\d{8}-\d{3,}$/);
    expect(r).toMatchObject({ customer_id: customer, saler_id: saler, amount: 1000.5, allocated: 0 });
  });

  it('refuses an amount that is zero or negative, and a missing bank or date (4xx, nothing saved)', async () => {
    for (const amount of [0, -5]) {
      const r = await receipt(customer, amount);
      // Zero is the receipts' rule (400), a negative amount the field's minimum (422): both name the field.
      expect(r.status, String(amount)).toBe(amount === 0 ? 400 : 422);
      expect(r.body.errors).toHaveProperty('amount');
    }
    const noBank = await save('/payments', { customer_id: customer, amount: 5, date: day(0) });
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors).toHaveProperty('bank_id');
    expect((await save('/payments', { bank_id: await bank(), customer_id: customer, amount: 5 })).status).toBe(422);
  });

  it('refuses a receipt dated in a closed month, old or new date, and takes it once reopened', async () => {
    const month = day(0).slice(0, 7);
    const id = await receiptId(customer, 20);
    ok(await post('/payments/close_period/', { period: month, closed: 1 }, { session: await admin() }), 'close');
    try {
      const r = await receipt(customer, 10);
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(month);
      const d = await detail('/payments', id);
      expect((await save('/payments', { id, version: d.version, amount: 30 })).status).toBe(409);
      expect((await cancel('/payments', id)).status).toBe(409);
    } finally {
      ok(await post('/payments/close_period/', { period: month, closed: 0 }, { session: await admin() }), 'reopen');
    }
    ok(await receipt(customer, 10), 'receipt in the reopened month');
  });
});

const allocate = async (p: Row, session?: string) => postJson('/payments/allocate/', p, { session: session ?? await admin() });
const billOf = (id: number) => detail('/payments/bills', id);
const receiptOf = (id: number) => detail('/payments', id);

describe('allocating a receipt', () => {
  it('applies named amounts within each bill and the receipt, and keeps both allocated sums to the rows', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const b1 = await confirmedBill(c, 300);
    const b2 = await confirmedBill(c, 200.5);
    const r = await receiptId(c, 400);
    const done = ok(await allocate({ receipt_id: r, lines: [{ bill_id: b1, amount: 250 }, { bill_id: b2, amount: 100.1234 }] }), 'allocate').body;
    expect(done).toMatchObject({ receipt_id: r, allocated: 350.1234, unallocated: 49.8766 });
    expect(done.lines).toHaveLength(2);
    expect(await billOf(b1)).toMatchObject({ total: 300, allocated: 250 });
    expect(await billOf(b2)).toMatchObject({ allocated: 100.1234 });
    expect(await receiptOf(r)).toMatchObject({ amount: 400, allocated: 350.1234 });

    // Beyond a bill's outstanding, beyond the receipt's rest: refused whole, nothing written.
    const over = await allocate({ receipt_id: r, lines: [{ bill_id: b1, amount: 50.0001 }] });
    expect(over.status).toBe(409);
    expect(over.body.msg).toContain('50.00');
    const r2 = await receiptId(c, 10);
    const beyond = await allocate({ receipt_id: r2, lines: [{ bill_id: b2, amount: 10.0001 }] });
    expect(beyond.status).toBe(409);
    expect(beyond.body.msg).toContain('10.00');
    // A bill named twice takes the sum of its lines.
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: b1, amount: 30 }, { bill_id: b1, amount: 20.0001 }] })).status).toBe(409);
    expect(await billOf(b1)).toMatchObject({ allocated: 250 });
    expect(await receiptOf(r)).toMatchObject({ allocated: 350.1234 });
  });

  it('allocates automatically to the oldest open bills first, by bill date then number', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const newer = await confirmedBill(c, 100, day(-1));
    const older = await confirmedBill(c, 100, day(-3));
    const oldest = await confirmedBill(c, 100, day(-3));
    const r = await receiptId(c, 150);
    const done = ok(await allocate({ receipt_id: r, auto: 1 }), 'auto').body;
    expect(done).toMatchObject({ allocated: 150, unallocated: 0 });
    // Same day: the lower number first (numbers grow with creation).
    expect(await billOf(older)).toMatchObject({ allocated: 100 });
    expect(await billOf(oldest)).toMatchObject({ allocated: 50 });
    expect(await billOf(newer)).toMatchObject({ allocated: 0 });
    // Nothing left on the receipt: 422.
    expect((await allocate({ receipt_id: r, auto: 1 })).status).toBe(422);
    // A second receipt goes on where the first stopped, and leaves its rest as credit.
    const r2 = await receiptId(c, 500);
    ok(await allocate({ receipt_id: r2, auto: 1 }), 'auto 2');
    expect(await billOf(oldest)).toMatchObject({ allocated: 100 });
    expect(await billOf(newer)).toMatchObject({ allocated: 100 });
    expect(await receiptOf(r2)).toMatchObject({ allocated: 150 });
  });

  it('refuses another customer\'s bill, a draft or cancelled bill, an unknown bill, and a cancelled receipt', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const other = Number((await makeCustomer(saler)).id);
    const r = await receiptId(c, 100);
    const theirs = await confirmedBill(other, 50);
    const draft = await draftBill(c, 50);
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: theirs, amount: 10 }] })).status).toBe(409);
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: draft, amount: 10 }] })).status).toBe(409);
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: 999_999_999, amount: 10 }] })).status).toBe(404);
    const cancelled = await confirmedBill(c, 50);
    ok(await cancel('/payments/bills', cancelled), 'cancel bill');
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: cancelled, amount: 10 }] })).status).toBe(409);
    const gone = await receiptId(c, 10);
    ok(await cancel('/payments', gone), 'cancel receipt');
    expect((await allocate({ receipt_id: gone, auto: 1 })).status).toBe(409);
    expect((await allocate({ receipt_id: 999_999_999, auto: 1 })).status).toBe(404);
    expect(await receiptOf(r)).toMatchObject({ allocated: 0 });
  });

  it('takes an allocation back, cancels a receipt\'s allocations with it, and refuses to cancel a bill with allocations', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const b = await confirmedBill(c, 100);
    const r1 = await receiptId(c, 60);
    const r2 = await receiptId(c, 60);
    const a1 = ok(await allocate({ receipt_id: r1, auto: 1 })).body.lines as Row[];
    ok(await allocate({ receipt_id: r2, auto: 1 }));
    expect(await billOf(b)).toMatchObject({ allocated: 100 });
    expect(await receiptOf(r2)).toMatchObject({ allocated: 40 });

    const refused = await cancel('/payments/bills', b);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(catalog('bill_has_allocations'));

    ok(await post('/payments/unallocate/', { id: a1[0]!.id }, { session: await admin() }), 'unallocate');
    expect(await billOf(b)).toMatchObject({ allocated: 40 });
    expect(await receiptOf(r1)).toMatchObject({ allocated: 0 });
    expect((await post('/payments/unallocate/', { id: a1[0]!.id }, { session: await admin() })).status).toBe(409);
    // The generic writes of allocations are refused: the sums have one writer.
    const [row] = await rowsWhere('/payments/allocations/list/', 'bill_id', b);
    const generic = await post('/payments/allocations/cancel/', { id: row!.id, version: row!.version }, { session: await admin() });
    expect(generic.status).toBe(409);
    expect(generic.body.msg).toBe(catalog('allocation_by_action'));

    ok(await cancel('/payments', r2), 'cancel receipt');
    expect(await billOf(b)).toMatchObject({ allocated: 0 });
    expect(await receiptOf(r2)).toMatchObject({ allocated: 0, canceled: true });
    ok(await cancel('/payments/bills', b), 'cancel the bill now free');
  });

  it('keeps an allocated receipt\'s customer, and its amount not below what is allocated', async () => {
    const c = Number((await makeCustomer(saler)).id);
    await confirmedBill(c, 100);
    const r = await receiptId(c, 80);
    ok(await allocate({ receipt_id: r, auto: 1 }), 'allocate');
    const other = Number((await makeCustomer(saler)).id);
    let d = await receiptOf(r);
    expect((await save('/payments', { id: r, version: d.version, customer_id: other })).status).toBe(409);
    const low = await save('/payments', { id: r, version: d.version, amount: 79.9999 });
    expect(low.status).toBe(409);
    expect(low.body.msg).toContain('80.00');
    ok(await save('/payments', { id: r, version: d.version, amount: 90, memo: '补记' }), 'raise the amount');
    d = await receiptOf(r);
    expect(d).toMatchObject({ customer_id: c, amount: 90, allocated: 80 });
  });

  it('never lets two allocations racing on one bill exceed its total', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const b = await confirmedBill(c, 100);
    const rs = await Promise.all([receiptId(c, 70), receiptId(c, 70), receiptId(c, 70)]);
    const replies = await Promise.all(rs.map(r => allocate({ receipt_id: r, lines: [{ bill_id: b, amount: 70 }] })));
    expect(replies.map(x => x.status).sort()).toEqual([200, 409, 409]);
    const autos = await Promise.all(rs.map(r => allocate({ receipt_id: r, auto: 1 })));
    expect(autos.every(x => x.status === 200 || x.status === 422)).toBe(true);
    expect(await billOf(b)).toMatchObject({ total: 100, allocated: 100 });
    const live = (await rowsWhere('/payments/allocations/list/', 'bill_id', b));
    expect(live.reduce((s, a) => s + Number(a.amount) * 10_000, 0)).toBe(1_000_000);
  }, 60_000);

  it('refuses an allocation dated in a closed month', async () => {
    const c = Number((await makeCustomer(saler)).id);
    await confirmedBill(c, 100);
    const r = await receiptId(c, 100);
    const month = day(0).slice(0, 7);
    ok(await post('/payments/close_period/', { period: month, closed: 1 }, { session: await admin() }), 'close');
    try {
      const refused = await allocate({ receipt_id: r, auto: 1 });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(month);
    } finally {
      ok(await post('/payments/close_period/', { period: month, closed: 0 }, { session: await admin() }), 'reopen');
    }
    ok(await allocate({ receipt_id: r, auto: 1 }), 'allocate once reopened');
  });

  it('answers bad input 4xx with the reason, never 500', async () => {
    const c = Number((await makeCustomer(saler)).id);
    const b = await confirmedBill(c, 100);
    const r = await receiptId(c, 100);
    for (const amount of [10.00001, -5, 0, '12abc']) {
      const x = await allocate({ receipt_id: r, lines: [{ bill_id: b, amount }] });
      expect(x.status, String(amount)).toBe(400);
    }
    expect((await allocate({ receipt_id: r, lines: [{ bill_id: b, amount: 1 }], auto: 1 })).status).toBe(400);
    expect((await allocate({ receipt_id: r })).status).toBe(400);
    expect((await allocate({ receipt_id: r, lines: [] })).status).toBe(400);
    expect((await allocate({ receipt_id: 'x', auto: 1 })).status).toBe(400);
    expect((await allocate({ receipt_id: r, auto: 1, date: '2026-02-30' })).status).toBe(400);
    expect((await post('/payments/unallocate/', { id: -1 }, { session: await admin() })).status).toBe(400);
    expect((await post('/payments/unallocate/', { id: 999_999_999 }, { session: await admin() })).status).toBe(404);
    expect(await billOf(b)).toMatchObject({ allocated: 0 });
  });
});

describe('row scope', () => {
  it('lets a caller scoped to its own receipts allocate and read only its own customers\' receipts and balances', async () => {
    const role = await makeRole({ grants: {
      receipts: { actions: ['view', 'create', 'edit', 'allocate', 'balances'], scope: 'own' }, bills: { actions: ['view'], scope: 'own' },
    } });
    const me = await makeAccount([role], { person_id: saler });
    const mineC = Number((await makeCustomer(saler)).id);
    const theirsC = Number((await makeCustomer(await otherSaler(saler))).id);
    await confirmedBill(mineC, 100);
    await confirmedBill(theirsC, 100);
    const theirs = await receiptId(theirsC, 50);
    const mine = Number((ok(await receipt(mineC, 50, day(0), me.session), 'own receipt').body.dt as Row).id);
    ok(await allocate({ receipt_id: mine, auto: 1 }, me.session), 'own allocate');
    expect((await allocate({ receipt_id: theirs, auto: 1 }, me.session)).status).toBe(404);
    const list = ok(await get('/payments/balances/', {}, { session: me.session })).body.dt as Row[];
    expect(list.some(x => x.customer_id === mineC)).toBe(true);
    expect(list.some(x => x.customer_id === theirsC)).toBe(false);
    expect((await get('/payments/balances/detail/', { customer_id: theirsC }, { session: me.session })).status).toBe(404);
    // The demo's salesperson (login sales, this saler) reads their own customers' balances and open items (decision
    // 256), never another's, and no receipt itself.
    const sales = await sessionOf('sales');
    const seen = ok(await get('/payments/balances/', {}, { session: sales })).body.dt as Row[];
    expect(seen.some(x => x.customer_id === mineC)).toBe(true);
    expect(seen.some(x => x.customer_id === theirsC)).toBe(false);
    const items = ok(await get('/payments/balances/detail/', { customer_id: mineC }, { session: sales })).body;
    expect((items.receipts as Row[]).length + (items.bills as Row[]).length).toBeGreaterThan(0);
    expect((await get('/payments/balances/detail/', { customer_id: theirsC }, { session: sales })).status).toBe(404);
    expect((await get('/payments/list/', {}, { session: sales })).status).toBe(403);
    // A role without the action reads no balance.
    const noBalances = await makeRole({ grants: { receipts: { actions: ['view'] } } });
    const other = await makeAccount([noBalances]);
    expect((await get('/payments/balances/', {}, { session: other.session })).status).toBe(403);
  });
});
