import { sql } from 'drizzle-orm';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour } from '../../../resources/behaviour-types';
import { reverseDoc } from '../post';
import { assertFinishedStore } from '../../delivery/checkin-rules';
import { assertPackHead } from '../../delivery/packing-rules';

/** Refuses a change of a stock document that is no longer a draft. */
export function assertDraft(doc: Record<string, unknown>): void {
  if (doc.canceled) throw new ApiError(409, 'stock_doc_canceled');
  if (doc.status !== 'draft') throw new ApiError(409, 'stock_doc_posted');
}

/**
 * The server rules of `stockdocs` (docs/stock.md):
 * - a new document is a draft, numbered from `stock_no_pattern`, dated today unless a date is given;
 * - it changes only while a draft, and never changes its kind (its lines were entered for that kind);
 * - a count's storeroom (its scope) is one of its warehouse's; a check-in goes into a finished goods store, a
 *   packing's package is open and packed in a store of its stage (docs/delivery.md);
 * - `POST /warehouses/stockdocs/post/` posts it (post.ts); a cancel of a posted document writes the reversing
 *   movements in the cancel's transaction — refused, whole, when the stock they take back is no longer there.
 * - a check-out (`checkout`) is written, posted and cancelled by its delivery note only (docs/delivery.md): one is made
 *   only naming its note (`delivery_id`, which no save may set), and its own cancel is refused (409
 *   `stock_checkout_by_delivery`), so the stock and the note never disagree.
 */
export const stockdocsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    const merged = { ...before, ...out };
    await assertRoomOfWarehouse(tx, merged);
    if (mode === 'create') {
      if (out.kind === 'checkout' && out.delivery_id == null) throw new ApiError(409, 'stock_checkout_by_delivery');
      await finishedGoodsHead(tx, merged);
      out.status = 'draft';
      out.show_id = (await nextNumbers(tx, 'stock_no_pattern', 1))[0];
      if (!out.date) out.date = localDateString(new Date());
      return out;
    }
    assertDraft(before!);
    if ('kind' in out && out.kind !== before!.kind) throw new ApiError(409, 'stock_doc_kind_fixed');
    if ('warehouse_id' in out || 'package_id' in out) await finishedGoodsHead(tx, merged);
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action === 'delete') throw new ApiError(409, 'stock_doc_posted');
    if (action === 'cancel' && before?.delivery_id != null) throw new ApiError(409, 'stock_checkout_by_delivery');
    if (action === 'cancel' && before?.status === 'posted' && after) await reverseDoc(tx, auth, after);
  },
};

/** A check-in's warehouse is a finished goods store; a packing's package is open and may be packed in its warehouse. */
async function finishedGoodsHead(tx: Db, doc: Record<string, unknown>): Promise<void> {
  if (doc.kind === 'checkin') await assertFinishedStore(tx, doc.warehouse_id as number | null);
  if (doc.kind === 'pack') await assertPackHead(tx, doc);
}

/** A count's storeroom must be one of its warehouse's (422 `stock_count_room_elsewhere`). */
async function assertRoomOfWarehouse(tx: Db, doc: Record<string, unknown>): Promise<void> {
  if (doc.room_id == null) return;
  const [room] = await rows<{ warehouse_id: number }>(tx, sql`select warehouse_id from warerooms where id = ${doc.room_id as number}`);
  if (room && Number(room.warehouse_id) !== Number(doc.warehouse_id)) throw new ApiError(422, 'stock_count_room_elsewhere');
}
