import { sql } from 'drizzle-orm';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { FIN_MONTHS, monthsOf } from '../periods';
import { assertDatesOpen, assertPositive } from './money-rules';

const blank = (v: unknown) => v == null || String(v).trim() === '';

/**
 * The server rules of `payouts` (docs/finance.md "payouts"), whichever way one is written:
 * - a new payout is numbered from `payout_no_pattern`;
 * - `amount` > 0 (422); it names a supplier or a payee (422 `payout_party`);
 * - a goods-in document it names is a live stock document of kind `in` (422 `payout_stockdoc_kind`);
 * - a write or a cancel dated (old or new date) in a closed finance month is refused (409 `fin_period_closed`).
 */
export const payoutsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out: RowData = { ...values };
    if (mode === 'create') out.show_id = (await nextNumbers(tx, 'payout_no_pattern', 1))[0];
    const merged = { ...before, ...out };
    assertPositive(out);
    if (blank(merged.supplier_id) && blank(merged.payee)) {
      throw new ApiError(422, 'payout_party', {}, { supplier_id: { key: 'payout_party' }, payee: { key: 'payout_party' } });
    }
    if ('stockdoc_id' in out && out.stockdoc_id != null) {
      const [doc] = await rows<{ kind: string; canceled: boolean }>(tx, sql`select kind, canceled from stockdocs where id = ${Number(out.stockdoc_id)}`);
      if (!doc || doc.kind !== 'in' || doc.canceled) {
        throw new ApiError(422, 'payout_stockdoc_kind', {}, { stockdoc_id: { key: 'payout_stockdoc_kind' } });
      }
    }
    await assertDatesOpen(tx, before, out);
    return out;
  },

  async afterWrite(tx, { action, before }) {
    if (action === 'cancel' && before) await FIN_MONTHS.assertOpen(tx, monthsOf(before.date));
  },
};
