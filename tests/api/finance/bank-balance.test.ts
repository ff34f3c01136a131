import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../client';
import { admin, cancel, ok, save, type Row } from '../delivery/fixtures';
import { balanceOf, makeBank, makeFeeCategory } from './payfees-fixtures';

/**
 * docs/finance.md invariant 4 on either database: a bank account's balance is its opening balance plus its live
 * receipts, minus its live payouts, plus its income fees and minus its expense fees — each counted until cancelled, to
 * the fourth decimal, and as of a day only what is dated up to it.
 */
const DATE = '2021-02-10';
const LATER = '2021-02-20';

let bank: number;
let customer: number;
let supplier: number;
let income: number;
let expense: number;

beforeAll(async () => {
  bank = await makeBank(1000.5);
  customer = Number((ok(await get('/customers/list/', { limit: 1 }, { session: await admin() })).body.dt as Row[])[0]!.id);
  supplier = Number((ok(await get('/suppliers/list/', { limit: 1 }, { session: await admin() })).body.dt as Row[])[0]!.id);
  income = (await makeFeeCategory('income')).id;
  expense = (await makeFeeCategory('expense')).id;
}, 60_000);

describe('a bank account\'s balance', () => {
  it('is its opening balance + receipts − payouts + income fees − expense fees, each until cancelled', async () => {
    const receipt = ok(await save('/payments', { bank_id: bank, date: DATE, customer_id: customer, amount: 2345.6789 }), 'receipt').body.dt as Row;
    const payout = ok(await save('/payouts', { bank_id: bank, date: DATE, supplier_id: supplier, amount: 345.0001 }), 'payout').body.dt as Row;
    ok(await save('/fees', { bank_id: bank, date: DATE, category_id: income, amount: 12.34 }), 'income');
    const fee = ok(await save('/fees', { bank_id: bank, date: LATER, category_id: expense, amount: 100.1 }), 'expense').body.dt as Row;
    // A fee paid in cash (no bank) counts in no bank's balance.
    ok(await save('/fees', { date: DATE, category_id: expense, amount: 999 }), 'cash fee');
    expect(await balanceOf(bank)).toMatchObject({
      opening_balance: 1000.5, receipts: 2345.6789, payouts: 345.0001, fees_income: 12.34, fees_expense: 100.1, balance: 2913.4188,
    });
    // As of a day: the later fee is not counted yet.
    const asOf = ok(await get('/banks/balances/', { bank_id: bank, date: DATE }, { session: await admin() })).body.dt as Row[];
    expect(asOf[0]).toMatchObject({ fees_expense: 0, balance: 3013.5188 });
    ok(await cancel('/payments', Number(receipt.id)), 'cancel receipt');
    ok(await cancel('/payouts', Number(payout.id)), 'cancel payout');
    ok(await cancel('/fees', Number(fee.id)), 'cancel fee');
    expect(await balanceOf(bank)).toMatchObject({ receipts: 0, payouts: 0, fees_expense: 0, balance: 1012.84 });
  });
});
