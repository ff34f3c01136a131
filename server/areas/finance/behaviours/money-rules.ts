import { ApiError } from '../../../lib/api-error';
import type { RowData } from '../../../resources/behaviour-types';
import { FIN_MONTHS, monthsOf } from '../periods';
import type { Db } from '../../../db/connection';

/** Refuses an amount that is not greater than zero (422, the field marked, as the save's validation does): payouts, invoices and fees are > 0. */
export function assertPositive(values: RowData, field = 'amount'): void {
  if (values[field] == null) return;
  if (!(Number(values[field]) > 0)) throw new ApiError(422, 'amount_positive', {}, { [field]: { key: 'amount_positive' } });
}

/**
 * Refuses a write whose date, old or new, falls in a closed finance month (409 `fin_period_closed` naming the month),
 * holding the months' shared locks until the transaction ends (decision 218); the date field is marked.
 */
export async function assertDatesOpen(tx: Db, before: RowData | null, values: RowData): Promise<void> {
  try {
    await FIN_MONTHS.assertOpen(tx, monthsOf(before?.date, 'date' in values ? values.date : null));
  } catch (e) {
    // The date field marked too: a form shows it there, an import's row names it.
    if (!(e instanceof ApiError) || Object.keys(e.fieldErrors).length > 0) throw e;
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(e.params)) if (typeof v !== 'function') params[k] = v;
    throw new ApiError(e.status, e.key, e.params, { date: { key: e.key, params } }, e.extra);
  }
}
