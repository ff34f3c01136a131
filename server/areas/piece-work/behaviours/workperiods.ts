import { PERIOD_PATTERN } from '../../../../src/domain/rules/piece-work';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `workperiods`, the pay months (docs/piece-work.md): a month is written `YYYY-MM`; a closed month
 * keeps its name and is not deleted (that would reopen it without the `close` action).
 */
export const workperiodsBehaviour: Behaviour = {
  async prepare(_tx, { before, values }) {
    if ('period' in values) {
      if (!PERIOD_PATTERN.test(String(values.period ?? '').trim())) {
        throw new ApiError(422, 'invalid_input', {}, { period: { key: 'invalid_period' } });
      }
      if (before?.closed && values.period !== before.period) throw new ApiError(409, 'period_closed', { period: String(before.period) });
      return { ...values, period: String(values.period).trim() };
    }
    return values;
  },

  async afterWrite(_tx, { action, before }) {
    if (action === 'delete' && before?.closed) throw new ApiError(409, 'period_closed', { period: String(before.period) });
  },
};
