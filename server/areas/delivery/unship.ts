import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import type { Auth } from '../../auth/sessions';
import type { Db } from '../../db/connection';
import type { RowData } from '../../resources/behaviour-types';
import { systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { reverseDoc } from '../stock/post';
import { followOrders, moveDelivered } from './orders-follow';

/**
 * The cancel of a shipped delivery note, in the cancel's transaction (docs/delivery.md "Cancelling"): its check-out
 * document cancelled with its reversing movements (the goods back at the places they left, in their packages), the
 * order lines' delivered quantities back, each order that was shipped and no longer is delivered in full back to
 * finished or producing. The packages it emptied are closed again by the reversal's own package refresh
 * (package-state.ts, the one writer of a package's derived status). The check-out is cancelled here and only here:
 * its own cancel endpoint refuses it (stock/behaviours/stockdocs.ts), so the stock and the note never disagree.
 */
export async function unshipDelivery(tx: Db, auth: Auth, delivery: RowData): Promise<void> {
  if (delivery.stockdoc_id != null) {
    const doc = await rowById(tx, stockdocs, Number(delivery.stockdoc_id), true);
    if (doc && !doc.canceled) {
      if (doc.status === 'posted') await reverseDoc(tx, auth, doc);
      await systemUpdate(tx, stockdocs, doc, { canceled: true }, auth, 'cancel');
    }
  }
  const orderIds = await moveDelivered(tx, Number(delivery.id), -1);
  await followOrders(tx, auth, orderIds, 'cancel');
}
