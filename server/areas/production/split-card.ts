import { sql } from 'drizzle-orm';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { cards } from '../../../src/domain/resources/orders/cards';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError, notFound } from '../../lib/api-error';
import { nextNumbers } from '../../resources/numbering';
import { recordHistoryBatch, staleVersion, systemUpdate } from '../../resources/write';
import { refreshCards } from './derived';
import { fromUnits, rowById, units } from './rows';

/**
 * Splits `quantity` off a card into a new card (docs/production.md): the new card is numbered from
 * `card_no_pattern`, points at its origin (`split_from_id`), takes the next number of the line (`seq`) and a copy of
 * the origin's node states — the work done so far was done for both — while the quantities recorded at its nodes stay
 * with the origin, which keeps the rest. Refused for a cancelled or finished card, a stale version, or a quantity not
 * below the card's. The line's cards hold what they held before: a split moves quantity, it never makes any.
 */
export async function splitCard(tx: Db, auth: Auth, id: number, version: number, quantity: number): Promise<{ card: number; split: number }> {
  const card = await rowById(tx, cards, id, true);
  if (!card) throw notFound();
  if (card.version !== version) throw await staleVersion(tx, card);
  if (card.canceled) throw new ApiError(409, 'card_canceled');
  if (card.status === 'done') throw new ApiError(409, 'card_done');
  if (units(quantity) >= units(card.quantity)) {
    throw new ApiError(422, 'invalid_input', {}, { quantity: { key: 'split_too_large', params: { max: fromUnits(units(card.quantity)) } } });
  }
  const [last] = await rows<{ n: number | null }>(tx, sql`select max(seq) as n from cards where detail_id = ${card.detail_id as number}`);
  const [number] = await nextNumbers(tx, 'card_no_pattern', 1);
  const { id: _id, version: _v, rev: _r, created_at: _c, updated_at: _u, ...copied } = card;
  const [made] = await tx.insert(tableOf(cards)).values({
    ...copied, show_id: number, quantity, seq: Number(last?.n ?? 0) + 1, split_from_id: id, printed: 0,
    finished_quantity: 0, bad_quantity: 0, created_by: auth.accountId, updated_by: auth.accountId,
  }).returning();
  await recordHistoryBatch(tx, cards, 'create', [{ before: null, after: made! }], auth);
  await tx.execute(sql`insert into cardnodes (card_id, card_show_id, worknode_id, seq, status, started_at, finished_at,
      person_id, device_id, remark, created_by, updated_by)
    select ${made!.id as number}, ${number!}, worknode_id, seq, status, started_at, finished_at, person_id, device_id, remark,
      ${auth.accountId}, ${auth.accountId}
    from ${tableOf(cardnodes)} where card_id = ${id} and not canceled order by seq`);
  await systemUpdate(tx, cards, card, { quantity: fromUnits(units(card.quantity) - units(quantity)) }, auth);
  await refreshCards(tx, [id, made!.id as number]);
  return { card: id, split: made!.id as number };
}
