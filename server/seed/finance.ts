import { sql } from 'drizzle-orm';
import type { BuildBillParams } from '../../src/domain/contract/finance';
import { fees } from '../../src/domain/resources/finance/fees';
import { invoices } from '../../src/domain/resources/finance/invoices';
import { payouts } from '../../src/domain/resources/finance/payouts';
import { receipts } from '../../src/domain/resources/finance/receipts';
import { localDateString } from '../../src/domain/rules/date-single';
import { fromUnits, units } from '../../src/domain/rules/numbers';
import { rows, type Db } from '../db/connection';
import { allocate } from '../areas/finance/allocate';
import { buildBill, confirmBill } from '../areas/finance/bills';
import { createRow } from '../resources/write';
import { Rng } from './random';
import { seedAuth } from './seed-auth';

/**
 * The demo plant's finance (issue 33 item 9, docs/finance.md "Demo data"), made after its deliveries
 * (server/seed/delivery.ts) by the server's own rules, as the accountant (login `finance`):
 * - for each of the last three calendar months, each customer's bill of that month's shipped and signed delivery
 *   notes — the two older months' confirmed (sent to and agreed by the customer), the current month's a draft;
 * - receipts by bank transfer: of the confirmed bills, oldest first, one in three paid in full (the first in round
 *   figures above the bill: the rest stays as its customer's credit), one in three paid in part, one in three not yet;
 *   and one advance from a customer with nothing owed;
 * - VAT invoices for the bills paid in full and the oldest one not;
 * - payouts to suppliers from the main account, and fees of every category over the two months.
 * The bank statement the accountant imports (server/seed/files/bank-statement-demo.xlsx) is not imported here: it is
 * the file to import. Seeded once, when there is no bill yet; a day in the future is never used.
 */
