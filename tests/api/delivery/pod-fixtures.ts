import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../server/db/connection';

/**
 * Deliveries waiting for the customer's signature, written by SQL (docs/delivery.md "Proof of delivery"): the proof of
 * delivery is tested on its own, without the shipping that makes a delivery shipped. Each has one line, of an order
 * line of its customer; `driver` is the driver's person (the demo driver's by default).
 */
export interface PodDelivery { id: number; show_id: string; customer_id: number; line_id: number }

export async function podDelivery(db: Db, o: {
  show_id: string; status?: 'draft' | 'shipped' | 'signed'; canceled?: boolean; driver?: number | null; pick?: number;
}): Promise<PodDelivery> {
  const [line] = await rows<{ detail_id: number; order_id: number; item_id: number; unit: string | null; customer_id: number;
    saler_id: number | null; price: number | null }>(db, sql`
    select dt.id as detail_id, dt.order_id, dt.item_id, dt.unit, o.customer_id, o.saler_id, dt.price::float8 as price
    from details dt join orders o on o.id = dt.order_id
    where not o.canceled order by dt.id limit 1 offset ${o.pick ?? 0}`);
  if (!line) throw new Error('no order line to deliver');
  const driver = o.driver !== undefined ? o.driver
    : (await rows<{ id: number }>(db, sql`select person_id as id from accounts where username = 'driver'`))[0]?.id ?? null;
  const status = o.status ?? 'shipped';
  const [d] = await rows<{ id: number }>(db, sql`
    insert into deliveries (show_id, customer_id, saler_id, warehouse_id, date, address, contact, phone, vehicle, driver_id, status,
      quantity, amount, shipped_at, canceled, signer, signed_at)
    select ${o.show_id}, ${line.customer_id}, ${line.saler_id}, (select id from warehouses order by id limit 1), current_date,
      '上海市浦东新区张江路 88 号 3 号门', '陈经理', '13800138000', '沪A·12345', ${driver}, ${status}, 120, 360,
      ${status === 'draft' ? null : sql`now() - interval '2 hours'`}, ${o.canceled ?? false},
      ${status === 'signed' ? '先签的人' : null}, ${status === 'signed' ? sql`now() - interval '1 hour'` : null}
    returning id`);
  const [l] = await rows<{ id: number }>(db, sql`
    insert into deliverylines (delivery_id, code, line_no, detail_id, order_id, item_id, lot, quantity, unit, price, amount)
    values (${d!.id}, ${`${o.show_id}-1`}, 1, ${line.detail_id}, ${line.order_id}, ${line.item_id}, 'LOT-1', 120, ${line.unit},
      ${line.price ?? 3}, 360)
    returning id`);
  return { id: Number(d!.id), show_id: o.show_id, customer_id: Number(line.customer_id), line_id: Number(l!.id) };
}
