import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The stock ledger (`itemlogs`) and its running sums (`inventory`, `stocklots`) are written only by posting and
 * cancelling stock documents (server/areas/stock/post.ts), never by a save, a cancel, a delete or an import (409
 * `stock_ledger_write_refused`): a movement is the record of what happened, and a balance changed by hand would no
 * longer be the sum of its movements.
 */
export const ledgerBehaviour: Behaviour = {
  async prepare() {
    throw new ApiError(409, 'stock_ledger_write_refused');
  },
  async afterWrite() {
    throw new ApiError(409, 'stock_ledger_write_refused');
  },
};
