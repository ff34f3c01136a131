import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { resourceByName } from '../../../src/domain/resources/all';
import { canRead } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { tableOf } from '../../db/tables';
import { escapeLike } from '../../resources/list';
import { column } from '../../db/columns';

/**
 * The queries menu's search (spec §2 `/query/orders`, `/query/cards`; docs/reports.md "Queries"): the list parameter
 * `anywhere`, whose every word (at most 8) must be found — case-insensitive substring — in the row or in the rows around
 * it: an order's number, contract and remarks, its customer's and salesperson's names, its lines' codes, remarks and
 * items, and its cards' numbers; a card's number, order number and remarks, its order's contract and customer, its
 * item, its line, and the work nodes on its route. Unindexed across tables: a search the user asks for, paged. A
 * neighbouring table is searched only for a caller who may read it (nothing is found through what one may not see).
 */

/** The clause if the caller may read every resource named, else nothing (`false`). */
const readable = (auth: Auth, names: readonly string[], clause: SQL): SQL =>
  (names.every(n => { const d = resourceByName(n); return d !== undefined && canRead(auth, d); }) ? clause : sql`false`);

const words = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, 8).map(w => `%${escapeLike(w.toLowerCase())}%`);
const all = (conds: SQL[]) => sql`(${sql.join(conds, sql` and `)})`;

export function ordersAnywhere(auth: Auth, res: ResourceDef, text: string): SQL {
  const t = tableOf(res);
  const id = column(t, 'id');
  return all(words(text).map(w => sql`(
    lower(coalesce(${column(t, 'show_id')}, '') || ' ' || coalesce(${column(t, 'contract_no')}, '') || ' ' || coalesce(${column(t, 'remark')}, '')) like ${w}
    or ${readable(auth, ['customers'], sql`exists (select 1 from customers c where c.id = ${column(t, 'customer_id')} and lower(c.name) like ${w})`)}
    or ${readable(auth, ['persons'], sql`exists (select 1 from persons s where s.id = ${column(t, 'saler_id')} and lower(s.name) like ${w})`)}
    or ${readable(auth, ['details', 'items'], sql`exists (select 1 from details d left join items i on i.id = d.item_id where d.order_id = ${id}
      and lower(coalesce(d.code, '') || ' ' || coalesce(d.remark, '') || ' ' || coalesce(i.code, '') || ' ' || coalesce(i.name, '')) like ${w})`)}
    or ${readable(auth, ['cards'], sql`exists (select 1 from cards k where k.order_id = ${id} and lower(k.show_id) like ${w})`)})`));
}

export function cardsAnywhere(auth: Auth, res: ResourceDef, text: string): SQL {
  const t = tableOf(res);
  return all(words(text).map(w => sql`(
    lower(coalesce(${column(t, 'show_id')}, '') || ' ' || coalesce(${column(t, 'order_show_id')}, '') || ' ' || coalesce(${column(t, 'remark')}, '')) like ${w}
    or ${readable(auth, ['orders', 'customers'], sql`exists (select 1 from orders o left join customers c on c.id = o.customer_id
      where o.id = ${column(t, 'order_id')} and lower(coalesce(o.contract_no, '') || ' ' || coalesce(c.name, '')) like ${w})`)}
    or ${readable(auth, ['items'], sql`exists (select 1 from items i where i.id = ${column(t, 'item_id')}
      and lower(coalesce(i.code, '') || ' ' || coalesce(i.name, '')) like ${w})`)}
    or ${readable(auth, ['details'], sql`exists (select 1 from details d where d.id = ${column(t, 'detail_id')}
      and lower(coalesce(d.code, '') || ' ' || coalesce(d.remark, '')) like ${w})`)}
    or ${readable(auth, ['cardnodes', 'worknodes'], sql`exists (select 1 from cardnodes n join worknodes wn on wn.id = n.worknode_id
      where n.card_id = ${column(t, 'id')} and not n.canceled and lower(wn.name) like ${w})`)})`));
}
