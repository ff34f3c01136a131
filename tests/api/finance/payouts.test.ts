import { beforeAll, describe, expect, it } from 'vitest';
import { get, sessionOf } from '../client';
import { admin, cancel, detail, makeWarehouse, ok, save, type Row } from '../delivery/fixtures';
import { balanceOf, makeBank, makeFeeCategory, withClosedMonth } from './payfees-fixtures';

/**
 * Payouts (docs/finance.md "payouts", decisions 240–249) on the shared server of either database: numbering, the
 * payee, the goods-in document, amounts to the 4th decimal, closed months, the bank's balance, the sensitive amount.
 */
const MONTH = '2021-01';
const DATE = '2021-01-15';

let bank: number;
let supplier: number;
let category: number;

beforeAll(async () => {
  bank = await makeBank(1000);
  const s = await get('/suppliers/list/', { limit: 1 }, { session: await admin() });
  supplier = Number((ok(s).body.dt as Row[])[0]!.id);
  category = (await makeFeeCategory('expense')).id;
}, 60_000);

const payout = (extra: Row = {}) => save('/payouts', { bank_id: bank, date: DATE, amount: 100, supplier_id: supplier, ...extra });

describe('a payout', () => {
  it('is numbered FK…, names a supplier or a payee, and counts in its bank’s balance until cancelled', async () => {
    const before = await balanceOf(bank);
    expect(before).toMatchObject({ opening_balance: 1000, payouts: 0, balance: 1000 });
    const p = ok(await payout({ amount: 123.4567, category_id: category, supplier_invoice: 'INV-1' }), 'payout').body.dt as Row;
    expect(String(p.show_id)).toMatch(/^FK\d{8}-\d{3,}$/);
    expect(await balanceOf(bank)).toMatchObject({ payouts: 123.4567, balance: 876.5433 });
    const byName = ok(await payout({ supplier_id: null, payee: '张三', amount: 0.0001 }), 'payee').body.dt as Row;
    expect(await balanceOf(bank)).toMatchObject({ payouts: 123.4568, balance: 876.5432 });
    ok(await cancel('/payouts', Number(byName.id)), 'cancel');
    ok(await cancel('/payouts', Number(p.id)), 'cancel');
    expect(await balanceOf(bank)).toMatchObject({ payouts: 0, balance: 1000 });
  });

  it('takes a goods-in document, and refuses any other stock document', async () => {
    const wh = await makeWarehouse();
    const goodsIn = ok(await save('/warehouses/stockdocs', { kind: 'in', warehouse_id: wh.id }), 'goods in').body.id as number;
    const goodsOut = ok(await save('/warehouses/stockdocs', { kind: 'out', warehouse_id: wh.id }), 'goods out').body.id as number;
    const p = ok(await payout({ stockdoc_id: goodsIn }), 'with goods in').body.dt as Row;
    expect(p.stockdoc_id).toBe(goodsIn);
    const refused = await payout({ stockdoc_id: goodsOut });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors as Row)).toContain('stockdoc_id');
  });

  it('refuses bad input with the field named, never 500', async () => {
    for (const amount of [0, -5, 1.00001]) {
      const r = await payout({ amount });
      expect(r.status, String(amount)).toBe(422);
      expect(Object.keys(r.body.errors as Row), String(amount)).toContain('amount');
    }
    const noParty = await payout({ supplier_id: null, payee: ' ' });
    expect(noParty.status).toBe(422);
    expect((await payout({ bank_id: 999_999_999 })).status).toBeGreaterThanOrEqual(400);
    expect((await payout({ bank_id: 999_999_999 })).status).toBeLessThan(500);
    expect((await payout({ date: '2021-02-30' })).status).toBe(422);
    expect((await payout({ date: null })).status).toBe(422);
  });

  it('is refused in a closed month: created, moved into it, moved out of it, or cancelled', async () => {
    const open = ok(await payout({ date: '2021-02-01' }), 'open month').body.dt as Row;
    const inJan = ok(await payout(), 'january').body.dt as Row;
    await withClosedMonth(MONTH, async () => {
      const r = await payout();
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(MONTH);
      expect((await save('/payouts', { id: open.id, version: open.version, date: DATE })).status).toBe(409);
      const jan = await detail('/payouts', Number(inJan.id));
      expect((await save('/payouts', { id: jan.id, version: jan.version, date: '2021-02-02' })).status).toBe(409);
      expect((await cancel('/payouts', Number(inJan.id))).status).toBe(409);
    });
    ok(await cancel('/payouts', Number(inJan.id)), 'cancel once reopened');
  });

  it('hides its amount from a role that may not edit payouts, and their balances with it', async () => {
    const sales = await sessionOf('sales');
    const r = await get('/payouts/list/', { limit: 5 }, { session: sales });
    if (r.status === 200) for (const row of r.body.dt as Row[]) expect(row).not.toHaveProperty('amount');
    else expect(r.status).toBe(403);
    expect((await get('/banks/balances/', {}, { session: sales })).status).toBe(403);
    const finance = await sessionOf('finance');
    const mine = ok(await get('/payouts/list/', { limit: 5 }, { session: finance }), 'finance list').body.dt as Row[];
    expect(mine.every(row => 'amount' in row)).toBe(true);
  });
});
