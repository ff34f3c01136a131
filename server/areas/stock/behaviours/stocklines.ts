import { sql } from 'drizzle-orm';
import { placeKey, type StockDocKind } from '../../../../src/domain/rules/stock';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { assertDraft } from './stockdocs';
import { refreshDocQuantity } from '../post';
import { prepareCheckinLines, type CheckinLine } from '../../delivery/checkin-rules';
import { preparePackLines, type PackLine } from '../../delivery/packing-rules';

/**
 * The server rules of `stocklines` (docs/stock.md), for every row of a save or an import at once:
 * - a line is written, cancelled or moved to another document only while its document (and the other) is a draft;
 * - numbered after the document's last line (its code `<document no.>-<n>`); the unit is its item's; a line naming a process card takes the card's
 *   number as its lot; semi-finished goods in need the card;
 * - the quantity is above zero, but for a count, whose quantity is what was counted (zero: none found); a count of one
 *   storeroom takes lines of its positions only;
 * - a count line notes the book of its place when it is written (`book_quantity`): posting adds the difference from
 *   that, so goods moved after the count do not make a false difference;
 * - a check-in line is a card's lot within its good quantity, a packing line goes into an open package
 *   (server/areas/delivery/checkin-rules.ts, packing-rules.ts; docs/delivery.md);
 * - the document's quantity is the sum of its live lines.
 */
export const stocklinesBehaviour: Behaviour = {
  async prepareMany(tx, { rows: written, rowError }) {
    const docIds = [...new Set(written.map(r => (r.values.doc_id ?? r.before?.doc_id) as number))];
    const docs = await byId(tx, 'stockdocs', docIds);
    for (const r of written) if (r.before) assertDraft(docs.get(r.before.doc_id as number) ?? {});
    const items = await byId(tx, 'items', written.map(r => (r.values.item_id ?? r.before?.item_id) as number));
    const cardIds = written.map(r => (r.values.card_id ?? r.before?.card_id) as number | null).filter((id): id is number => id != null);
    const cards = await byId(tx, 'cards', cardIds);
    // A count of one storeroom (`room_id`) counts only its positions.
    const scoped = [...docs.values()].some(d => d.kind === 'count' && d.room_id != null);
    const places = scoped ? await byId(tx, 'warepositions', written.map(r => (r.values.position_id ?? r.before?.position_id) as number | null)
      .filter((id): id is number => id != null)) : new Map<number, RowData>();
    const last = new Map<number, number>();
    for (const row of await rows<{ doc_id: number; n: number | null }>(tx, sql`
      select doc_id, max(line_no) as n from stocklines where doc_id = any(${sql.param(docIds)}::int[]) group by doc_id`)) {
      last.set(Number(row.doc_id), Number(row.n ?? 0));
    }
    const out: RowData[] = [];
    /** The count lines of the batch: where in `out`, and their place's key. */
    const counted: { at: number; key: string }[] = [];
    const checkins: CheckinLine[] = [];
    const packs: PackLine[] = [];
    for (const [i, r] of written.entries()) {
      const v = { ...r.values };
      const merged = { ...r.before, ...v };
      const doc = docs.get(merged.doc_id as number);
      if (!doc) throw rowError(i, new ApiError(404, 'not_found'));
      try {
        assertDraft(doc);
      } catch (e) {
        throw rowError(i, e as ApiError);
      }
      const kind = doc.kind as StockDocKind;
      if (kind !== 'count' && Number(merged.quantity) <= 0) throw rowError(i, new ApiError(422, 'stock_line_quantity'));
      if (!r.before) {
        const n = (last.get(doc.id as number) ?? 0) + 1;
        last.set(doc.id as number, n);
        v.line_no = n;
        v.code = `${String(doc.show_id ?? doc.id)}-${n}`;
      }
      if ('item_id' in v || !r.before) v.unit = items.get(merged.item_id as number)?.unit ?? null;
      const card = merged.card_id == null ? undefined : cards.get(merged.card_id as number);
      if (card && !merged.lot) v.lot = card.show_id;
      if (kind === 'in_temp' && !card) throw rowError(i, new ApiError(422, 'stock_in_temp_card'));
      if (kind === 'count' && doc.room_id != null) {
        const at = merged.position_id == null ? undefined : places.get(merged.position_id as number);
        if (at?.room_id !== doc.room_id) throw rowError(i, new ApiError(422, 'stock_count_out_of_scope'));
      }
      if (kind === 'count') {
        counted.push({ at: out.length, key: placeKey({
          item_id: merged.item_id as number, warehouse_id: doc.warehouse_id as number, position_id: (merged.position_id ?? null) as number | null,
          status_id: (merged.status_id ?? null) as number | null, lot: String(v.lot ?? merged.lot ?? ''),
          package_id: (merged.package_id ?? null) as number | null,
        }) });
      }
      if (v.lot === undefined && !r.before) v.lot = '';
      if (kind === 'checkin') checkins.push({ index: i, doc_id: doc.id as number, id: r.before ? Number(r.before.id) : null, values: v, merged });
      if (kind === 'pack') packs.push({ index: i, doc, values: v, merged });
      out.push(v);
    }
    await prepareCheckinLines(tx, checkins, new Map([...docs.values()].map(d => [Number(d.id), Number(d.warehouse_id)])), rowError);
    await preparePackLines(tx, packs, rowError);
    // The count lines' books, read in one query for the whole save or import batch (a place never moved: 0).
    if (counted.length) {
      const books = new Map<string, number>();
      for (const b of await rows<{ place_key: string; q: string }>(tx, sql`
        select place_key, quantity::text as q from stocklots where place_key = any(${sql.param([...new Set(counted.map(c => c.key))])}::text[])`)) {
        books.set(b.place_key, Number(b.q));
      }
      for (const c of counted) out[c.at]!.book_quantity = books.get(c.key) ?? 0;
    }
    return out;
  },

  async afterWriteMany(tx, { changes }) {
    const docIds = new Set<number>();
    for (const c of changes) {
      if (c.before) docIds.add(c.before.doc_id as number);
      if (c.after) docIds.add(c.after.doc_id as number);
    }
    const docs = await byId(tx, 'stockdocs', [...docIds]);
    // A cancel or a move of a line away from its document changes that document too: both must be drafts.
    for (const d of docs.values()) assertDraft(d);
    await refreshDocQuantity(tx, [...docIds]);
  },
};

/** Rows of a table by id (the columns every rule here reads). */
async function byId(tx: Db, table: 'stockdocs' | 'items' | 'cards' | 'warepositions' | 'warerooms', ids: readonly number[]): Promise<Map<number, RowData>> {
  const unique = [...new Set(ids.filter(id => id != null))];
  if (unique.length === 0) return new Map();
  const found = await rows<RowData>(tx, sql`select * from ${sql.identifier(table)} where id = any(${sql.param(unique)}::int[])`);
  return new Map(found.map(r => [Number(r.id), r]));
}
