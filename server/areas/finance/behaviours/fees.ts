import type { Behaviour } from '../../../resources/behaviour-types';
import { FIN_MONTHS, monthsOf } from '../periods';
import { assertDatesOpen, assertPositive } from './money-rules';

/**
 * The server rules of `fees` (docs/finance.md "fees"), typed, saved or imported alike: `amount` > 0 (422; the
 * category's direction gives the sign), and no write or cancel dated (old or new date) in a closed finance month (409
 * `fin_period_closed`). The import's idempotence is its natural key `import_key` (the row's fingerprint).
 */
export const feesBehaviour: Behaviour = {
  async prepare(tx, { before, values }) {
    assertPositive(values);
    await assertDatesOpen(tx, before, values);
    return values;
  },

  async afterWrite(tx, { action, before }) {
    if (action === 'cancel' && before) await FIN_MONTHS.assertOpen(tx, monthsOf(before.date));
  },
};
