import { sql } from 'drizzle-orm';
import { fromUnits, lineAmount, units } from '../../../../src/domain/rules/numbers';
import { rows, type Db } from '../../../db/connection';
import { ApiError, notFound } from '../../../lib/api-error';
import { deliveries as deliveriesDef } from '../../../../src/domain/resources/delivery/deliveries';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { assertDeliverable, LeftToDeliver, orderLinesFor, type OrderLine } from '../order-lines';
import { assertSameParent, ownParents, rowsById } from '../rows';
import { assertDeliveryDraft, refreshDeliverySums } from './deliveries';

/**
 * The server rules of `deliverylines` (docs/delivery.md "Deliveries"), for every row of a save or an import at once:
 * - a line is written or cancelled only while its note is a draft, and never moves to another note;
 * - it names a live line of a deliverable order of the note's customer; its order, item, unit and property columns are
 *   that line's, and so is its price unless one is given (the price stays editable);
 * - a line naming a process card takes the card's number as its lot, and the card must be of the line's item; a
 *   card taken off a line takes its lot with it;
 * - a line naming a package takes as its quantity what the package holds of the line's item in the note's warehouse
 *   (422 when it holds none of it): the package goes whole;
 * - its quantity is above zero and within what is left to deliver of the order line (order-lines.ts); its secondary
 *   and third quantities, when not given, are the order line's in proportion;
 * - amount = quantity × price at 4 decimals; its code is `<note no.>-<line no.>`;
 * - the note's quantity and amount are the sums of its live lines.
 */
