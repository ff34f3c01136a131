import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { resourceByName } from '../../../src/domain/resources/all';
import { canRead } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { column } from '../../db/columns';
import { tableOf } from '../../db/tables';
import { escapeLike } from '../../resources/list';

/** The clause if the caller may read every resource named, else nothing (`false`): nothing is found through what one may not see. */
const readable = (auth: Auth, names: readonly string[], clause: SQL): SQL =>
  (names.every(n => { const d = resourceByName(n); return d !== undefined && canRead(auth, d); }) ? clause : sql`false`);

const words = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, 8).map(w => `%${escapeLike(w.toLowerCase())}%`);

/**
 * The delivery query's search (`/query/deliveries`, list parameter `anywhere`, like the orders' in
 * production/anywhere.ts): every word (at most 8) found — case-insensitive substring — in the note (number, address,
 * vehicle, consignee, remarks), its customer's or driver's name, or its lines (code, lot, their orders' numbers, their
 * items' codes and names, their packages' numbers). Unindexed across tables: a search the user asks for, paged.
 */
export function deliveriesAnywhere(auth: Auth, res: ResourceDef, text: string): SQL {
  const t = tableOf(res);
  const id = column(t, 'id');
  return sql`(${sql.join(words(text).map(w => sql`(
    lower(coalesce(${column(t, 'show_id')}, '') || ' ' || coalesce(${column(t, 'address')}, '') || ' ' || coalesce(${column(t, 'vehicle')}, '')
      || ' ' || coalesce(${column(t, 'contact')}, '') || ' ' || coalesce(${column(t, 'remark')}, '')) like ${w}
    or ${readable(auth, ['customers'], sql`exists (select 1 from customers c where c.id = ${column(t, 'customer_id')} and lower(c.name) like ${w})`)}
    or ${readable(auth, ['persons'], sql`exists (select 1 from persons p where p.id = ${column(t, 'driver_id')} and lower(p.name) like ${w})`)}
    or ${readable(auth, ['deliverylines', 'orders', 'items'], sql`exists (select 1 from deliverylines l
      left join orders o on o.id = l.order_id left join items i on i.id = l.item_id left join packages k on k.id = l.package_id
      where l.delivery_id = ${id} and not l.canceled and lower(coalesce(l.code, '') || ' ' || coalesce(l.lot, '') || ' '
        || coalesce(o.show_id, '') || ' ' || coalesce(i.code, '') || ' ' || coalesce(i.name, '') || ' ' || coalesce(k.show_id, '')) like ${w})`)})`),
  sql` and `)})`;
}
