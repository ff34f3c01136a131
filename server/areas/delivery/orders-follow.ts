import { sql } from 'drizzle-orm';
import { orders } from '../../../src/domain/resources/orders/orders';
import { statusAfterDeliveryCancel, statusAfterShipping, type OrderStatus } from '../../../src/domain/rules/order-status';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { systemUpdate } from '../../resources/write-primitives';
import type { RowData } from '../../resources/behaviour-types';
import { contractsOfDetails, refreshContractSums } from '../sales/contract-sums';

/**
 * What shipping or cancelling a delivery does to its orders (docs/delivery.md "Orders follow").
 *
 * `details.delivered_quantity` moves by what the note's live lines took of each order line — up when shipped, down
 * when a shipped note is cancelled — as a value derived from the notes (a new change number, no new version, no
 * history: the note carries the why). The order's status follows the rules of src/domain/rules/order-status.ts, each
 * move written like a transition (a new version and a history entry naming who shipped or cancelled).
 */

/** Each order line's delivered quantity moved by `sign` × what the note's live lines took of it; the orders touched. */
export async function moveDelivered(tx: Db, deliveryId: number, sign: 1 | -1): Promise<number[]> {
  const taken = await rows<{ detail_id: number; order_id: number; q: string }>(tx, sql`
    select detail_id, max(order_id) as order_id, sum(quantity)::text as q from deliverylines
    where delivery_id = ${deliveryId} and not canceled group by detail_id order by detail_id`);
  if (taken.length === 0) return [];
  await rows(tx, sql`
    update details d set delivered_quantity = coalesce(d.delivered_quantity, 0) + x.q, rev = next_rev()
    from json_to_recordset(${JSON.stringify(taken.map(t => ({ id: Number(t.detail_id), q: sign * Number(t.q) })))}::json)
      as x(id int, q numeric)
    where d.id = x.id`);
  // Beside it, what the contracts of those lines have delivered (decision 261), rewritten from the notes.
  await refreshContractSums(tx, await contractsOfDetails(tx, taken.map(t => Number(t.detail_id))));
  return [...new Set(taken.map(t => Number(t.order_id)))];
}

/**
 * The orders' statuses after a shipping (`ship`: promote an order delivered in full) or a cancel (`cancel`: move a
 * shipped order no longer delivered in full back). Orders locked in id order.
 */
export async function followOrders(tx: Db, auth: Auth, orderIds: readonly number[], event: 'ship' | 'cancel'): Promise<void> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const locked = await rows<RowData>(tx, sql`select * from orders where id = any(${sql.param(ids)}::int[]) order by id for update`);
  const facts = await rows<{ id: number; lines: number | string; short: number | string; cards: number | string; open_cards: number | string }>(tx, sql`
    select o.id,
      (select count(*) from details d where d.order_id = o.id and not d.canceled) as lines,
      (select count(*) from details d where d.order_id = o.id and not d.canceled
        and coalesce(d.delivered_quantity, 0) < d.quantity) as short,
      (select count(*) from cards c where c.order_id = o.id and not c.canceled) as cards,
      (select count(*) from cards c where c.order_id = o.id and not c.canceled and c.status <> 'done') as open_cards
    from orders o where o.id = any(${sql.param(ids)}::int[])`);
  const byId = new Map(facts.map(f => [Number(f.id), f]));
  for (const order of locked) {
    if (order.canceled) continue;
    const f = byId.get(Number(order.id))!;
    const inFull = Number(f.lines) > 0 && Number(f.short) === 0;
    const status = order.status as OrderStatus;
    const next = event === 'ship'
      ? statusAfterShipping(status, inFull)
      : statusAfterDeliveryCancel(status, inFull, Number(f.cards) > 0 && Number(f.open_cards) === 0);
    if (next !== status) await systemUpdate(tx, orders, order, { status: next }, auth);
  }
}
