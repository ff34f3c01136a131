import { sql } from 'drizzle-orm';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import { stocklines } from '../../../src/domain/resources/warehouse/stocklines';
import { localDateString } from '../../../src/domain/rules/date-single';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { assertOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { validateMany } from '../../resources/validate';
import { createMany, insertValidated } from '../../resources/write-many';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { postDoc } from '../stock/post';
import { assertDeliveryDraft } from './behaviours/deliveries';
import { assertDeliverable, orderLinesFor } from './order-lines';
import { followOrders, moveDelivered } from './orders-follow';

/** A place of stock as the shipping reads it; quantities in units. */
interface Place {
  id: number;
  item_id: number;
  position_id: number | null;
  status_id: number | null;
  lot: string;
  card_id: number | null;
  package_id: number | null;
  quantity: number;
  quantity2: number | null;
  /** What this shipping has not taken of it yet. */
  left: number;
}

/** A check-out line: what is taken of one place. */
type TakeLine = Record<string, unknown>;

/**
 * Ships a draft delivery note (`POST /deliveries/ship/`, docs/delivery.md "Shipping"), in the caller's transaction:
 * 1. the note locked at its version, the caller's (row scope), a draft; its live lines (none: 422);
 * 2. every line's order line still deliverable to the note's customer, and what the note takes of each within what is
 *    left after what shipped notes delivered (the order line may have been cut since);
 * 3. where the goods come from, in the note's warehouse (`pick` below): a package line takes every place of the package
 *    holding the line's item (its quantity must still be what the package holds), a lot line the lot's loose places;
 *    a line naming neither is not picked (422);
 * 4. a `checkout` stock document (its `delivery_id` the note) with one line per place taken, posted with postDoc in
 *    this transaction — a place short of stock refuses the whole shipping with postDoc's `stock_negative`, and nothing
 *    is written;
 * 5. the note shipped (who, when, its check-out), the order lines' delivered quantities up, the orders delivered in full
 *    shipped; the packages the check-out emptied are made shipped by the posting's own package refresh (step 4,
 *    package-state.ts: the one writer of a package's derived status).
 * `at` is when it takes effect: now, but for the demo's history (server/seed/delivery.ts), as postDoc's.
 */
export async function shipDelivery(tx: Db, auth: Auth, id: number, version: number, at = new Date()): Promise<{ delivery: RowData; stockdocId: number; movements: number }> {
  const delivery = await rowById(tx, deliveries, id, true);
  if (!delivery) throw notFound();
  await assertOwnRow(tx, auth, deliveries, delivery);
  if (delivery.version !== version) throw await staleVersion(tx, delivery);
  assertDeliveryDraft(delivery);
  const lines = await rows<RowData>(tx, sql`select * from deliverylines where delivery_id = ${id} and not canceled order by line_no, id`);
  if (lines.length === 0) throw new ApiError(422, 'delivery_empty');

  const orderLines = await orderLinesFor(tx, lines.map(l => Number(l.detail_id)));
  const taking = new Map<number, number>();
  for (const l of lines) {
    const line = assertDeliverable(orderLines.get(Number(l.detail_id)), Number(delivery.customer_id));
    const total = (taking.get(line.id) ?? 0) + units(l.quantity);
    taking.set(line.id, total);
    if (total > line.quantity - line.delivered) {
      throw new ApiError(422, 'delivery_over_order', {
        line: line.code, left: fromUnits(Math.max(0, line.quantity - line.delivered)), wanted: fromUnits(total),
      });
    }
  }

  const takes = await pick(tx, delivery, lines);
  const [head] = await validateMany(tx, stockdocs, [{
    kind: 'checkout', warehouse_id: delivery.warehouse_id, customer_id: delivery.customer_id, date: localDateString(at),
    remark: String(delivery.show_id ?? ''),
  }], 'create');
  const [doc] = await insertValidated(tx, stockdocs, [{ ...head, delivery_id: id }], auth);
  const docId = Number(doc!.id);
  await createMany(tx, stocklines, takes.map(t => ({ ...t, doc_id: docId })), auth);
  const written = await rowById(tx, stockdocs, docId);
  const { movements } = await postDoc(tx, auth, docId, Number(written!.version), at);

  const after = await systemUpdate(tx, deliveries, delivery, {
    status: 'shipped', shipped_at: at, shipped_by: auth.accountId, stockdoc_id: docId,
  }, auth);
  await followOrders(tx, auth, await moveDelivered(tx, id, 1), 'ship');
  return { delivery: after, stockdocId: docId, movements };
}

/** The check-out lines of the note's lines: one per place taken, each naming the delivery line it serves. */
async function pick(tx: Db, delivery: RowData, lines: readonly RowData[]): Promise<TakeLine[]> {
  const warehouse = Number(delivery.warehouse_id);
  const packageIds = [...new Set(lines.filter(l => l.package_id != null).map(l => Number(l.package_id)))];
  const lots = [...new Set(lines.filter(l => l.package_id == null && l.lot).map(l => String(l.lot)))];
  const seen = new Set<string>();
  for (const l of lines) {
    if (l.package_id == null) continue;
    const key = `${String(l.package_id)}:${String(l.item_id)}`;
    if (seen.has(key)) throw new ApiError(422, 'delivery_package_twice', { package: await packageNo(tx, Number(l.package_id)) });
    seen.add(key);
  }
  const places = await rows<Record<string, unknown>>(tx, sql`
    select id, item_id, position_id, status_id, coalesce(lot, '') as lot, card_id, package_id, quantity::text as q,
      quantity2::float8 as q2
    from stocklots
    where warehouse_id = ${warehouse} and quantity > 0
      and (package_id = any(${sql.param(packageIds)}::int[]) or (package_id is null and lot = any(${sql.param(lots)}::text[])))
    order by quantity desc, id`);
  const all: Place[] = places.map(p => ({
    id: Number(p.id), item_id: Number(p.item_id), position_id: p.position_id == null ? null : Number(p.position_id),
    status_id: p.status_id == null ? null : Number(p.status_id), lot: String(p.lot), card_id: p.card_id == null ? null : Number(p.card_id),
    package_id: p.package_id == null ? null : Number(p.package_id), quantity: units(p.q), quantity2: p.q2 == null ? null : Number(p.q2),
    left: units(p.q),
  }));

  const out: TakeLine[] = [];
  for (const l of lines) {
    const item = Number(l.item_id);
    const want = units(l.quantity);
    if (l.package_id != null) {
      const inPackage = all.filter(p => p.package_id === Number(l.package_id) && p.item_id === item);
      const held = inPackage.reduce((s, p) => s + p.left, 0);
      if (held !== want) {
        throw new ApiError(409, 'delivery_package_changed', {
          package: await packageNo(tx, Number(l.package_id)), held: fromUnits(held), wanted: fromUnits(want),
        });
      }
      for (const p of inPackage) out.push(take(p, p.left, l));
      continue;
    }
    if (!l.lot) throw new ApiError(422, 'delivery_line_unpicked', { line: String(l.code ?? l.line_no) });
    const candidates = all.filter(p => p.package_id === null && p.item_id === item && p.lot === l.lot && p.left > 0
      && (l.position_id == null || p.position_id === Number(l.position_id))
      && (l.status_id == null || p.status_id === Number(l.status_id)));
    let rest = want;
    const taken: { place: Place; q: number }[] = [];
    for (const p of candidates) {
      if (rest === 0) break;
      const q = Math.min(p.left, rest);
      taken.push({ place: p, q });
      rest -= q;
    }
    if (rest > 0) {
      // Not enough of the lot there: the rest is asked of the fullest place (or of the line's own place when the lot
      // lies nowhere), so postDoc refuses the shipping with `stock_negative`, naming the item, what is there and what
      // was wanted.
      if (taken.length > 0) taken[0]!.q += rest;
      else {
        out.push({
          item_id: item, position_id: l.position_id ?? null, status_id: l.status_id ?? null, lot: String(l.lot), card_id: l.card_id ?? null,
          quantity: fromUnits(rest), remark: String(l.code ?? ''),
        });
        continue;
      }
    }
    for (const t of taken) out.push(take(t.place, t.q, l));
  }
  return out;
}

/** A check-out line taking `q` units of a place for delivery line `l` (its secondary quantity in proportion). */
function take(p: Place, q: number, l: RowData): TakeLine {
  p.left -= Math.min(q, p.left);
  const q2 = p.quantity2 == null || p.quantity === 0 ? null : Math.round((p.quantity2 * q) / p.quantity * 10_000) / 10_000;
  return {
    item_id: p.item_id, position_id: p.position_id, status_id: p.status_id, lot: p.lot, card_id: p.card_id ?? l.card_id ?? null,
    package_id: p.package_id, quantity: fromUnits(q), quantity2: q2 === null || q2 <= 0 ? null : q2, remark: String(l.code ?? ''),
  };
}

async function packageNo(tx: Db, id: number): Promise<string> {
  const [p] = await rows<{ show_id: string | null }>(tx, sql`select show_id from packages where id = ${id}`);
  return String(p?.show_id ?? id);
}
