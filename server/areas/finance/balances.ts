import { sql, type SQL } from 'drizzle-orm';
import {
  type AgingBucket, type BalanceRow, type BalancesParams, type BalanceTotals, type OpenBill, type OpenItemsParams,
  type OpenReceipt,
} from '../../../src/domain/contract/receipts';
import { receipts } from '../../../src/domain/resources/finance/receipts';
import { localDateString } from '../../../src/domain/rules/date-single';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';

/**
 * Balances and aging (docs/finance.md "5. Balances and aging"), as of a day: the confirmed live bills dated up to it,
 * the live receipts dated up to it, and the live allocations dated up to it between those (an allocation counts only
 * when its bill, its receipt and itself are all within the day, so billed − allocated and received − allocated speak
 * of the same allocations). With no day, every row counts and ages run to today. Row scope: a caller scoped on
 * receipts sees the customers whose salesperson it is.
 */

/** The bill-side rows as of the day: each counted bill with what is allocated to it within the day. */
function billRows(upTo: string | null, customer: SQL): SQL {
  const within = (col: SQL) => (upTo === null ? sql`true` : sql`${col} <= ${upTo}::date`);
  return sql`
    select b.id, b.customer_id, b.show_id, b.date, b.total,
      coalesce((select sum(a.amount) from allocations a join receipts r on r.id = a.receipt_id
        where a.bill_id = b.id and not a.canceled and not r.canceled and ${within(sql`a.date`)} and ${within(sql`r.date`)}), 0) as allocated
    from bills b
    where not b.canceled and b.status = 'confirmed' and ${within(sql`b.date`)} and ${customer}`;
}

/** The receipt-side rows as of the day: each counted receipt with what it allocated within the day. */
function receiptRows(upTo: string | null, customer: SQL): SQL {
  const within = (col: SQL) => (upTo === null ? sql`true` : sql`${col} <= ${upTo}::date`);
  return sql`
    select r.id, r.customer_id, r.show_id, r.date, r.amount,
      coalesce((select sum(a.amount) from allocations a join bills b on b.id = a.bill_id
        where a.receipt_id = r.id and not a.canceled and not b.canceled and b.status = 'confirmed'
          and ${within(sql`a.date`)} and ${within(sql`b.date`)}), 0) as allocated
    from receipts r
    where not r.canceled and r.customer_id is not null and ${within(sql`r.date`)} and ${customer}`;
}

const DAY_MS = 86_400_000;
const dayText = (v: unknown) => (v instanceof Date ? localDateString(v) : String(v ?? '').slice(0, 10));
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The aging bucket of a bill `age` days old (a bill dated after the day counts as current). */
export function bucketOf(age: number): AgingBucket {
  return age <= 30 ? 'age_0_30' : age <= 60 ? 'age_31_60' : age <= 90 ? 'age_61_90' : 'age_over_90';
}

type Sums = Record<Exclude<keyof BalanceRow, 'customer_id' | 'customer_name' | 'saler_id'>, number>;
const zero = (): Sums => ({ billed: 0, received: 0, allocated: 0, credit: 0, balance: 0, outstanding: 0,
  age_0_30: 0, age_31_60: 0, age_61_90: 0, age_over_90: 0 });
/** Sums in units of 0.0001 turned into money at 4 decimals, with the derived figures. */
function finish(u: Sums): Sums {
  const out = { ...u, credit: u.received - u.allocated, balance: u.billed - u.received, outstanding: u.billed - u.allocated };
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, fromUnits(v)])) as Sums;
}

