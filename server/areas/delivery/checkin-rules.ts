import { sql } from 'drizzle-orm';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import type { RowError } from '../../auth/row-scope';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';

/**
 * The rules of finished goods check-in (`stockdocs` kind `checkin`, docs/delivery.md "Check-in", decision 196):
 * - a check-in goes into a finished goods warehouse (`warehouses.kind = 'finished'`);
 * - each line is a process card's lot: the card is required and live, the line's item is the card's item and its lot
 *   the card's number, its location one of the document's warehouse;
 * - a card is never checked in beyond its good quantity (`cards.finished_quantity`): what posted, uncancelled check-ins
 *   took of it, plus this document's live lines of it, is at most that — checked when lines are written (against the
 *   posted check-ins, so a draft that can never post is refused early) and again at posting with the cards' rows
 *   locked in id order, so of two check-ins of a card's last good units posted at once one posts and the other is
 *   refused with what is left (422 `checkin_over_good`). A card may be checked in over several documents.
 */

/** A card as the rules read it. */
interface CardRow { id: number; show_id: string; item_id: number | null; canceled: boolean; good: number }

/** The warehouse of a check-in must be a finished goods store. */
export async function assertFinishedStore(tx: Db, warehouseId: number | null | undefined): Promise<void> {
  if (warehouseId == null) return;
  const [w] = await rows<{ kind: string | null }>(tx, sql`select kind from warehouses where id = ${warehouseId}`);
  if (w && w.kind !== 'finished') {
    throw new ApiError(422, 'checkin_not_finished_store', {}, { warehouse_id: { key: 'checkin_not_finished_store' } });
  }
}

/** The cards' rows, optionally locked `for update` (in id order, so two postings queue instead of deadlocking). */
async function cardsById(tx: Db, ids: readonly number[], lock: boolean): Promise<Map<number, CardRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const found = await rows<{ id: number; show_id: string; item_id: number | null; canceled: boolean; good: string | null }>(tx, sql`
    select id, show_id, item_id, canceled, finished_quantity::text as good from cards
    where id = any(${sql.param(unique)}::int[]) order by id ${lock ? sql`for update` : sql``}`);
  return new Map(found.map(c => [Number(c.id), {
    id: Number(c.id), show_id: c.show_id, item_id: c.item_id == null ? null : Number(c.item_id), canceled: !!c.canceled,
    good: units(c.good ?? 0),
  }]));
}

/** What posted, uncancelled check-ins (other than `exceptDoc`) took of each card, in units. */
export async function checkedIn(tx: Db, cardIds: readonly number[], exceptDoc: number | null = null): Promise<Map<number, number>> {
  const unique = [...new Set(cardIds)];
  if (unique.length === 0) return new Map();
  const found = await rows<{ card_id: number; q: string }>(tx, sql`
    select l.card_id, sum(l.quantity)::text as q from stocklines l join stockdocs d on d.id = l.doc_id
    where l.card_id = any(${sql.param(unique)}::int[]) and not l.canceled and d.kind = 'checkin' and d.status = 'posted'
      and not d.canceled and d.id is distinct from ${exceptDoc}::int
    group by l.card_id`);
  return new Map(found.map(r => [Number(r.card_id), units(r.q)]));
}

const overGood = (card: CardRow, left: number, done: number) => new ApiError(422, 'checkin_over_good',
  { card: card.show_id, left: fromUnits(Math.max(0, left)), good: fromUnits(card.good), done: fromUnits(done) },
  { quantity: { key: 'checkin_over_good', params: { card: card.show_id, left: fromUnits(Math.max(0, left)), good: fromUnits(card.good), done: fromUnits(done) } } },
  { card_id: card.id, left: fromUnits(Math.max(0, left)) });

/** One check-in line of a write, as the batch check reads it. */
export interface CheckinLine {
  /** Its place in the write (for the row's error). */
  index: number;
  doc_id: number;
  /** The stored line's id on an update (its old quantity is replaced, not added to). */
  id: number | null;
  /** The values being written (changed in place: item and lot from the card). */
  values: RowData;
  merged: RowData;
}

/**
 * The check-in lines of one write (a save, an import batch, the check-in screen's document): each names a live card,
 * takes its item and lot, its location is one of its document's warehouse (`docWarehouse`), and the lines of each
 * document and card stay within the card's good quantity less what posted check-ins took.
 */
