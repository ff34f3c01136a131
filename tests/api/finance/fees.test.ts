import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../client';
import { admin, cancel, detail, ok, save, unique, type Row } from '../delivery/fixtures';
import { balanceOf, makeBank, makeFeeCategory, withClosedMonth } from './payfees-fixtures';

/**
 * Fees and their import (docs/finance.md "fees", decisions 240–249) on the shared server of either database: the
 * category's direction in the bank's balance, amounts to the 4th decimal, closed months, and the import keyed by the
 * row's fingerprint — the same sheet twice adds nothing, two equal rows of one sheet are two fees, bad rows named.
 */
const MONTH = '2021-07';
const DATE = '2021-07-08';

interface ImportReply { created: number; updated: number; unchanged: number; rejected: number; results: { row: number; status: string; errors?: Row }[] }

let bank: number;
let income: { id: number; name: string };
let expense: { id: number; name: string };

beforeAll(async () => {
  bank = await makeBank(500);
  income = await makeFeeCategory('income');
  expense = await makeFeeCategory('expense');
}, 60_000);

const fee = (extra: Row = {}) => save('/fees', { date: DATE, category_id: expense.id, amount: 10, ...extra });
const importFees = async (rows: Row[]) =>
  ok(await post('/fees/import/', { rows: JSON.stringify(rows), lang: 'en' }, { session: await admin() }), 'import').body as unknown as ImportReply;
const feesOfBank = async () => ok(await get('/fees/list/', { filter: JSON.stringify([{ field: 'bank_id', op: 'eq', value: bank }]), limit: -1 },
  { session: await admin() })).body.dt as Row[];

describe('a fee', () => {
  it('counts in its bank’s balance by its category’s direction, until cancelled', async () => {
    expect(await balanceOf(bank)).toMatchObject({ balance: 500 });
    const out = ok(await fee({ bank_id: bank, amount: 20.1234 }), 'expense').body.dt as Row;
    const inc = ok(await fee({ bank_id: bank, amount: 5.5, category_id: income.id }), 'income').body.dt as Row;
    ok(await fee({ amount: 99 }), 'not through a bank');
    expect(await balanceOf(bank)).toMatchObject({ fees_income: 5.5, fees_expense: 20.1234, balance: 485.3766 });
    ok(await cancel('/fees', Number(out.id)), 'cancel');
    ok(await cancel('/fees', Number(inc.id)), 'cancel');
    expect(await balanceOf(bank)).toMatchObject({ fees_income: 0, fees_expense: 0, balance: 500 });
  });

  it('refuses bad input with the field named, never 500', async () => {
    for (const amount of [0, -3, 1.23456]) {
      const r = await fee({ amount });
      expect(r.status, String(amount)).toBe(422);
      expect(Object.keys(r.body.errors as Row), String(amount)).toContain('amount');
    }
    expect((await fee({ category_id: null })).status).toBe(422);
    expect((await fee({ date: '2021-13-01' })).status).toBe(422);
    expect((await fee({ bank_id: 999_999_999 })).status).toBeLessThan(500);
  });

  it('is refused in a closed month: created, moved, or cancelled', async () => {
    const f = ok(await fee(), 'fee').body.dt as Row;
    await withClosedMonth(MONTH, async () => {
      const r = await fee();
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(MONTH);
      const d = await detail('/fees', Number(f.id));
      expect((await save('/fees', { id: d.id, version: d.version, date: '2021-08-01' })).status).toBe(409);
      expect((await cancel('/fees', Number(f.id))).status).toBe(409);
      const imported = await importFees([{ date: DATE, category_id: expense.name, amount: 1, remark: unique('closed') }]);
      expect(imported).toMatchObject({ created: 0, rejected: 1 });
      expect(String(imported.results[0]!.errors!.date)).toContain(MONTH);
    });
    ok(await cancel('/fees', Number(f.id)), 'cancel once reopened');
  });
});

describe('the fees import', () => {
  it('adds a sheet once: the same sheet again adds nothing; equal rows of one sheet are two fees; bad rows are named', async () => {
    const tag = unique('导入');
    const sheet: Row[] = [
      { date: '2021/7/1', category_id: expense.name, bank_id: String(bank), amount: '12.5', remark: `${tag} 电费` },
      { date: '2021-07-02', category_id: income.name, bank_id: String(bank), amount: 3, remark: `${tag} 废品` },
      // The same line twice (two taxi rides of one price): two fees.
      { date: '2021-07-03', category_id: expense.name, bank_id: String(bank), amount: 8, remark: `${tag} 打车` },
      { date: '2021-07-03', category_id: expense.name, bank_id: String(bank), amount: 8, remark: `${tag} 打车` },
      { date: '2021-07-04', category_id: expense.name, bank_id: String(bank), amount: '0', remark: `${tag} 零` },
      { date: '2021-07-04', category_id: '没有这个分类', bank_id: String(bank), amount: 1, remark: `${tag} 分类` },
      { date: '2021-07-04', category_id: expense.name, bank_id: String(bank), amount: '1.00001', remark: `${tag} 小数` },
    ];
    const first = await importFees(sheet);
    expect(first).toMatchObject({ created: 4, rejected: 3 });
    const bad = first.results.filter(r => r.status === 'rejected');
    expect(bad.map(r => r.row)).toEqual([4, 5, 6]);
    expect(Object.keys(bad[0]!.errors!)).toContain('amount');
    expect(Object.keys(bad[1]!.errors!)).toContain('category_id');
    expect(Object.keys(bad[2]!.errors!)).toContain('amount');
    const stored = (await feesOfBank()).filter(f => String(f.remark).startsWith(tag));
    expect(stored).toHaveLength(4);
    expect(await balanceOf(bank)).toMatchObject({ balance: 500 - 12.5 + 3 - 16 });

    const again = await importFees(sheet);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4, rejected: 3 });
    expect((await feesOfBank()).filter(f => String(f.remark).startsWith(tag))).toHaveLength(4);
    // Columns in another order, an empty cell more: the same rows.
    const reordered = sheet.slice(0, 4).map(r => ({ remark: r.remark, amount: r.amount, person_id: '', date: r.date, bank_id: r.bank_id,
      category_id: r.category_id }));
    expect(await importFees(reordered)).toMatchObject({ created: 0, unchanged: 4 });
    // A third taxi ride in a later sheet is a new fee.
    expect(await importFees(sheet.slice(2, 4).concat([sheet[2]!]))).toMatchObject({ created: 1, unchanged: 2 });
  });
});
