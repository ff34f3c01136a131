import { beforeAll, describe, expect, it } from 'vitest';
import { get, postJson } from '../client';
import { admin, makeCustomer, ok, salesPerson, type Row } from '../delivery/fixtures';
import { confirmedBill, day, draftBill, receiptId } from './money-fixtures';

/**
 * Balances and aging (docs/finance.md "5. Balances and aging") on the shared server of either database: billed,
 * received, allocated, credit, balance and the four aging buckets of one customer, now and as of an earlier day, and
 * its open items.
 */
let customer: number;
const bills: number[] = [];
let credit: number;

beforeAll(async () => {
  customer = Number((await makeCustomer(await salesPerson())).id);
  for (const offset of [-100, -70, -40, -5]) bills.push(await confirmedBill(customer, 100, day(offset)));
  await draftBill(customer, 999, day(-1)); // a draft is not owed: it counts nowhere
  const paid = await receiptId(customer, 150);
  ok(await postJson('/payments/allocate/', { receipt_id: paid, auto: 1 }, { session: await admin() }), 'allocate');
  credit = await receiptId(customer, 20);
}, 60_000);

const balances = async (p: Row = {}) => ok(await get('/payments/balances/', { customer_id: customer, ...p }, { session: await admin() })).body;

describe('a customer\'s balance', () => {
  it('is billed − received, and the aging buckets add up to billed − allocated', async () => {
    const r = await balances();
    expect(r.dt).toHaveLength(1);
    const row = (r.dt as Row[])[0]!;
    expect(row).toMatchObject({
      customer_id: customer, billed: 400, received: 170, allocated: 150, credit: 20, balance: 230, outstanding: 250,
      age_0_30: 100, age_31_60: 100, age_61_90: 50, age_over_90: 0,
    });
    expect(r.totals).toMatchObject({ billed: 400, received: 170, balance: 230 });
  });

  it('as of an earlier day counts only what is dated up to it, aged from that day', async () => {
    const row = ((await balances({ date: day(-50) })).dt as Row[])[0]!;
    expect(row).toMatchObject({ billed: 200, received: 0, allocated: 0, credit: 0, balance: 200, outstanding: 200,
      age_0_30: 100, age_31_60: 100, age_61_90: 0, age_over_90: 0 });
    expect((await balances({ date: day(-200) })).dt).toHaveLength(0);
  });

  it('drills down to the bills with outstanding, oldest first, and the receipts with credit', async () => {
    const r = ok(await get('/payments/balances/detail/', { customer_id: customer }, { session: await admin() })).body;
    expect((r.bills as Row[]).map(b => [b.id, b.outstanding])).toEqual([[bills[1], 50], [bills[2], 100], [bills[3], 100]]);
    expect((r.receipts as Row[]).map(x => [x.id, x.unallocated])).toEqual([[credit, 20]]);
    const all = ok(await get('/payments/balances/detail/', { customer_id: customer, all: 1 }, { session: await admin() })).body;
    expect(all.bills).toHaveLength(4);
    expect(all.receipts).toHaveLength(2);
  });

  it('answers bad input 4xx', async () => {
    expect((await get('/payments/balances/', { date: '2026-13-01' }, { session: await admin() })).status).toBe(400);
    expect((await get('/payments/balances/', { customer_id: 'x' }, { session: await admin() })).status).toBe(400);
    expect((await get('/payments/balances/detail/', {}, { session: await admin() })).status).toBe(400);
    expect((await get('/payments/balances/detail/', { customer_id: 999_999_999 }, { session: await admin() })).status).toBe(404);
  });
});