export async function prepareCheckinLines(tx: Db, lines: readonly CheckinLine[], docWarehouse: ReadonlyMap<number, number>,
  rowError: RowError): Promise<void> {
  if (lines.length === 0) return;
  const cards = await cardsById(tx, lines.map(l => l.merged.card_id as number).filter(id => id != null), false);
  const positionIds = lines.map(l => l.merged.position_id as number | null).filter((id): id is number => id != null);
  const positions = new Map(positionIds.length === 0 ? [] : (await rows<{ id: number; warehouse_id: number }>(tx, sql`
    select id, warehouse_id from warepositions where id = any(${sql.param([...new Set(positionIds)])}::int[])`))
    .map(p => [Number(p.id), Number(p.warehouse_id)]));
  const itemIds = [...new Set([...cards.values()].map(c => c.item_id).filter((id): id is number => id !== null))];
  const itemUnits = new Map(itemIds.length === 0 ? [] : (await rows<{ id: number; unit: string | null }>(tx, sql`
    select id, unit from items where id = any(${sql.param(itemIds)}::int[])`)).map(i => [Number(i.id), i.unit]));
  for (const l of lines) {
    const cardId = l.merged.card_id as number | null | undefined;
    const card = cardId == null ? undefined : cards.get(cardId);
    if (!card) throw rowError(l.index, new ApiError(422, 'checkin_card', {}, { card_id: { key: 'checkin_card' } }));
    if (card.canceled || card.item_id === null) {
      throw rowError(l.index, new ApiError(422, 'checkin_card_canceled', { card: card.show_id }, { card_id: { key: 'checkin_card' } }));
    }
    l.values.item_id = card.item_id;
    l.values.unit = itemUnits.get(card.item_id) ?? null;
    l.values.lot = card.show_id;
    const at = l.merged.position_id as number | null | undefined;
    if (at != null && positions.get(at) !== docWarehouse.get(l.doc_id)) {
      throw rowError(l.index, new ApiError(422, 'checkin_position_elsewhere', {}, { position_id: { key: 'checkin_position_elsewhere' } }));
    }
  }
  // The documents' other live lines of these cards (the lines rewritten here count at their new quantity).
  const rewritten = lines.map(l => l.id).filter((id): id is number => id !== null);
  const docIds = [...new Set(lines.map(l => l.doc_id))];
  const others = new Map<string, number>();
  for (const r of await rows<{ doc_id: number; card_id: number; q: string }>(tx, sql`
    select doc_id, card_id, sum(quantity)::text as q from stocklines
    where doc_id = any(${sql.param(docIds)}::int[]) and card_id = any(${sql.param([...cards.keys()])}::int[]) and not canceled
      and not (id = any(${sql.param(rewritten)}::int[]))
    group by doc_id, card_id`)) {
    others.set(`${r.doc_id}:${r.card_id}`, units(r.q));
  }
  const done = await checkedIn(tx, [...cards.keys()]);
  for (const l of lines) {
    const card = cards.get(l.merged.card_id as number)!;
    const key = `${l.doc_id}:${card.id}`;
    const before = (done.get(card.id) ?? 0) + (others.get(key) ?? 0);
    const q = units(l.merged.quantity);
    if (before + q > card.good) throw rowError(l.index, overGood(card, card.good - before, done.get(card.id) ?? 0));
    others.set(key, (others.get(key) ?? 0) + q);
  }
}

/**
 * At posting: the document's cards locked, and each card's lines in it within its good quantity less what the other
 * posted check-ins took (read after the lock: a check-in of the same card posted meanwhile is counted).
 */
export async function assertCheckinWithinGood(tx: Db, docId: number, lines: readonly { id: number; card_id: number | null; quantity: number }[]): Promise<void> {
  const missing = lines.find(l => l.card_id === null);
  if (missing) throw new ApiError(422, 'checkin_card', {}, {}, { line_id: missing.id });
  const cards = await cardsById(tx, lines.map(l => l.card_id!), true);
  const done = await checkedIn(tx, [...cards.keys()], docId);
  const mine = new Map<number, number>();
  for (const l of lines) {
    const card = cards.get(l.card_id!);
    if (!card || card.canceled) throw new ApiError(422, 'checkin_card_canceled', { card: card?.show_id ?? `#${l.card_id}` }, {}, { line_id: l.id });
    const before = (done.get(card.id) ?? 0) + (mine.get(card.id) ?? 0);
    const q = units(l.quantity);
    if (before + q > card.good) {
      const e = overGood(card, card.good - before, done.get(card.id) ?? 0);
      throw new ApiError(e.status, e.key, e.params, {}, { ...e.extra, line_id: l.id });
    }
    mine.set(card.id, (mine.get(card.id) ?? 0) + q);
  }
}