export async function seedFinance(tx: Db): Promise<number> {
  if ((await rows(tx, sql`select 1 from bills limit 1`)).length > 0) return 0;
  const auth = await seedAuth(tx, 'finance');
  if (!auth) return 0;
  const rng = Rng.for('finance');
  const today = localDateString(new Date());
  const yesterday = addDays(today, -1);
  const months = lastMonths(today, 3);
  let made = 0;
  const confirmed: { id: number; customer: number; date: string; total: number }[] = [];
  for (const [i, m] of months.entries()) {
    const customers = await rows<{ customer_id: number }>(tx, sql`
      select distinct v.customer_id from deliveries v
      where not v.canceled and v.status in ('shipped', 'signed') and v.date between ${m.from}::date and ${m.to}::date
      order by v.customer_id`);
    for (const c of customers) {
      const p: BuildBillParams = { customer_id: Number(c.customer_id), from: m.from, to: m.to, date: m.to, remark: `${m.month} 对账单` };
      const { bill } = await buildBill(tx, auth, p);
      made++;
      if (i === months.length - 1) continue;
      const done = await confirmBill(tx, auth, Number(bill.id), Number(bill.version));
      confirmed.push({ id: Number(done.id), customer: Number(done.customer_id), date: String(m.to), total: Number(done.total) });
    }
  }

  const [bank] = await rows<{ id: number }>(tx, sql`select id from banks order by id limit 1`);
  if (!bank) return made;
  const bankId = Number(bank.id);
  const minDay = (a: string, b: string) => (a < b ? a : b);
  const receive = async (customer: number, amount: number, day: string, memo: string): Promise<number> => {
    const [c] = await rows<{ name: string; bank_account: string | null }>(tx, sql`select name, bank_account from customers where id = ${customer}`);
    const r = await createRow(tx, receipts, {
      bank_id: bankId, date: day, customer_id: customer, amount, payer_name: c?.name ?? null, payer_account: c?.bank_account ?? null,
      reference: `DEMO${rng.digits(12)}`, memo,
    }, auth);
    made++;
    return Number(r.id);
  };

  // The confirmed bills, oldest first, in turn: paid in full some weeks later (the first in a round sum above its
  // bill: the rest stays as the customer's credit), paid in part in round hundreds, not paid yet.
  const byAge = [...confirmed].filter(b => b.total > 0).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const paidInFull: typeof byAge = [];
  for (const [k, b] of byAge.entries()) {
    const day = minDay(addDays(b.date, rng.int(10, 25)), yesterday);
    if (k % 3 === 0) {
      const amount = k === 0 ? Math.ceil(b.total / 1000) * 1000 + 1000 : b.total;
      const id = await receive(b.customer, amount, day, '货款');
      await allocate(tx, auth, { receipt_id: id, lines: [{ bill_id: b.id, amount: b.total }], date: day });
      paidInFull.push(b);
    } else if (k % 3 === 1 && b.total >= 200) {
      const part = Math.floor(b.total * rng.int(30, 70) / 100 / 100) * 100;
      if (part <= 0) continue;
      const id = await receive(b.customer, part, day, '部分货款');
      await allocate(tx, auth, { receipt_id: id, lines: [{ bill_id: b.id, amount: part }], date: day });
    }
  }
  // An advance from a customer owing nothing: kept as its credit.
  const [free] = await rows<{ id: number }>(tx, sql`
    select c.id from customers c where not exists (select 1 from bills b where b.customer_id = c.id and not b.canceled)
    order by c.id limit 1`);
  if (free) await receive(Number(free.id), 50_000, minDay(addDays(today, -12), yesterday), '预付款');

  // VAT invoices: the bills paid in full, and the oldest bill not yet paid in full.
  const invoiced = [...paidInFull, ...byAge.filter(b => !paidInFull.includes(b)).slice(0, 1)];
  for (const b of invoiced) {
    await createRow(tx, invoices, {
      bill_id: b.id, invoice_no: rng.digits(8), date: minDay(addDays(b.date, rng.int(2, 6)), yesterday), amount: fromUnits(units(b.total)),
    }, auth);
    made++;
  }

  // Payouts to the paper and ink suppliers from the main account.
  const suppliers = await rows<{ id: number; name: string }>(tx, sql`select id, name from suppliers order by id limit 4`);
  for (const [k, s] of suppliers.entries()) {
    await createRow(tx, payouts, {
      bank_id: bankId, date: minDay(addDays(months[1]!.from, 5 + k * 9), yesterday), amount: rng.step(20_000, 90_000, 100),
      supplier_id: s.id, supplier_invoice: rng.digits(8), reference: `DEMOFK${rng.digits(10)}`, remark: '货款',
    }, auth);
    made++;
  }

  // Fees of every category, two in each of the last two months, half of them through the bank.
  const categories = await rows<{ id: number }>(tx, sql`select id from feecategories order by id`);
  const departments = (await rows<{ id: number }>(tx, sql`select id from departments order by id`)).map(d => Number(d.id));
  for (const c of categories) {
    for (const m of months.slice(1)) {
      for (let n = 0; n < 2; n++) {
        const day = minDay(addDays(m.from, rng.int(0, 20)), yesterday);
        if (day < m.from) continue;
        await createRow(tx, fees, {
          date: day, category_id: c.id, department_id: departments.length ? rng.pick(departments) : null,
          bank_id: rng.chance(0.5) ? bankId : null, amount: rng.step(200, 6_000, 10), remark: '日常费用',
        }, auth);
        made++;
      }
    }
  }
  return made;
}

const addDays = (day: string, n: number) => localDateString(new Date(new Date(`${day}T12:00:00+08:00`).getTime() + n * 86_400_000));

/** The `count` calendar months up to the one of `today` (oldest first), the last one ending today. */
export function lastMonths(today: string, count: number): { month: string; from: string; to: string }[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const out: { month: string; from: string; to: string }[] = [];
  for (let k = count - 1; k >= 0; k--) {
    const first = new Date(Date.UTC(y, m - 1 - k, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    out.push({ month: iso(first).slice(0, 7), from: iso(first), to: k === 0 ? today : iso(last) });
  }
  return out;
}