export const deliverylinesBehaviour: Behaviour = {
  async prepareMany(tx, { auth, rows: written, rowError }) {
    written.forEach((r, i) => {
      try {
        assertSameParent(r.before, r.values, 'delivery_id');
        if (r.before?.canceled) throw new ApiError(409, 'already_canceled');
      } catch (e) {
        throw rowError(i, e);
      }
    });
    const deliveryOf = (r: typeof written[number]) => Number(r.before?.delivery_id ?? r.values.delivery_id);
    const merged = written.map(r => ({ ...r.before, ...r.values }));
    // Locked: the lines of one note are numbered, and its sums kept, by one writer at a time.
    const deliveries = await ownParents(tx, auth, deliveriesDef, await rowsById(tx, 'deliveries', written.map(deliveryOf), true));
    const lines = await orderLinesFor(tx, merged.map(m => Number(m.detail_id)),
      { deliveryLines: written.flatMap(r => (r.before ? [r.before.id as number] : [])) });
    const left = new LeftToDeliver(lines);
    const cards = await rowsById(tx, 'cards', merged.map(m => m.card_id as number | null));
    const packages = await rowsById(tx, 'packages', merged.map(m => m.package_id as number | null));
    const held = await packageHoldings(tx, written.flatMap((r, i) => {
      const m = merged[i]!;
      const d = deliveries.get(deliveryOf(r));
      const line = lines.get(Number(m.detail_id));
      return m.package_id != null && d && line ? [{ package_id: Number(m.package_id), item_id: line.item_id, warehouse_id: Number(d.warehouse_id) }] : [];
    }));
    const last = new Map<number, number>();
    for (const row of await rows<{ delivery_id: number; n: number | null }>(tx, sql`
      select delivery_id, max(line_no) as n from deliverylines where delivery_id = any(${sql.param([...deliveries.keys()])}::int[])
      group by delivery_id`)) last.set(Number(row.delivery_id), Number(row.n ?? 0));

    return written.map((r, i): RowData => {
      try {
        const delivery = deliveries.get(deliveryOf(r));
        if (!delivery) throw notFound();
        assertDeliveryDraft(delivery);
        const m = merged[i]!;
        const line = assertDeliverable(left.line(Number(m.detail_id)), Number(delivery!.customer_id));
        const out = { ...r.values };
        const fresh = !r.before || 'detail_id' in r.values;
        if (fresh) {
          Object.assign(out, { order_id: line.order_id, item_id: line.item_id, unit: line.unit, props: line.props ?? null });
          if (r.values.price === undefined || r.values.price === null) out.price = line.price;
        }
        if (m.card_id != null && (!r.before || 'card_id' in r.values || fresh)) {
          const card = cards.get(Number(m.card_id));
          if (card && Number(card.item_id) !== line.item_id) {
            const params = { card: String(card.show_id ?? card.id) };
            throw new ApiError(422, 'delivery_card_other_item', params, { card_id: { key: 'delivery_card_other_item', params } });
          }
          if (card) out.lot = card.show_id;
        }
        // The card is the lot's source: a card taken off a line takes its lot with it (unless a lot is given), so the
        // shipping never picks the lot of a card the line no longer names.
        if (r.before?.card_id != null && 'card_id' in r.values && r.values.card_id == null && r.values.lot === undefined) out.lot = '';
        if (m.package_id != null) {
          const q = held.get(holdingKey(Number(m.package_id), line.item_id, Number(delivery!.warehouse_id))) ?? 0;
          if (q <= 0) {
            const pkg = packages.get(Number(m.package_id));
            const params = { package: String(pkg?.show_id ?? m.package_id) };
            throw new ApiError(422, 'delivery_package_without_item', params, { package_id: { key: 'delivery_package_without_item', params } });
          }
          out.quantity = fromUnits(q);
        }
        const quantity = units(out.quantity ?? m.quantity);
        if (quantity <= 0) throw new ApiError(422, 'delivery_quantity', {}, { quantity: { key: 'delivery_quantity' } });
        left.take(line, quantity);
        const quantityChanged = fresh || 'quantity' in out;
        if (quantityChanged && r.values.quantity2 === undefined) out.quantity2 = inProportion(line, line.quantity2, quantity);
        if (quantityChanged && r.values.quantity3 === undefined) out.quantity3 = inProportion(line, line.quantity3, quantity);
        const price = out.price !== undefined ? out.price : m.price;
        out.amount = lineAmount(fromUnits(quantity), price == null ? null : Number(price));
        if (!r.before) {
          const n = (last.get(Number(delivery!.id)) ?? 0) + 1;
          last.set(Number(delivery!.id), n);
          out.line_no = n;
          out.code = `${String(delivery!.show_id ?? delivery!.id)}-${n}`;
          if (out.lot === undefined) out.lot = '';
        }
        return out;
      } catch (e) {
        throw rowError(i, e);
      }
    });
  },

  async afterWriteMany(tx, { action, changes, rowError }) {
    const ids = [...new Set(changes.flatMap(c => [c.before?.delivery_id, c.after?.delivery_id]).filter(v => v != null).map(Number))];
    if (action === 'cancel') {
      const deliveries = await rowsById(tx, 'deliveries', ids);
      changes.forEach((c, i) => {
        try {
          assertDeliveryDraft(deliveries.get(Number(c.before!.delivery_id)));
        } catch (e) {
          throw rowError(i, e);
        }
      });
    }
    await refreshDeliverySums(tx, ids);
  },
};

/** The order line's secondary (or third) quantity in proportion to the quantity delivered, 4 decimals; none: none. */
function inProportion(line: OrderLine, ofLine: number | null, quantity: number): number | null {
  if (ofLine == null || line.quantity <= 0) return null;
  return Math.round((ofLine * quantity) / line.quantity * 10_000) / 10_000;
}

const holdingKey = (pkg: number, item: number, warehouse: number) => `${pkg}:${item}:${warehouse}`;

/** What each package holds of each item in a warehouse, in units (places with stock only). */
async function packageHoldings(tx: Db, wanted: readonly { package_id: number; item_id: number; warehouse_id: number }[]): Promise<Map<string, number>> {
  if (wanted.length === 0) return new Map();
  const found = await rows<{ package_id: number; item_id: number; warehouse_id: number; q: string }>(tx, sql`
    select package_id, item_id, warehouse_id, sum(quantity)::text as q from stocklots
    where package_id = any(${sql.param([...new Set(wanted.map(w => w.package_id))])}::int[]) and quantity > 0
    group by package_id, item_id, warehouse_id`);
  return new Map(found.map(r => [holdingKey(Number(r.package_id), Number(r.item_id), Number(r.warehouse_id)), units(r.q)]));
}
