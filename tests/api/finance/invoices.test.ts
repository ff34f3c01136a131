import { beforeAll, describe, expect, it } from 'vitest';
import { post, sessionOf } from '../client';
import { admin, cancel, detail, ok, save, unique, type Row } from '../delivery/fixtures';
import { confirmedBill, withClosedMonth } from './payfees-fixtures';

/**
 * VAT invoices against bills (docs/finance.md "invoices", decisions 240–249) on the shared server of either database:
 * the tax, the bill's invoiced and uninvoiced amounts kept in the same transaction, over-invoicing, void and cancel,
 * a bill with invoices not cancelled, unique numbers, closed months and bad input.
 */
const MONTH = '2021-04';
const DATE = '2021-04-20';

let bill: { id: number; show_id: string; customer: number };

beforeAll(async () => {
  bill = await confirmedBill('2021-05-10');
}, 120_000);

const issue = (extra: Row = {}) => save('/invoices', { bill_id: bill.id, invoice_no: unique('FP'), date: DATE, amount: 100, ...extra });
const billNow = () => detail('/payments/bills', bill.id);
const voidIt = async (id: number, session?: string) => {
  const inv = await detail('/invoices', id);
  return post('/invoices/void/', { id, version: inv.version }, { session: session ?? await admin() });
};

describe('issuing invoices against a bill', () => {
  it('computes the tax, keeps the bill’s invoiced and uninvoiced amounts, and frees them on void and cancel', async () => {
    expect(await billNow()).toMatchObject({ total: 308.332, invoiced: 0, uninvoiced: 308.332 });
    const a = ok(await issue({ amount: 113 }), 'first').body.dt as Row;
    expect(a).toMatchObject({ customer_id: bill.customer, status: 'issued', tax_rate: 0.13, tax: 13 });
    const b = ok(await issue({ amount: 195.332, tax_rate: 0.06 }), 'second').body.dt as Row;
    expect(b.tax).toBe(11.0565); // 195.332 × 0.06 / 1.06 = 11.05652…
    expect(await billNow()).toMatchObject({ invoiced: 308.332, uninvoiced: 0 });

    // The bill is fully invoiced: one cent more is refused, naming the bill, and nothing is written.
    const over = await issue({ amount: 0.01 });
    expect(over.status).toBe(409);
    expect(over.body.msg).toContain(bill.show_id);
    expect(await billNow()).toMatchObject({ invoiced: 308.332 });

    // Raising an issued invoice beyond the total is refused the same way.
    expect((await save('/invoices', { id: a.id, version: a.version, amount: 113.01 })).status).toBe(409);

    // A bill with issued invoices is not cancelled.
    const refused = await cancel('/payments/bills', bill.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(bill.show_id);

    ok(await voidIt(Number(a.id)), 'void');
    expect(await detail('/invoices', Number(a.id))).toMatchObject({ status: 'voided' });
    expect(await billNow()).toMatchObject({ invoiced: 195.332, uninvoiced: 113 });
    expect((await voidIt(Number(a.id))).status).toBe(409);
    const voided = await detail('/invoices', Number(a.id));
    expect((await save('/invoices', { id: voided.id, version: voided.version, amount: 1 })).status).toBe(409);

    ok(await cancel('/invoices', Number(b.id)), 'cancel');
    expect(await billNow()).toMatchObject({ invoiced: 0, uninvoiced: 308.332 });
  });

  it('lets only one of two invoices racing for what is left of a bill through', async () => {
    const [a, b] = await Promise.all([issue({ amount: 200 }), issue({ amount: 200 })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await billNow()).toMatchObject({ invoiced: 200, uninvoiced: 108.332 });
    const winner = (a.status === 200 ? a : b).body.dt as Row;
    ok(await cancel('/invoices', Number(winner.id)), 'cancel');
    expect(await billNow()).toMatchObject({ invoiced: 0, uninvoiced: 308.332 });
  });

  it('refuses a number already issued, and takes a voided one’s again', async () => {
    const no = unique('FP');
    const first = ok(await issue({ invoice_no: no, amount: 10 }), 'first').body.dt as Row;
    const dup = await issue({ invoice_no: no, amount: 10 });
    expect(dup.status).toBe(409);
    expect(Object.keys(dup.body.errors as Row)).toContain('invoice_no');
    ok(await voidIt(Number(first.id)), 'void');
    const again = ok(await issue({ invoice_no: no, amount: 10 }), 'again').body.dt as Row;
    ok(await cancel('/invoices', Number(again.id)), 'cancel');
  });

  it('invoices only a confirmed, live bill, and never moves an invoice to another bill', async () => {
    const unknown = await issue({ bill_id: 999_999_999 });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors as Row)).toContain('bill_id');
    const draft = ok(await save('/payments/bills', { customer_id: bill.customer, date: DATE }), 'draft by hand').body.dt as Row;
    expect((await issue({ bill_id: draft.id })).status).toBe(409);
    const inv = ok(await issue({ amount: 5 }), 'issue').body.dt as Row;
    expect((await save('/invoices', { id: inv.id, version: inv.version, bill_id: draft.id })).status).toBe(422);
    ok(await cancel('/invoices', Number(inv.id)), 'cancel');
  });

  it('refuses bad input with the field named, never 500', async () => {
    for (const amount of [0, -1, 12.34567]) {
      const r = await issue({ amount });
      expect(r.status, String(amount)).toBe(422);
      expect(Object.keys(r.body.errors as Row), String(amount)).toContain('amount');
    }
    expect((await issue({ tax_rate: 1.5 })).status).toBe(422);
    expect((await issue({ invoice_no: '' })).status).toBe(422);
    expect((await issue({ date: 'soon' })).status).toBe(422);
    expect((await issue({ customer_id: 1 })).status).toBeLessThan(500);
    expect((await post('/invoices/void/', { id: 'x', version: 1 }, { session: await admin() })).status).toBe(400);
    expect((await post('/invoices/void/', { id: 999_999_999, version: 1 }, { session: await admin() })).status).toBe(404);
    expect(await billNow()).toMatchObject({ invoiced: 0 });
  });

  it('is refused in a closed month, issued, voided or cancelled', async () => {
    const inv = ok(await issue({ amount: 7 }), 'issue').body.dt as Row;
    await withClosedMonth(MONTH, async () => {
      const r = await issue({ amount: 7 });
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(MONTH);
      expect((await voidIt(Number(inv.id))).status).toBe(409);
      expect((await cancel('/invoices', Number(inv.id))).status).toBe(409);
    });
    expect(await billNow()).toMatchObject({ invoiced: 7 });
    ok(await voidIt(Number(inv.id)), 'void once reopened');
    expect(await billNow()).toMatchObject({ invoiced: 0 });
  });

  it('lets only a role with the void action void', async () => {
    const inv = ok(await issue({ amount: 3 }), 'issue').body.dt as Row;
    expect((await voidIt(Number(inv.id), await sessionOf('sales'))).status).toBe(403);
    ok(await voidIt(Number(inv.id), await sessionOf('finance')), 'finance voids');
  });
});
