import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `packages` (docs/delivery.md "Packing", decision 198), for every save, import and cancel:
 * - a new package is open and empty, numbered from config `package_no_pattern` (the pattern scanners tell a package
 *   label by); what it holds and where (quantity, lots, warehouse, location, item, customer, packed at) is the
 *   server's, kept from its places by every posting (package-state.ts), and its status moves only by packing, the
 *   close endpoint and check-out;
 * - a shipped package no longer changes (409 `package_shipped`); its stage cannot change while it holds goods (422
 *   `package_stage_fixed`: they were packed in a store of that stage); kind, weights and remarks may;
 * - a package is cancelled only empty (409 `package_not_empty`): unpack it first.
 */
export const packagesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'create') {
      out.show_id = (await nextNumbers(tx, 'package_no_pattern', 1))[0];
      out.status = 'open';
      out.quantity = 0;
      out.lots = 0;
      out.printed = 0;
      return out;
    }
    const b = before!;
    if (b.status === 'shipped') throw new ApiError(409, 'package_shipped', { package: String(b.show_id) });
    if ('stage' in out && out.stage !== b.stage && Number(b.lots ?? 0) > 0) {
      throw new ApiError(422, 'package_stage_fixed', {}, { stage: { key: 'package_stage_fixed' } });
    }
    return out;
  },

  async afterWrite(_tx, { action, before }) {
    if (action === 'cancel' && before && Number(before.quantity ?? 0) > 0) {
      throw new ApiError(409, 'package_not_empty', { package: String(before.show_id) });
    }
  },
};
