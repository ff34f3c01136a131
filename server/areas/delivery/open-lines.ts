import { sql } from 'drizzle-orm';
import type { OpenLine, OpenLinesParams } from '../../../src/domain/contract/delivery';
import { orders } from '../../../src/domain/resources/orders/orders';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { escapeLike } from '../../resources/list';
import { DELIVERABLE } from './order-lines';

/** The most lines one answer carries (a customer's open lines are far fewer). */
const MAX_OPEN_LINES = 1_000;

/**
 * A customer's order lines open for delivery (`GET /deliveries/open_lines/`): live lines of its live orders that are
 * confirmed, in production or finished, in order and line order, each with what is delivered, held (requests still
 * requested, draft notes) and left (order-lines.ts), and what lots of its cards are on hand. Only the caller's orders
 * when it is scoped to its own (row scope through the orders). A keyword matches the order's number, the line's code
 * or its item's code or name.
 */
export async function openLines(db: Db, auth: Auth, p: OpenLinesParams): Promise<OpenLine[]> {
  const keyword = p.keyword?.trim();
  const like = keyword ? `%${escapeLike(keyword.toLowerCase())}%` : null;
  const found = await rows<Record<string, unknown>>(db, sql`
    select d.id, d.code, d.order_id, o.show_id as order_show_id, o.status as order_status,
      coalesce(d.due_date, o.due_date)::text as due_date, d.item_id, i.code as item_code, i.name as item_name, i.spec, d.unit,
      d.quantity::text as quantity, d.price::float8 as price, coalesce(d.finished_quantity, 0)::text as finished,
      coalesce(d.delivered_quantity, 0)::text as delivered,
      (coalesce((select sum(rl.quantity) from deliveryrequestlines rl join deliveryrequests r on r.id = rl.request_id
          where rl.detail_id = d.id and not rl.canceled and not r.canceled and r.status = 'requested'), 0)
        + coalesce((select sum(dl.quantity) from deliverylines dl join deliveries v on v.id = dl.delivery_id
          where dl.detail_id = d.id and not dl.canceled and not v.canceled and v.status = 'draft'), 0))::text as held,
      coalesce((select sum(s.quantity) from stocklots s join cards c on c.id = s.card_id
          where c.detail_id = d.id and s.quantity > 0), 0)::text as in_stock
    from details d join orders o on o.id = d.order_id left join items i on i.id = d.item_id
    where not d.canceled and not o.canceled and o.customer_id = ${p.customer_id}
      and o.status = any(${sql.param([...DELIVERABLE])}::text[])
      ${p.order_id === undefined ? sql`` : sql`and o.id = ${p.order_id}`}
      ${like === null ? sql`` : sql`and lower(coalesce(o.show_id, '') || ' ' || coalesce(d.code, '') || ' ' || coalesce(i.code, '')
        || ' ' || coalesce(i.name, '')) like ${like}`}
      and ${ownerConditionOn(auth, orders, 'o')}
    order by o.id, d.line_no nulls last, d.id
    limit ${MAX_OPEN_LINES}`);
  return found.map(r => {
    const quantity = units(r.quantity);
    const delivered = units(r.delivered);
    const held = units(r.held);
    return {
      detail_id: Number(r.id), code: (r.code ?? null) as string | null, order_id: Number(r.order_id),
      order_show_id: (r.order_show_id ?? null) as string | null, order_status: String(r.order_status),
      due_date: (r.due_date ?? null) as string | null, item_id: Number(r.item_id), item_code: (r.item_code ?? null) as string | null,
      item_name: (r.item_name ?? null) as string | null, spec: (r.spec ?? null) as string | null, unit: (r.unit ?? null) as string | null,
      quantity: fromUnits(quantity), price: r.price == null ? null : Number(r.price), finished: fromUnits(units(r.finished)),
      delivered: fromUnits(delivered), held: fromUnits(held), left: fromUnits(Math.max(0, quantity - delivered - held)),
      in_stock: fromUnits(units(r.in_stock)),
    };
  });
}
