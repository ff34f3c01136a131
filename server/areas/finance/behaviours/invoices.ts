import { sql } from 'drizzle-orm';
import { taxIncluded, vatRateOf } from '../../../../src/domain/rules/vat';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { configValues } from '../../../resources/configs';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { lockInvoicedBill, refreshBillInvoiced } from '../invoicing';
import { FIN_MONTHS, monthsOf } from '../periods';
import { assertDatesOpen, assertPositive } from './money-rules';

/**
 * The server rules of `invoices` (docs/finance.md "invoices"), whichever way one is written:
 * - its bill exists (404 `bill_unknown`), is live and confirmed (409), locked `for update` while the invoice is written,
 *   and never changes (422); the customer is the bill's;
 * - `amount` > 0 (422); `tax_rate` by default config `vat_rate` (0.13); `tax` = amount × rate / (1 + rate) at 4
 *   decimals, server-set;
 * - the number is unique among live invoices (409 `invoice_no_taken`; the partial unique index of migration 0027 is the
 *   last guard); a voided invoice no longer changes (409 `invoice_voided`);
 * - a write or cancel dated (old or new date) in a closed finance month is refused (409 `fin_period_closed`);
 * - the bill's `invoiced` and `uninvoiced` follow every write, a cancel included, and never pass its total (409
 *   `bill_overinvoiced`).
 */
export const invoicesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out: RowData = { ...values };
    if (mode === 'update') {
      if (before!.status !== 'issued') throw new ApiError(409, 'invoice_voided');
      if ('bill_id' in out && Number(out.bill_id) !== Number(before!.bill_id)) {
        throw new ApiError(422, 'invoice_bill_fixed', {}, { bill_id: { key: 'invoice_bill_fixed' } });
      }
    }
    const bill = await lockInvoicedBill(tx, Number(mode === 'create' ? out.bill_id : before!.bill_id));
    if (mode === 'create') {
      out.customer_id = bill.customer_id;
      out.status = 'issued';
      if (out.tax_rate == null) out.tax_rate = vatRateOf((await configValues(tx, ['vat_rate'])).get('vat_rate'));
    }
    assertPositive(out);
    const merged = { ...before, ...out };
    if ('amount' in out || 'tax_rate' in out) out.tax = taxIncluded(Number(merged.amount ?? 0), Number(merged.tax_rate ?? 0));
    if ('invoice_no' in out) {
      const [taken] = await rows<{ id: number }>(tx, sql`select id from invoices where invoice_no = ${String(out.invoice_no)}
        and not canceled and status <> 'voided' and id <> ${Number(before?.id ?? 0)} limit 1`);
      if (taken) {
        throw new ApiError(409, 'invoice_no_taken', { no: String(out.invoice_no) },
          { invoice_no: { key: 'invoice_no_taken', params: { no: String(out.invoice_no) } } });
      }
    }
    await assertDatesOpen(tx, before, out);
    return out;
  },

  async afterWrite(tx, { action, before, after }) {
    if (action === 'cancel' && before) {
      await lockInvoicedBillLoose(tx, Number(before.bill_id));
      await FIN_MONTHS.assertOpen(tx, monthsOf(before.date));
    }
    await refreshBillInvoiced(tx, [before?.bill_id, after?.bill_id].filter(v => v != null).map(Number));
  },
};

/** A cancel frees the amount of a bill in any state: the bill is only locked, so its sums are rewritten in order. */
async function lockInvoicedBillLoose(tx: Db, billId: number): Promise<void> {
  await rows(tx, sql`select id from bills where id = ${billId} for update`);
}
