import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';

/**
 * A bill's `invoiced` = Σ its live issued invoices and `uninvoiced` = total − invoiced (docs/finance.md "invoices"),
 * rewritten in the transaction that changed an invoice, its bill locked `for update` beforehand by the caller. Refuses
 * (409 `bill_overinvoiced`) a bill invoiced beyond its total, so the whole write rolls back.
 */
export async function refreshBillInvoiced(tx: Db, billIds: readonly number[]): Promise<void> {
  const ids = [...new Set(billIds)];
  if (ids.length === 0) return;
  const changed = await rows<{ show_id: string; total: string | number; invoiced: string | number }>(tx, sql`
    update bills b set invoiced = s.inv, uninvoiced = coalesce(b.total, 0) - s.inv, rev = next_rev()
    from (select b2.id, coalesce(sum(i.amount) filter (where not i.canceled and i.status = 'issued'), 0) as inv
          from bills b2 left join invoices i on i.bill_id = b2.id
          where b2.id = any(${sql.param(ids)}::int[]) group by b2.id) s
    where b.id = s.id and (b.invoiced is distinct from s.inv or b.uninvoiced is distinct from coalesce(b.total, 0) - s.inv)
    returning b.show_id, b.total, b.invoiced`);
  const over = changed.find(b => Number(b.invoiced) > Number(b.total ?? 0));
  if (over) {
    throw new ApiError(409, 'bill_overinvoiced', { bill: over.show_id, invoiced: Number(over.invoiced), total: Number(over.total) },
      { amount: { key: 'bill_overinvoiced', params: { bill: over.show_id, invoiced: Number(over.invoiced), total: Number(over.total) } } });
  }
}

/** The bill an invoice is issued against, locked `for update`: it must be live and confirmed. */
export async function lockInvoicedBill(tx: Db, billId: number): Promise<RowData> {
  const [bill] = await rows<RowData>(tx, sql`select * from bills where id = ${billId} for update`);
  if (!bill) throw new ApiError(404, 'bill_unknown', {}, { bill_id: { key: 'bill_unknown' } });
  if (bill.canceled || bill.status !== 'confirmed') {
    throw new ApiError(409, 'invoice_bill_not_confirmed', {}, { bill_id: { key: 'invoice_bill_not_confirmed' } });
  }
  return bill;
}

/** Refuses a bill's cancel while it has live issued invoices (409 `bill_has_invoices`): void them first. */
export async function assertNoInvoices(tx: Db, bill: RowData): Promise<void> {
  const [n] = await rows<{ n: string | number }>(tx, sql`
    select count(*) as n from invoices where bill_id = ${Number(bill.id)} and not canceled and status = 'issued'`);
  if (Number(n?.n ?? 0) > 0) throw new ApiError(409, 'bill_has_invoices', { bill: String(bill.show_id) });
}
