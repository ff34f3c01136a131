import { sql } from 'drizzle-orm';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of the two inspections (src/domain/resources/shopfloor/inspection.ts, docs/shopfloor.md): an
 * inspection is made by an inspector's fact (`precheck`, `inspect`) pushed from a tablet, never by a save or an
 * import (409 `inspection_from_fact`); in the office it is corrected (quantities, weight, grade, defects' names,
 * photos, person, work node, remark) with history, like any document, or cancelled — its defect rows (baddetails)
 * are cancelled with it, so defect counts never keep an inspection that no longer counts.
 */
export function inspectionBehaviour(parent: 'predetail_id' | 'inventorydetail_id'): Behaviour {
  return {
    async prepare(_tx, { mode, values }) {
      if (mode === 'create') throw new ApiError(409, 'inspection_from_fact');
      return values;
    },

    async afterWrite(tx, { action, after, auth }) {
      if (action !== 'cancel' || !after) return;
      await tx.execute(sql`
        update baddetails set canceled = true, version = version + 1, rev = next_rev(), updated_at = now(), updated_by = ${auth.accountId}
        where ${sql.identifier(parent)} = ${after.id as number} and not canceled`);
    },
  };
}

/** Semi-finished inspections (半成品检验). */
export const predetailsBehaviour = inspectionBehaviour('predetail_id');
