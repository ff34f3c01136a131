import { sql, type SQL } from 'drizzle-orm';
import type { FinishedCardRow, FinishedCardsParams, FinishedCardsReply } from '../../../src/domain/contract/trace';
import { cards } from '../../../src/domain/resources/orders/cards';
import { customers } from '../../../src/domain/resources/sales/customers';
import { canRead } from '../../auth/permissions';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { escapeLike } from '../../resources/list';

/** Rows of a page when the caller names no limit. */
const PAGE = 100;

/**
 * The finished-goods stock by card (`/warehouses/cards`, decision 210): every place of stock (`stocklots`) in a
 * finished-goods store (`warehouses.kind = 'finished'`) whose lot is a process card, with something on hand — with the
 * card's order and customer, its item and the package it is packed in. Ordered by customer, order and card (then the
 * place), paged; `total` and `quantity` are of the whole filtered list. A caller scoped to its own orders sees their
 * cards only; a customer is named where the caller may read customers.
 */
export async function finishedCards(db: Db, auth: Auth, p: FinishedCardsParams): Promise<FinishedCardsReply> {
  const asOf = new Date().toISOString();
  const conds: SQL[] = [sql`w.kind = 'finished'`, sql`s.card_id is not null`, sql`s.quantity <> 0`, ownerConditionOn(auth, cards, 'c')];
  if (p.warehouse_id !== undefined) conds.push(sql`s.warehouse_id = ${p.warehouse_id}`);
  if (p.customer_id !== undefined) conds.push(sql`o.customer_id = ${p.customer_id}`);
  if (p.order_id !== undefined) conds.push(sql`c.order_id = ${p.order_id}`);
  if (p.packed === 'packed') conds.push(sql`s.package_id is not null`);
  if (p.packed === 'loose') conds.push(sql`s.package_id is null`);
  const names = canRead(auth, customers);
  if (p.keyword !== undefined) {
    // Every word in one of: the card's, order's, item's, package's number, the item's name, the customer's name.
    for (const word of p.keyword.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${escapeLike(word)}%`;
      conds.push(sql`(lower(coalesce(c.show_id, '')) like ${like} or lower(coalesce(c.order_show_id, '')) like ${like}
        or lower(coalesce(i.code, '')) like ${like} or lower(coalesce(i.name, '')) like ${like}
        or lower(coalesce(pk.show_id, '')) like ${like} ${names ? sql`or lower(coalesce(cu.name, '')) like ${like}` : sql``})`);
    }
  }
  const from = sql`
    from stocklots s
    join warehouses w on w.id = s.warehouse_id
    join cards c on c.id = s.card_id
    left join orders o on o.id = c.order_id
    left join customers cu on cu.id = o.customer_id
    left join items i on i.id = s.item_id
    left join packages pk on pk.id = s.package_id
    left join warepositions wp on wp.id = s.position_id
    left join warestatus ws on ws.id = s.status_id
    where ${sql.join(conds, sql` and `)}`;
  const limit = p.limit ?? PAGE;
  const offset = ((p.page ?? 1) - 1) * limit;
  const [count] = await rows<{ total: number; quantity: string | null }>(db, sql`
    select count(*)::int as total, sum(s.quantity)::text as quantity ${from}`);
  const found = await rows<FinishedCardRow>(db, sql`
    select s.id, s.card_id, c.show_id as card_show_id, c.order_id, c.order_show_id,
      ${names ? sql`o.customer_id, cu.name` : sql`null::int as customer_id, null::text`} as customer_name,
      s.item_id, i.code as item_code, i.name as item_name, s.warehouse_id, w.name as warehouse_name, wp.name as position_name,
      ws.name as status_name, s.package_id, pk.show_id as package_show_id, s.quantity::float8 as quantity, i.unit, s.moved_at
    ${from}
    order by cu.name nulls last, c.order_show_id, c.show_id, s.id limit ${limit} offset ${offset}`);
  return {
    msg: 'OK', asOf, total: Number(count?.total ?? 0), quantity: Number(count?.quantity ?? 0),
    dt: found.map(r => ({ ...r, quantity: Number(r.quantity), moved_at: r.moved_at === null ? null : new Date(r.moved_at).toISOString() })),
  };
}
