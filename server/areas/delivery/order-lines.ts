import { sql } from 'drizzle-orm';
import type { MessageKey } from '../../../src/domain/messages/catalog';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import type { OrderStatus } from '../../../src/domain/rules/order-status';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';

/**
 * An order line as the delivery documents see it (docs/delivery.md "What is left to deliver"): its order, customer and
 * what of it is delivered or held. Quantities in whole 1/10 000 units.
 *
 * What is left to deliver of a line = its quantity − what shipped deliveries took (`delivered_quantity`) − what is held:
 * the live lines of requests still `requested` and of draft delivery notes (neither cancelled). A request accepted has
 * handed its hold to the draft note made of it; a note shipped has turned it into delivered. A request line or a
 * delivery line may never take a line beyond what is left, so delivered + held ≤ quantity holds at every write.
 */
export interface OrderLine {
  id: number;
  code: string;
  order_id: number;
  order_show_id: string;
  order_status: OrderStatus;
  order_canceled: boolean;
  customer_id: number;
  canceled: boolean;
  item_id: number;
  unit: string | null;
  price: number | null;
  props: unknown;
  quantity: number;
  quantity2: number | null;
  quantity3: number | null;
  delivered: number;
  held: number;
}

/** The order statuses in which a line may be requested, put on a delivery note and shipped. */
export const DELIVERABLE: readonly OrderStatus[] = ['confirmed', 'producing', 'finished'];

/**
 * The order lines `ids`, locked `for update` in id order (two writers taking the same line queue, and the second sees
 * what the first held), each with what other rows hold of it: `exclude` names the request lines and delivery lines
 * being rewritten, whose old quantities no longer count.
 */
export async function orderLinesFor(tx: Db, ids: readonly number[],
  exclude: { requestLines?: readonly number[]; deliveryLines?: readonly number[] } = {}): Promise<Map<number, OrderLine>> {
  const unique = [...new Set(ids.filter(id => id != null))].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const skipRequests = sql.param([...(exclude.requestLines ?? [])]);
  const skipDeliveries = sql.param([...(exclude.deliveryLines ?? [])]);
  const found = await rows<Record<string, unknown>>(tx, sql`
    select d.id, coalesce(d.code, '') as code, d.order_id, coalesce(o.show_id, '') as order_show_id, o.status as order_status,
      o.canceled as order_canceled, o.customer_id, d.canceled, d.item_id, d.unit, d.price::float8 as price, d.props,
      d.quantity::text as quantity, d.quantity2::float8 as quantity2, d.quantity3::float8 as quantity3,
      d.delivered_quantity::text as delivered,
      (coalesce((select sum(rl.quantity) from deliveryrequestlines rl join deliveryrequests r on r.id = rl.request_id
          where rl.detail_id = d.id and not rl.canceled and not r.canceled and r.status = 'requested'
            and rl.id <> all(${skipRequests}::int[])), 0)
        + coalesce((select sum(dl.quantity) from deliverylines dl join deliveries v on v.id = dl.delivery_id
          where dl.detail_id = d.id and not dl.canceled and not v.canceled and v.status = 'draft'
            and dl.id <> all(${skipDeliveries}::int[])), 0))::text as held
    from details d join orders o on o.id = d.order_id
    where d.id = any(${sql.param(unique)}::int[])
    order by d.id
    for update of d`);
  return new Map(found.map(r => [Number(r.id), {
    id: Number(r.id), code: String(r.code), order_id: Number(r.order_id), order_show_id: String(r.order_show_id),
    order_status: r.order_status as OrderStatus, order_canceled: r.order_canceled === true, customer_id: Number(r.customer_id),
    canceled: r.canceled === true, item_id: Number(r.item_id), unit: (r.unit ?? null) as string | null,
    price: r.price == null ? null : Number(r.price), props: r.props ?? null, quantity: units(r.quantity),
    quantity2: r.quantity2 == null ? null : Number(r.quantity2), quantity3: r.quantity3 == null ? null : Number(r.quantity3),
    delivered: units(r.delivered), held: units(r.held),
  }]));
}

/** A refusal about the order line a row names: the message, and the row's `detail_id` cell marked with it. */
function lineError(key: MessageKey, params: Record<string, string | number>): ApiError {
  return new ApiError(422, key, params, { detail_id: { key, params } });
}

/**
 * A line a document of `customerId` may name (422 otherwise, on `detail_id`): live, of a live order of that customer
 * in a deliverable status, and of `orderId` when the document names its order.
 */
export function assertDeliverable(line: OrderLine | undefined, customerId: number,
  order?: { id: number; show_id: string } | null): OrderLine {
  if (!line) throw new ApiError(422, 'invalid_input', {}, { detail_id: { key: 'ref_missing' } });
  // Named without its code: a salesperson scoped to its own customers learns nothing of a colleague's order by an id.
  if (line.customer_id !== customerId) throw lineError('delivery_line_other_customer', {});
  if (order && line.order_id !== order.id) {
    throw lineError('delivery_line_other_order', { line: line.code, order: order.show_id });
  }
  if (line.canceled) throw lineError('delivery_detail_canceled', { line: line.code });
  if (line.order_canceled || !DELIVERABLE.includes(line.order_status)) {
    throw lineError('delivery_order_not_open', { order: line.order_show_id });
  }
  return line;
}

/**
 * What is left of each line as the rows of one write take from it in turn (a batch naming one line twice sees its
 * first row's quantity held by the time it reaches the second).
 */
export class LeftToDeliver {
  private readonly taken = new Map<number, number>();
  constructor(private readonly lines: ReadonlyMap<number, OrderLine>) {}

  /** Takes `quantity` units of the line, or refuses (422 `delivery_over_order` with what was left). */
  take(line: OrderLine, quantity: number): void {
    const left = line.quantity - line.delivered - line.held - (this.taken.get(line.id) ?? 0);
    if (quantity > left) {
      throw new ApiError(422, 'delivery_over_order', { line: line.code, left: fromUnits(Math.max(0, left)), wanted: fromUnits(quantity) },
        { quantity: { key: 'delivery_over_order', params: { line: line.code, left: fromUnits(Math.max(0, left)), wanted: fromUnits(quantity) } } });
    }
    this.taken.set(line.id, (this.taken.get(line.id) ?? 0) + quantity);
  }

  line(id: number): OrderLine | undefined {
    return this.lines.get(id);
  }
}
