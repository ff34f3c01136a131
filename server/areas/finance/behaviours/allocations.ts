import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * `allocations` are written only by the `allocate` action of receipts (allocate.ts: `POST /payments/allocate/` and
 * `/payments/unallocate/`), which locks the receipt and the bills and keeps both `allocated` sums; every generic write
 * (save, cancel, import) is refused (409 `allocation_by_action`), so no path can leave a sum behind its rows.
 */
export const allocationsBehaviour: Behaviour = {
  async prepare() {
    throw new ApiError(409, 'allocation_by_action');
  },
  async afterWrite() {
    throw new ApiError(409, 'allocation_by_action');
  },
};
