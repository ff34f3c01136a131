import { inArray, sql } from 'drizzle-orm';
import { cards } from '../../../src/domain/resources/orders/cards';
import type { Auth } from '../../auth/sessions';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError } from '../../lib/api-error';
import { column } from '../../db/columns';
import { systemUpdate } from '../../resources/write-primitives';
import { refreshLineCardSums } from './derived';

/**
 * Cancels the live cards of some lines (the lines, or their order, are being cancelled), with their nodes. Refused
 * as a whole when one of them has started: work done on the floor is not undone by an office click.
 */
export async function cancelCardsOfLines(tx: Db, detailIds: readonly number[], auth: Auth): Promise<void> {
  if (detailIds.length === 0) return;
  const t = tableOf(cards);
  const live = await tx.select().from(t)
    .where(sql`${inArray(column(t, 'detail_id'), [...detailIds])} and not ${column(t, 'canceled')}`).for('update');
  if (live.some(c => c.status !== 'waiting')) throw new ApiError(409, 'line_has_started_cards');
  for (const c of live) await systemUpdate(tx, cards, c, { canceled: true }, auth, 'cancel');
  await cancelNodesOf(tx, live.map(c => c.id as number));
  await refreshLineCardSums(tx, detailIds);
}

/** The nodes of cancelled cards leave the counts per node with them (a new change number each, no history). */
export async function cancelNodesOf(tx: Db, cardIds: readonly number[]): Promise<void> {
  if (cardIds.length === 0) return;
  await tx.execute(sql`update cardnodes set canceled = true, rev = next_rev()
    where card_id in ${[...cardIds]} and not canceled`);
}
