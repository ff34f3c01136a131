import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';

/** Rows one insert statement carries: far below PostgreSQL's 65,535 parameters at ~6 columns a row. */
const BATCH = 1_000;

/**
 * The nodes of new cards: one per work node of the routing, in its order (`seq` from 1), all waiting. They are made
 * with their card and are not edits of anyone's, so they get no history of their own: the card's history says when
 * and by whom it was made.
 */
export async function insertNodes(tx: Db, newCards: readonly { id: number; show_id: string }[], worknodeIds: readonly number[],
  by?: number): Promise<void> {
  const t = tableOf(cardnodes);
  const values = newCards.flatMap(c => worknodeIds.map((w, i) => ({
    card_id: c.id, card_show_id: c.show_id, worknode_id: w, seq: i + 1, status: 'waiting', created_by: by, updated_by: by,
  })));
  for (let i = 0; i < values.length; i += BATCH) await tx.insert(t).values(values.slice(i, i + BATCH));
}