/** `GET /payments/balances/`: one row per customer with anything counted, largest balance first; totals over all. */
export async function balances(db: Db, auth: Auth, p: BalancesParams): Promise<{ dt: BalanceRow[]; totals: BalanceTotals; date: string }> {
  const asOf = p.date ?? localDateString(new Date());
  const upTo = p.date ?? null;
  const customer = (alias: string) => p.customer_id === undefined ? sql`true` : sql`${sql.identifier(alias)}.customer_id = ${p.customer_id}`;
  const scope = ownerConditionOn(auth, receipts, 'c');
  const bills = await rows<{ customer_id: number; date: unknown; total: string; allocated: string }>(db, sql`
    select x.customer_id, x.date, x.total, x.allocated from (${billRows(upTo, customer('b'))}) x
    join customers c on c.id = x.customer_id where ${scope}`);
  const recs = await rows<{ customer_id: number; amount: string }>(db, sql`
    select x.customer_id, x.amount from (${receiptRows(upTo, customer('r'))}) x
    join customers c on c.id = x.customer_id where ${scope}`);

  const per = new Map<number, Sums>();
  const of = (id: number) => per.get(id) ?? per.set(id, zero()).get(id)!;
  for (const b of bills) {
    const s = of(Number(b.customer_id));
    const total = units(b.total);
    const allocated = units(b.allocated);
    s.billed += total;
    s.allocated += allocated;
    s[bucketOf(daysFrom(dayText(b.date), asOf))] += total - allocated;
  }
  for (const r of recs) of(Number(r.customer_id)).received += units(r.amount);
  if (per.size === 0) return { dt: [], totals: finish(zero()), date: asOf };

  const names = await rows<{ id: number; name: string | null; saler_id: number | null }>(db, sql`
    select id, name, saler_id from customers where id = any(${sql.param([...per.keys()])}::int[])`);
  const byId = new Map(names.map(c => [Number(c.id), c]));
  const all = zero();
  const dt: BalanceRow[] = [];
  for (const [id, s] of per) {
    for (const k of Object.keys(all) as (keyof Sums)[]) all[k] += s[k];
    const c = byId.get(id);
    dt.push({ customer_id: id, customer_name: c?.name ?? null, saler_id: c?.saler_id == null ? null : Number(c.saler_id), ...finish(s) });
  }
  dt.sort((a, b) => b.balance - a.balance || a.customer_id - b.customer_id);
  return { dt, totals: finish(all), date: asOf };
}

/**
 * `GET /payments/balances/detail/`: one customer's bills with what they have outstanding (oldest first) and its
 * receipts with their unallocated part, as of the day; the caller's customer only (404 `customer_unknown` otherwise).
 */
export async function openItems(db: Db, auth: Auth, p: OpenItemsParams): Promise<{ date: string; bills: OpenBill[]; receipts: OpenReceipt[] }> {
  const [c] = await rows<{ id: number }>(db, sql`select c.id from customers c where c.id = ${p.customer_id} and ${ownerConditionOn(auth, receipts, 'c')}`);
  if (!c) throw new ApiError(404, 'customer_unknown', {}, { customer_id: { key: 'customer_unknown' } });
  const asOf = p.date ?? localDateString(new Date());
  const upTo = p.date ?? null;
  const bills = await rows<{ id: number; show_id: string; date: unknown; total: string; allocated: string }>(db, sql`
    select * from (${billRows(upTo, sql`b.customer_id = ${p.customer_id}`)}) x order by x.date, x.show_id, x.id`);
  const recs = await rows<{ id: number; show_id: string; date: unknown; amount: string; allocated: string }>(db, sql`
    select * from (${receiptRows(upTo, sql`r.customer_id = ${p.customer_id}`)}) x order by x.date, x.show_id, x.id`);
  const openBills = bills.map(b => {
    const date = dayText(b.date);
    return { id: Number(b.id), show_id: String(b.show_id), date, total: fromUnits(units(b.total)), allocated: fromUnits(units(b.allocated)),
      outstanding: fromUnits(units(b.total) - units(b.allocated)), age: daysFrom(date, asOf) };
  }).filter(b => p.all || b.outstanding !== 0);
  const openReceipts = recs.map(r => ({
    id: Number(r.id), show_id: String(r.show_id), date: dayText(r.date), amount: fromUnits(units(r.amount)),
    allocated: fromUnits(units(r.allocated)), unallocated: fromUnits(units(r.amount) - units(r.allocated)),
  })).filter(r => p.all || r.unallocated !== 0);
  return { date: asOf, bills: openBills, receipts: openReceipts };
}

