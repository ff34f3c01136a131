import { sql } from 'drizzle-orm';
import type { AllocateParams } from '../../../src/domain/contract/receipts';
import { allocations } from '../../../src/domain/resources/finance/allocations';
import { bills as billsRes } from '../../../src/domain/resources/finance/bills';
import { receipts } from '../../../src/domain/resources/finance/receipts';
import { localDateString } from '../../../src/domain/rules/date-single';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { assertOwnRow, isOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { recordHistoryBatch } from '../../resources/write-primitives';
import { FIN_MONTHS, monthsOf } from './periods';

/**
 * The bills' and the receipts' `allocated`: the sums of their live allocations (invariants 2 and 3 of
 * docs/finance.md), rewritten in the transaction that changed the allocations (decision 217).
 */
export async function refreshAllocated(tx: Db, billIds: readonly number[], receiptIds: readonly number[]): Promise<void> {
  if (billIds.length > 0) {
    await rows(tx, sql`
      update bills b set allocated = s.a, rev = next_rev()
      from (select b2.id, coalesce(sum(a.amount) filter (where not a.canceled), 0) as a
            from bills b2 left join allocations a on a.bill_id = b2.id
            where b2.id = any(${sql.param([...new Set(billIds)])}::int[]) group by b2.id) s
      where b.id = s.id and b.allocated is distinct from s.a`);
  }
  if (receiptIds.length > 0) {
    await rows(tx, sql`
      update receipts r set allocated = s.a, rev = next_rev()
      from (select r2.id, coalesce(sum(a.amount) filter (where not a.canceled), 0) as a
            from receipts r2 left join allocations a on a.receipt_id = r2.id
            where r2.id = any(${sql.param([...new Set(receiptIds)])}::int[]) group by r2.id) s
      where r.id = s.id and r.allocated is distinct from s.a`);
  }
}

/** Locks bills `for update` in id order (the order every allocation path takes them in, after the receipt). */
export async function lockBills(tx: Db, ids: readonly number[]): Promise<RowData[]> {
  if (ids.length === 0) return [];
  return rows<RowData>(tx, sql`select * from bills where id = any(${sql.param([...new Set(ids)])}::int[]) order by id for update`);
}

/** Cancels allocation rows (already read), with their history, and refreshes both sums. Their months must be open. */
export async function cancelAllocations(tx: Db, auth: Auth, live: readonly RowData[]): Promise<void> {
  if (live.length === 0) return;
  await FIN_MONTHS.assertOpen(tx, monthsOf(...live.map(a => a.date)));
  const after = await rows<RowData>(tx, sql`
    update allocations set canceled = true, version = version + 1, rev = next_rev(), updated_at = now(), updated_by = ${auth.accountId}
    where id = any(${sql.param(live.map(a => Number(a.id)))}::int[]) and not canceled returning *`);
  const before = new Map(live.map(a => [Number(a.id), a]));
  await recordHistoryBatch(tx, allocations, 'cancel', after.map(a => ({ before: before.get(Number(a.id)) ?? null, after: a })), auth);
  await refreshAllocated(tx, live.map(a => Number(a.bill_id)), live.map(a => Number(a.receipt_id)).filter(n => n > 0));
}

/** A receipt being cancelled (its row locked by the cancel) cancels its live allocations; the bills follow. */
export async function cancelReceiptAllocations(tx: Db, auth: Auth, receiptId: number): Promise<void> {
  const live = await rows<RowData>(tx, sql`select * from allocations where receipt_id = ${receiptId} and not canceled order by id`);
  if (live.length === 0) return;
  await lockBills(tx, live.map(a => Number(a.bill_id)));
  await cancelAllocations(tx, auth, live);
}

/** A receipt locked `for update`, the caller's (404 otherwise, telling nothing), live and with a customer. */
async function lockReceipt(tx: Db, auth: Auth, id: number): Promise<RowData> {
  const [r] = await rows<RowData>(tx, sql`select * from receipts where id = ${id} for update`);
  if (!r) throw notFound();
  await assertOwnRow(tx, auth, receipts, r);
  if (r.canceled) throw new ApiError(409, 'receipt_canceled');
  if (r.customer_id == null) throw new ApiError(409, 'receipt_no_customer');
  return r;
}

const money = (u: number) => fromUnits(u).toFixed(2);

/**
 * The amounts per bill an automatic allocation takes (先开先结): the customer's open confirmed bills, oldest first by
 * bill date then number, each up to what it owes, as far as `left` (units of 0.0001) goes.
 */
export function fifo(bills: readonly RowData[], left: number): Map<number, number> {
  const out = new Map<number, number>();
  const order = [...bills].sort((a, b) => String(day(a.date)).localeCompare(String(day(b.date)))
    || String(a.show_id).localeCompare(String(b.show_id)) || Number(a.id) - Number(b.id));
  for (const b of order) {
    if (left <= 0) break;
    const take = Math.min(left, units(b.total) - units(b.allocated));
    if (take <= 0) continue;
    out.set(Number(b.id), take);
    left -= take;
  }
  return out;
}

const day = (v: unknown) => (v instanceof Date ? localDateString(v) : String(v ?? '').slice(0, 10));

/**
 * Allocates a receipt (`POST /payments/allocate/`, docs/finance.md "allocations"), in the caller's transaction:
 * 1. the receipt locked (the caller's, live, with a customer), then the bills it names (or, automatically, the
 *    customer's open confirmed bills) locked `for update` in id order — every allocation path locks in this order, so
 *    two calls racing on one bill queue and the second reads what the first allocated;
 * 2. each bill the receipt's customer's (409 `allocation_other_customer`), confirmed and live (409), never beyond its
 *    total (409 `bill_overpaid`); all of them together never beyond what the receipt has left (409
 *    `receipt_overallocated`); the date in an open month;
 * 3. the allocation rows written with their history, and both `allocated` sums rewritten from the rows.
 */
export async function allocate(tx: Db, auth: Auth, p: AllocateParams): Promise<{ receipt: RowData; lines: RowData[] }> {
  const receipt = await lockReceipt(tx, auth, p.receipt_id);
  const date = p.date ?? localDateString(new Date());
  await FIN_MONTHS.assertOpen(tx, [date.slice(0, 7)]);
  const left = units(receipt.amount) - units(receipt.allocated);

  let wanted: Map<number, number>;
  if (p.auto) {
    const open = await rows<{ id: number }>(tx, sql`select id from bills where customer_id = ${Number(receipt.customer_id)}
      and status = 'confirmed' and not canceled and total > allocated`);
    const bills = (await lockBills(tx, open.map(b => Number(b.id)))).filter(b => b.status === 'confirmed' && !b.canceled);
    wanted = fifo(bills, left);
    if (wanted.size === 0) throw new ApiError(422, 'allocation_nothing');
  } else {
    wanted = new Map();
    for (const l of p.lines ?? []) wanted.set(l.bill_id, (wanted.get(l.bill_id) ?? 0) + units(l.amount));
    const bills = new Map((await lockBills(tx, [...wanted.keys()])).map(b => [Number(b.id), b]));
    for (const [id, amount] of wanted) {
      const b = bills.get(id);
      if (!b || !(await isOwnRow(tx, auth, billsRes, b))) throw new ApiError(404, 'allocation_bill_unknown');
      const show = String(b.show_id);
      if (Number(b.customer_id) !== Number(receipt.customer_id)) throw new ApiError(409, 'allocation_other_customer', { bill: show });
      if (b.canceled || b.status !== 'confirmed') throw new ApiError(409, 'allocation_bill_not_confirmed', { bill: show });
      const outstanding = units(b.total) - units(b.allocated);
      if (amount > outstanding) throw new ApiError(409, 'bill_overpaid', { bill: show, outstanding: money(Math.max(0, outstanding)) });
    }
    const sum = [...wanted.values()].reduce((s, u) => s + u, 0);
    if (sum > left) throw new ApiError(409, 'receipt_overallocated', { unallocated: money(left) });
  }

  const json = JSON.stringify([...wanted].map(([bill_id, u]) => ({ bill_id, amount: fromUnits(u).toFixed(4) })));
  const lines = await rows<RowData>(tx, sql`
    insert into allocations (receipt_id, bill_id, amount, date, created_by, updated_by)
    select ${receipt.id as number}, x.bill_id, x.amount::numeric, ${date}::date, ${auth.accountId}, ${auth.accountId}
    from json_to_recordset(${json}::json) as x(bill_id integer, amount text)
    returning *`);
  await recordHistoryBatch(tx, allocations, 'create', lines.map(a => ({ before: null, after: a })), auth);
  await refreshAllocated(tx, [...wanted.keys()], [Number(receipt.id)]);
  const [after] = await rows<RowData>(tx, sql`select * from receipts where id = ${Number(receipt.id)}`);
  return { receipt: after!, lines };
}

/**
 * Takes an allocation back (`POST /payments/unallocate/`): its receipt locked first, then its bill, then the row (the
 * order of every allocation path); the caller's receipt; the allocation's date in an open month.
 */
export async function unallocate(tx: Db, auth: Auth, id: number): Promise<RowData> {
  const [found] = await rows<RowData>(tx, sql`select receipt_id, bill_id from allocations where id = ${id}`);
  if (!found) throw notFound();
  if (found.receipt_id != null) await lockReceipt(tx, auth, Number(found.receipt_id));
  const [bill] = await lockBills(tx, [Number(found.bill_id)]);
  if (!bill || !(await isOwnRow(tx, auth, billsRes, bill))) throw notFound();
  const [row] = await rows<RowData>(tx, sql`select * from allocations where id = ${id} for update`);
  if (row!.canceled) throw new ApiError(409, 'allocation_canceled');
  await cancelAllocations(tx, auth, [row!]);
  return row!;
}
