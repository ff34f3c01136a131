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
 * The bill query's search (`/query/bills`, list parameter `anywhere`, docs/finance.md "9.", like the delivery query's
 * in delivery/anywhere.ts): every word (at most 8) found — case-insensitive substring — in the bill (number, check
 * code, remark), its customer's name, or its live lines (description, adjustment reason, their delivery notes'
 * numbers, their orders' numbers, their items' codes and names), or the receipts allocated to it (number, bank
 * reference, payer) — each only for a caller who may read it. Unindexed across tables: a search the user asks for, paged.
 */
export function billsAnywhere(auth: Auth, res: ResourceDef, text: string): SQL {
  const t = tableOf(res);
  const id = column(t, 'id');
  return sql`(${sql.join(words(text).map(w => sql`(
    lower(coalesce(${column(t, 'show_id')}, '') || ' ' || coalesce(${column(t, 'check_code')}, '') || ' '
      || coalesce(${column(t, 'remark')}, '')) like ${w}
    or ${readable(auth, ['customers'], sql`exists (select 1 from customers c where c.id = ${column(t, 'customer_id')} and lower(c.name) like ${w})`)}
    or ${readable(auth, ['billlines'], sql`exists (select 1 from billlines l
      where l.bill_id = ${id} and not l.canceled
        and lower(coalesce(l.description, '') || ' ' || coalesce(l.adjustment_reason, '')) like ${w})`)}
    or ${readable(auth, ['billlines', 'deliveries'], sql`exists (select 1 from billlines l join deliveries v on v.id = l.delivery_id
      where l.bill_id = ${id} and not l.canceled and lower(coalesce(v.show_id, '')) like ${w})`)}
    or ${readable(auth, ['billlines', 'orders'], sql`exists (select 1 from billlines l join details d on d.id = l.detail_id
      join orders o on o.id = d.order_id where l.bill_id = ${id} and not l.canceled and lower(coalesce(o.show_id, '')) like ${w})`)}
    or ${readable(auth, ['billlines', 'items'], sql`exists (select 1 from billlines l join items i on i.id = l.item_id
      where l.bill_id = ${id} and not l.canceled and lower(coalesce(i.code, '') || ' ' || coalesce(i.name, '')) like ${w})`)}
    or ${readable(auth, ['allocations', 'receipts'], sql`exists (select 1 from allocations a join receipts r on r.id = a.receipt_id
      where a.bill_id = ${id} and not a.canceled and lower(coalesce(r.show_id, '') || ' ' || coalesce(r.reference, '') || ' '
        || coalesce(r.payer_name, '')) like ${w})`)})`),
  sql` and `)})`;
}
