import { sql } from 'drizzle-orm';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { rows, type Db } from '../../../db/connection';
import { ApiError, badRequest } from '../../../lib/api-error';
import { str } from '../../../lib/params';
import { nextNumbers } from '../../../resources/numbering';
import { recordHistoryBatch } from '../../../resources/write-primitives';
import { billlines } from '../../../../src/domain/resources/finance/billlines';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { newCheckCode } from '../../production/behaviours/orders';
import { assertNoInvoices } from '../invoicing';
import { billsAnywhere } from '../anywhere';
import { FIN_MONTHS, monthsOf } from '../periods';
import { contractsOfBills, refreshContractSums } from '../../sales/contract-sums';

/** Refuses a change of a bill that is confirmed or cancelled. */
export function assertBillDraft(bill: RowData | undefined): void {
  if (!bill || bill.canceled) throw new ApiError(409, 'bill_canceled');
  if (bill.status !== 'draft') throw new ApiError(409, 'bill_not_draft');
}

const day = (v: unknown) => (v instanceof Date ? localDateString(v) : v == null || v === '' ? null : String(v).slice(0, 10));

/**
 * The server rules of `bills` (docs/finance.md "bills"):
 * - a new bill is a draft, numbered from `bill_no_pattern`, its check code drawn, its salesperson the customer's; made
 *   by a generic create it is a bill by hand (`other`), by the build a `delivery` bill; its date is `date_to` unless
 *   given, else today;
 * - the period is in order (400 `bill_period`); the bill changes only while a draft, its customer not once it has
 *   lines; a write whose date (old or new) falls in a closed finance month is refused (409 `fin_period_closed`);
 * - a cancel (draft or confirmed, in an open month, without live allocations: 409 `bill_has_allocations`, nor issued
 *   invoices: 409 `bill_has_invoices`) cancels its live lines too, each with its history entry, so their delivery
 *   lines are unbilled.
 * - List parameter `anywhere` (the bill query, `/query/bills`): words found in the bill, its customer, its lines' notes,
 *   orders and items (../anywhere.ts).
 */
export const billsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'create') {
      out.status = 'draft';
      out.kind = out.kind === 'delivery' ? 'delivery' : 'other';
      out.show_id = (await nextNumbers(tx, 'bill_no_pattern', 1))[0];
      out.check_code = newCheckCode();
      // Nothing allocated yet, on every create path (the build's insert too): the automatic allocation looks for
      // `total > allocated`, which a null never is.
      out.allocated = 0;
      if (!out.date) out.date = out.date_to || localDateString(new Date());
      if (out.saler_id == null && out.customer_id != null) {
        const [c] = await rows<{ saler_id: number | null }>(tx, sql`select saler_id from customers where id = ${out.customer_id as number}`);
        out.saler_id = c?.saler_id ?? null;
      }
    } else {
      assertBillDraft(before!);
      if ('customer_id' in out && Number(out.customer_id) !== Number(before!.customer_id)) {
        const [n] = await rows<{ n: string | number }>(tx, sql`select count(*) as n from billlines where bill_id = ${before!.id as number} and not canceled`);
        if (Number(n?.n ?? 0) > 0) throw new ApiError(409, 'bill_customer_fixed', {}, { customer_id: { key: 'bill_customer_fixed' } });
      }
    }
    const from = day('date_from' in out ? out.date_from : before?.date_from);
    const to = day('date_to' in out ? out.date_to : before?.date_to);
    if (from && to && from > to) throw new ApiError(400, 'bill_period', {}, { date_from: { key: 'bill_period' } });
    await FIN_MONTHS.assertOpen(tx, monthsOf(before?.date, 'date' in out ? out.date : null));
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action !== 'cancel' || !before || !after) return;
    await FIN_MONTHS.assertOpen(tx, monthsOf(before.date));
    // Money applied to the bill stays applied: un-allocate first (the bill is locked by the cancel, so none comes in).
    const [a] = await rows<{ n: string | number }>(tx, sql`select count(*) as n from allocations where bill_id = ${after.id as number} and not canceled`);
    if (Number(a?.n ?? 0) > 0) throw new ApiError(409, 'bill_has_allocations');
    await assertNoInvoices(tx, before);
    // Each line cancelled with the bill has its own history entry, as a line cancelled alone has.
    const was = await rows<RowData>(tx, sql`select * from billlines where bill_id = ${after.id as number} and not canceled
      order by id for update`);
    const now = await rows<RowData>(tx, sql`update billlines set canceled = true, version = version + 1, rev = next_rev(),
      updated_at = now(), updated_by = ${auth.accountId} where bill_id = ${after.id as number} and not canceled returning *`);
    const beforeById = new Map(was.map(r => [Number(r.id), r]));
    await recordHistoryBatch(tx, billlines, 'cancel', now.map(r => ({ before: beforeById.get(Number(r.id)) ?? null, after: r })), auth);
    // Its lines no longer count as billed against their contracts (decision 261).
    await refreshContractSums(tx, await contractsOfBills(tx, [after.id as number]));
  },

  list(auth, p, res) {
    const anywhere = str(p, 'anywhere');
    if (anywhere !== undefined && anywhere.length > 200) throw badRequest();
    const text = anywhere?.trim();
    return { where: text ? [billsAnywhere(auth, res, text)] : [], ownParams: ['anywhere'] };
  },
};

/** A bill's quantity, amount, adjustment and total: the sums of its live lines (and uninvoiced = total − invoiced). */
export async function refreshBillSums(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await rows(tx, sql`
    update bills b set quantity = s.q, amount = s.a, adjustment = s.j, total = s.a + s.j,
      invoiced = coalesce(b.invoiced, 0), uninvoiced = s.a + s.j - coalesce(b.invoiced, 0), rev = next_rev()
    from (select b2.id, coalesce(sum(l.quantity) filter (where not l.canceled), 0) as q,
                 coalesce(sum(l.amount) filter (where not l.canceled), 0) as a,
                 coalesce(sum(l.adjustment) filter (where not l.canceled), 0) as j
          from bills b2 left join billlines l on l.bill_id = b2.id
          where b2.id = any(${sql.param([...new Set(ids)])}::int[]) group by b2.id) s
    where b.id = s.id and (b.quantity is distinct from s.q or b.amount is distinct from s.a or b.adjustment is distinct from s.j
      or b.total is distinct from s.a + s.j)`);
}
