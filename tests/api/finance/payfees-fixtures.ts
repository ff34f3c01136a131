import { get, post } from '../client';
import {
  admin, detail, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, salesPerson, save, ship, stockIn, unique, type Row,
} from '../delivery/fixtures';

/**
 * What the tests of payouts, invoices and fees share: a bank account, a fee category, a confirmed bill, a month closed
 * for the length of a check. Their documents are dated in months of their own, far from today, so the bills' test
 * closing the current month never meets them.
 */

/** A bank account of the test's own, opening at `opening`. */
export async function makeBank(opening = 0): Promise<number> {
  const name = unique('银行');
  return ok(await save('/banks', { name, bank_name: '工商银行', account_no: '6222', currency: 'CNY', opening_balance: opening }), 'bank')
    .body.id as number;
}

/** A fee category of the test's own, income or expense; its id and name. */
export async function makeFeeCategory(direction: 'income' | 'expense'): Promise<{ id: number; name: string }> {
  const name = unique(direction === 'income' ? '收入' : '支出');
  return { id: ok(await save('/fees/categories', { name, direction }), 'fee category').body.id as number, name };
}

/** Runs `check` with the finance month closed, reopening it whatever happens. */
export async function withClosedMonth(month: string, check: () => Promise<void>): Promise<void> {
  ok(await post('/payments/close_period/', { period: month, closed: 1 }, { session: await admin() }), 'close');
  try {
    await check();
  } finally {
    ok(await post('/payments/close_period/', { period: month, closed: 0 }, { session: await admin() }), 'reopen');
  }
}

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A confirmed bill of a new customer of the sales demo person: one shipped delivery of two lines (70 at 2.5 and 40 at
 * 3.3333: total 308.332), built, dated `date`, confirmed. Its id, number and customer.
 */
export async function confirmedBill(date: string): Promise<{ id: number; show_id: string; customer: number }> {
  const customer = Number((await makeCustomer(await salesPerson())).id);
  const wh = await makeWarehouse();
  const order = await makeOrder(customer, [100, 50]);
  const [a, b] = order.lines;
  await stockIn(wh.id, [
    { item_id: a!.item_id, quantity: 100, position_id: wh.positions[0], lot: `L${a!.id}` },
    { item_id: b!.item_id, quantity: 50, position_id: wh.positions[0], lot: `L${b!.id}` },
  ]);
  const delivery = await makeDelivery(customer, wh.id, [
    { detail_id: a!.id, quantity: 70, lot: `L${a!.id}` },
    { detail_id: b!.id, quantity: 40, lot: `L${b!.id}`, price: 3.3333 },
  ]);
  ok(await ship(delivery), 'ship');
  const built = ok(await post('/payments/bills/build/', { customer_id: customer, from: day(-5), to: day(5), date },
    { session: await admin() }), 'build').body;
  const bill = await detail('/payments/bills', built.id as number);
  ok(await post('/payments/bills/confirm/', { id: bill.id, version: bill.version }, { session: await admin() }), 'confirm');
  return { id: Number(bill.id), show_id: String(bill.show_id), customer };
}

/** A bank's row of `GET /banks/balances/`. */
export async function balanceOf(bank: number, session?: string): Promise<Row> {
  const dt = ok(await get('/banks/balances/', { bank_id: bank }, { session: session ?? await admin() }), 'balances').body.dt as Row[];
  return dt[0]!;
}
