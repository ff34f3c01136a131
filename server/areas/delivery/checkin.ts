import { sql } from 'drizzle-orm';
import type { CheckinCard, CheckinSaveParams, StockDocPostedReply } from '../../../src/domain/contract/packing';
import { cards } from '../../../src/domain/resources/orders/cards';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import { stocklines } from '../../../src/domain/resources/warehouse/stocklines';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { assertCreate } from '../../auth/permissions';
import { isOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import { createMany } from '../../resources/write-many';
import { rowById } from '../production/rows';
import { postDoc } from '../stock/post';
import { checkedIn } from './checkin-rules';

/**
 * The check-in screen's two calls (docs/delivery.md "Check-in", decision 196): a scanned card's figures, and the
 * scanned cards written as one check-in document and posted in one transaction.
 */

/** A live card by its number, with what is left of its good quantity to check in; 404 when none (or not the caller's). */
export async function checkinCardOf(db: Db, auth: Auth, code: string): Promise<CheckinCard> {
  const [c] = await rows<Record<string, unknown>>(db, sql`
    select c.id, c.show_id, c.order_id, coalesce(c.order_show_id, o.show_id) as order_show_id, cu.name as customer,
      coalesce(c.item_id, d.item_id) as item_id, i.code as item_code, i.name as item_name, i.spec as item_spec,
      coalesce(c.unit, d.unit, i.unit) as unit, c.status, coalesce(c.finished_quantity, 0)::text as good, c.canceled
    from cards c left join details d on d.id = c.detail_id left join orders o on o.id = coalesce(c.order_id, d.order_id)
      left join customers cu on cu.id = o.customer_id left join items i on i.id = coalesce(c.item_id, d.item_id)
    where c.show_id = ${code}
    order by c.canceled, c.id desc limit 1`);
  if (!c || !(await isOwnRow(db, auth, cards, { id: c.id, order_id: c.order_id }))) throw new ApiError(404, 'checkin_card_unknown', { card: code });
  if (c.canceled || c.item_id == null) throw new ApiError(422, 'checkin_card_canceled', { card: code });
  const id = Number(c.id);
  const done = (await checkedIn(db, [id])).get(id) ?? 0;
  const good = units(c.good);
  return {
    card_id: id, show_id: String(c.show_id), order_show_id: (c.order_show_id ?? null) as string | null,
    customer: (c.customer ?? null) as string | null, item_id: Number(c.item_id), item_code: (c.item_code ?? null) as string | null,
    item_name: (c.item_name ?? null) as string | null, item_spec: (c.item_spec ?? null) as string | null,
    unit: (c.unit ?? null) as string | null, status: (c.status ?? null) as string | null,
    good: fromUnits(good), checked_in: fromUnits(done), left: fromUnits(Math.max(0, good - done)),
  };
}

/** A refusal of the `index`-th line, its field errors named `lines.<index>.<field>` and the line in the reply. */
export function lineError(index: number, e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  const prefixed = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`lines.${index}.${k}`, v]));
  return new ApiError(e.status, e.key, e.params, prefixed, { ...e.extra, line: index });
}

/**
 * The check-in of scanned cards: a `checkin` document of the warehouse (and location) with one line per card — its
 * item and lot the card's (checkin-rules.ts) — written through the generic writes (every rule of a save holds) and
 * posted (the cards locked and their good quantities checked again), all in the caller's transaction.
 */
export async function saveCheckin(tx: Db, auth: Auth, p: CheckinSaveParams): Promise<StockDocPostedReply> {
  assertCreate(auth, stockdocs);
  assertCreate(auth, stocklines);
  const ids = [...new Set(p.lines.map(l => l.card_id))];
  const found = new Map((await rows<{ id: number; item_id: number | null; show_id: string }>(tx, sql`
    select c.id, coalesce(c.item_id, d.item_id) as item_id, c.show_id from cards c left join details d on d.id = c.detail_id
    where c.id = any(${sql.param(ids)}::int[])`)).map(c => [Number(c.id), c]));
  for (const [i, l] of p.lines.entries()) {
    if (!found.has(l.card_id)) throw lineError(i, new ApiError(422, 'checkin_card_unknown', { card: `#${l.card_id}` }, { card_id: { key: 'checkin_card' } }));
  }
  const [doc] = await createMany(tx, stockdocs, [{
    kind: 'checkin', warehouse_id: p.warehouse_id, date: p.date ?? null, remark: p.remark ?? null,
  }], auth);
  const docId = Number(doc!.id);
  await createMany(tx, stocklines, p.lines.map(l => ({
    doc_id: docId, card_id: l.card_id, item_id: found.get(l.card_id)!.item_id, quantity: l.quantity,
    position_id: l.position_id ?? p.position_id ?? null,
  })), auth, lineError);
  const draft = (await rowById(tx, stockdocs, docId))!;
  const { doc: posted, movements } = await postDoc(tx, auth, docId, Number(draft.version));
  return { msg: 'OK', id: docId, show_id: String(posted.show_id), version: Number(posted.version), movements };
}
