import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `facts`, the shop floor's swipes and inspections as received (docs/shopfloor.md): a fact is
 * written only by `POST /sync/push/` and by the dead-letter actions (resubmit, dismiss), never by a save, a cancel or
 * an import (409 `fact_write_refused`): it is the record of what a kiosk sent, and changing it by hand would leave
 * the card steps, piece work and inspections it made saying something else.
 */
export const factsBehaviour: Behaviour = {
  async prepare() {
    throw new ApiError(409, 'fact_write_refused');
  },

  async afterWrite(_tx, { action }) {
    if (action === 'cancel' || action === 'delete') throw new ApiError(409, 'fact_write_refused');
  },
};
