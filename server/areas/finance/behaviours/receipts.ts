import { sql } from 'drizzle-orm';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour } from '../../../resources/behaviour-types';
import { cancelReceiptAllocations } from '../allocate';
import { FIN_MONTHS, monthsOf } from '../periods';

/**
 * The server rules of `receipts` (docs/finance.md "receipts"), whichever way a receipt is written (the generic save,
 * an import, a statement line posted):
 * - a new receipt is numbered from `receipt_no_pattern` and allocates nothing yet; its salesperson is its customer's
 *   (set again when the customer changes);
 * - `amount` > 0 (400 `receipt_amount_positive`: a refund is a payout), never below what is allocated (409), and the
 *   customer does not change once something is allocated (409 `receipt_customer_fixed`);
 * - a write whose date (old or new) falls in a closed finance month is refused (409 `fin_period_closed`);
 * - a cancel cancels its live allocations, and the bills' `allocated` follow (allocate.ts).
 */
export const receiptsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'create') {
      out.show_id = (await nextNumbers(tx, 'receipt_no_pattern', 1))[0];
      out.allocated = 0;
    } else if (before!.canceled) {
      throw new ApiError(409, 'receipt_canceled');
    }
    const merged = { ...before, ...out };
    if (!(Number(merged.amount) > 0)) {
      throw new ApiError(400, 'receipt_amount_positive', {}, { amount: { key: 'receipt_amount_positive' } });
    }
    const allocated = Number(before?.allocated ?? 0);
    if (Number(merged.amount) < allocated) {
      throw new ApiError(409, 'receipt_below_allocated', { allocated: allocated.toFixed(2) }, { amount: { key: 'receipt_below_allocated', params: { allocated: allocated.toFixed(2) } } });
    }
    const customerChanged = mode === 'create' || ('customer_id' in out && Number(out.customer_id ?? 0) !== Number(before!.customer_id ?? 0));
    if (customerChanged && allocated > 0) {
      throw new ApiError(409, 'receipt_customer_fixed', {}, { customer_id: { key: 'receipt_customer_fixed' } });
    }
    if (customerChanged && !('saler_id' in values && values.saler_id != null)) {
      const [c] = merged.customer_id == null ? []
        : await rows<{ saler_id: number | null }>(tx, sql`select saler_id from customers where id = ${Number(merged.customer_id)}`);
      out.saler_id = c?.saler_id ?? null;
    }
    await FIN_MONTHS.assertOpen(tx, monthsOf(before?.date, 'date' in out ? out.date : null));
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action !== 'cancel' || !before || !after) return;
    await FIN_MONTHS.assertOpen(tx, monthsOf(before.date));
    await cancelReceiptAllocations(tx, auth, Number(after.id));
  },
};
