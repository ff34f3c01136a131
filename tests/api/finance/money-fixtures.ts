import { post } from '../client';
import { admin, detail, ok, save, unique, type Row } from '../delivery/fixtures';

/**
 * Fixtures of the receipts' tests (receipts, balances, money invariants): a bank account, a confirmed bill by hand of
 * a given total, a receipt. Bills by hand (one typed line) are the cheapest confirmed bills: what is owed, not how it
 * was billed, is what these tests are about (tests/api/finance/bills.test.ts covers the build from deliveries).
 */

/** Today plus `offset` days, `YYYY-MM-DD` in the local time zone (the server's). */
export const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

let bankId: number | undefined;
/** One bank account of the tests' own. */
export async function bank(): Promise<number> {
  bankId ??= Number((ok(await save('/banks', { name: unique('基本户'), bank_name: '工商银行', currency: 'CNY' }), 'bank').body.dt as Row).id);
  return bankId;
}

/** A draft bill by hand of `customer` with one line of `amount` (quantity 1), dated `date`: its id. */
export async function draftBill(customer: number, amount: number, date = day(0), session?: string): Promise<number> {
  const s = session ?? await admin();
  const bill = ok(await save('/payments/bills', { customer_id: customer, date, remark: 'test' }, s), 'bill').body.dt as Row;
  ok(await save('/payments/bills/lines', { bill_id: bill.id, description: '货款', quantity: 1, unit: '批', price: amount }, s), 'bill line');
  return Number(bill.id);
}

/** The bill confirmed (owed from now on). */
export async function confirm(id: number, session?: string): Promise<void> {
  const b = await detail('/payments/bills', id);
  ok(await post('/payments/bills/confirm/', { id, version: b.version }, { session: session ?? await admin() }), 'confirm');
}

/** A confirmed bill by hand of `customer`, `amount` owed: its id. */
export async function confirmedBill(customer: number, amount: number, date = day(0)): Promise<number> {
  const id = await draftBill(customer, amount, date);
  await confirm(id);
  return id;
}

/** A receipt of `customer` of `amount` on the tests' bank, dated `date`: the reply of its save. */
export async function receipt(customer: number | null, amount: number | string, date = day(0), session?: string) {
  return save('/payments', { bank_id: await bank(), customer_id: customer, amount, date, payer_name: '付款公司' }, session);
}

/** The id of a receipt saved (fails the test otherwise). */
export async function receiptId(customer: number, amount: number, date = day(0)): Promise<number> {
  return Number((ok(await receipt(customer, amount, date), 'receipt').body.dt as Row).id);
}
