import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `baddetails`, defects by reason (docs/shopfloor.md): made with the inspection they belong to,
 * one per defect reason, never by a save or an import (409 `defect_from_inspection`); a supervisor may correct a
 * reason or a quantity (with history), and cancelling the inspection cancels them.
 */
export const baddetailsBehaviour: Behaviour = {
  async prepare(_tx, { mode, values }) {
    if (mode === 'create') throw new ApiError(409, 'defect_from_inspection');
    return values;
  },
};
