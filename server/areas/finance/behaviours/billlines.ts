import { sql } from 'drizzle-orm';
import { lineAmount } from '../../../../src/domain/rules/numbers';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { FIN_MONTHS, monthsOf } from '../periods';
import { assertBillDraft, refreshBillSums } from './bills';
import { contractsOfDeliveryLines, refreshContractSums } from '../../sales/contract-sums';

/** What a line billed from a delivery may change: the rest is the delivery's (decision 216). */
const ADJUSTABLE = new Set(['adjustment', 'adjustment_reason', 'remark']);

const blank = (v: unknown) => v == null || String(v).trim() === '';

/**
 * The server rules of `billlines` (docs/finance.md "billlines"), whichever way a line is written:
 * - its bill is a live draft (409 `bill_not_draft`, `bill_canceled`) in an open finance month, locked while its lines
 *   are written; a line never moves to another bill;
 * - a line billed from a delivery changes only its adjustment, the reason and the remark (422 `bill_line_fixed`), and
 *   lines are added by hand only to a bill by hand;
 * - `amount` = quantity × price at 4 decimals; an adjustment that is not zero needs its reason (422);
 * - the bill's sums follow every write, a cancel included (its delivery line is then unbilled); a bill from deliveries
 *   never totals below zero (422 `bill_total_negative`): a credit is a bill by hand (kind `other`).
 */
export const billlinesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const billId = Number(mode === 'create' ? values.bill_id : before!.bill_id);
    if (mode === 'update' && 'bill_id' in values && Number(values.bill_id) !== billId) {
      throw new ApiError(422, 'delivery_line_parent_fixed', {}, { bill_id: { key: 'delivery_line_parent_fixed' } });
    }
    const [bill] = await rows<RowData>(tx, sql`select * from bills where id = ${billId} for update`);
    assertBillDraft(bill);
    await FIN_MONTHS.assertOpen(tx, monthsOf(bill!.date));
    const out: RowData = { ...values };
    if (bill!.kind === 'delivery') {
      const changed = Object.keys(values).filter(k => k !== 'bill_id' && !ADJUSTABLE.has(k) && values[k] !== before?.[k]);
      if (mode === 'create' || changed.length > 0) throw new ApiError(422, 'bill_line_fixed');
    }
    if (mode === 'create') {
      const [n] = await rows<{ n: string | number }>(tx, sql`select coalesce(max(line_no), 0) + 1 as n from billlines where bill_id = ${billId}`);
      out.line_no = Number(n?.n ?? 1);
    }
    const merged = { ...before, ...out };
    if (bill!.kind !== 'delivery') out.amount = lineAmount(Number(merged.quantity ?? 0), merged.price == null ? 0 : Number(merged.price)) ?? 0;
    if (Number(merged.adjustment ?? 0) !== 0 && blank(merged.adjustment_reason)) {
      throw new ApiError(422, 'bill_adjustment_reason', {}, { adjustment_reason: { key: 'bill_adjustment_reason' } });
    }
    return out;
  },

  async afterWrite(tx, { action, before, after }) {
    const ids = [before?.bill_id, after?.bill_id].filter((v): v is number => v != null).map(Number);
    if (action === 'cancel' && before) {
      const [bill] = await rows<RowData>(tx, sql`select * from bills where id = ${Number(before.bill_id)} for update`);
      // A bill's own cancel cancels its lines by itself; a line cancelled alone must be on a draft.
      assertBillDraft(bill);
      await FIN_MONTHS.assertOpen(tx, monthsOf(bill!.date));
    }
    await refreshBillSums(tx, ids);
    // A line's amount, adjustment or cancel moves what its contract has billed (decision 261).
    await refreshContractSums(tx, await contractsOfDeliveryLines(tx,
      [before?.deliveryline_id, after?.deliveryline_id].filter((v): v is number => v != null).map(Number)));
    const [negative] = await rows<{ id: number }>(tx, sql`select id from bills
      where id = any(${sql.param([...new Set(ids)])}::int[]) and kind = 'delivery' and total < 0 limit 1`);
    if (negative) throw new ApiError(422, 'bill_total_negative', {}, { adjustment: { key: 'bill_total_negative' } });
  },
};
