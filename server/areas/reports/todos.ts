import { sql } from 'drizzle-orm';
import { MAINTENANCE_DUE_DAYS, TODO_SAMPLE, type TodoEntry, type TodoGroup, type TodosReply } from '../../../src/domain/contract/todos';
import { translate, isMessageKey, type Lang } from '../../../src/domain/messages/catalog';
import { devicemaintenances } from '../../../src/domain/resources/devices/devicemaintenances';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { orders } from '../../../src/domain/resources/orders/orders';
import { customers } from '../../../src/domain/resources/sales/customers';
import { facts } from '../../../src/domain/resources/shopfloor/facts';
import { forms } from '../../../src/domain/resources/forms/forms';
import { stockdocs } from '../../../src/domain/resources/warehouse/stockdocs';
import { canAct, canRead } from '../../auth/permissions';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { shortTodo } from '../stock/alerts';

/**
 * The caller's to-do list (docs/reports.md "To-do list"): each kind only for a caller holding the action that
 * handles it, limited to its own rows when it is scoped (DESIGN §5):
 *
 * - dead letters: facts the server rejected and nobody resolved (`resolve` on facts);
 * - orders to confirm: draft orders (`confirm` on orders; a salesperson's own);
 * - cards queued: card steps waiting or running at their card's current work node, per node (`view` on card steps);
 * - maintenance due: planned maintenance of machines due within MAINTENANCE_DUE_DAYS or overdue (`edit` on it);
 * - stock short: items in a warehouse below their minimum (`post` on stock documents: who posts the goods in);
 * - forms flagged: filled forms out of limits not reviewed yet (`review` on forms).
 */

type Row = { id: number; label: string | null; detail: string | null; total: number | string; params?: unknown };

function group(kind: TodoGroup['kind'], path: string, found: Row[], entryPath: (r: Row) => string, detail?: (r: Row) => string | null): TodoGroup {
  const entries: TodoEntry[] = found.map(r => ({
    id: Number(r.id), label: r.label ?? `#${r.id}`, detail: detail ? detail(r) : r.detail, path: entryPath(r),
  }));
  return { kind, path, count: Number(found[0]?.total ?? 0), entries };
}

export async function todosOf(db: Db, auth: Auth, lang: Lang): Promise<TodosReply> {
  const groups: TodoGroup[] = [];

  if (canAct(auth, facts, 'resolve')) {
    const found = await rows<Row>(db, sql`
      select f.id, coalesce(f.card_show_id, f.name) as label, f.reason as detail, f.reason_params as params, count(*) over () as total
      from facts f where f.status = 'rejected' and ${ownerConditionOn(auth, facts, 'f')}
      order by f.id limit ${TODO_SAMPLE}`);
    groups.push(group('deadletters', '/sync/deadletters', found, () => '/sync/deadletters', r => {
      const key = r.detail;
      return isMessageKey(key) ? translate(lang, key, (r.params ?? undefined) as Record<string, string | number> | undefined) : key;
    }));
  }

  if (canAct(auth, orders, 'confirm')) {
    // The customer's name only for a caller who may read customers.
    const customerName = canRead(auth, customers) ? sql`c.name` : sql`null::text`;
    const found = await rows<Row>(db, sql`
      select o.id, o.show_id as label, ${customerName} as detail, count(*) over () as total
      from orders o left join customers c on c.id = o.customer_id
      where o.status = 'draft' and ${ownerConditionOn(auth, orders, 'o')}
      order by o.order_date nulls last, o.id limit ${TODO_SAMPLE}`);
    groups.push(group('orders_to_confirm', '/orders/list', found, r => `/orders/edit/${r.id}`));
  }

  if (canAct(auth, cardnodes, 'view')) {
    // Per work node: the steps waiting or running where their card now is (the card's current node); a caller scoped
    // to its own orders counts the cards of its orders only.
    const ordersScope = ownerConditionOn(auth, orders, 'o');
    // `total`: the steps queued at every node (the sum of all groups' counts, before the limit), the group's count.
    const found = await rows<Row>(db, sql`
      select w.id, w.name as label, count(*)::text as detail, sum(count(*)) over () as total
      from cardnodes n
      join cards c on c.id = n.card_id and not c.canceled and c.status <> 'done' and c.worknode_id = n.worknode_id
      join worknodes w on w.id = n.worknode_id
      left join orders o on o.id = c.order_id
      where not n.canceled and n.status in ('waiting', 'running') and ${ordersScope}
      group by w.id, w.name, w.sort
      order by count(*) desc, w.sort nulls last, w.id limit ${TODO_SAMPLE}`);
    const g = group('cards_queued', '/orders/cards_nodes', found, () => '/orders/cards_nodes');
    groups.push(g);
  }

  if (canAct(auth, devicemaintenances, 'edit')) {
    const found = await rows<Row>(db, sql`
      select m.id, d.name as label, to_char(m.planned_date, 'YYYY-MM-DD') as detail, count(*) over () as total
      from devicemaintenances m join devices d on d.id = m.device_id
      where m.status = 'planned' and m.planned_date is not null
        and m.planned_date <= current_date + ${MAINTENANCE_DUE_DAYS}::int and ${ownerConditionOn(auth, devicemaintenances, 'm')}
      order by m.planned_date, m.id limit ${TODO_SAMPLE}`);
    groups.push(group('maintenance_due', '/devicemaintenances/list', found, r => `/devicemaintenances/edit/${r.id}`));
  }
  if (canAct(auth, stockdocs, 'post')) {
    groups.push(group('stock_short', '/inventory/warn', await shortTodo(db, TODO_SAMPLE), () => '/inventory/warn'));
  }
  if (canAct(auth, forms, 'review')) {
    // Flagged forms not reviewed yet, oldest first: a value out of limits waits on a reviewer (decision 269).
    const found = await rows<Row>(db, sql`
      select f.id, f.show_id as label, t.name as detail, count(*) over () as total
      from forms f join formtemplates t on t.id = f.template_id
      where f.flagged and f.status = 'submitted' and not f.canceled and ${ownerConditionOn(auth, forms, 'f')}
      order by f.filled_at, f.id limit ${TODO_SAMPLE}`);
    groups.push(group('forms_flagged', '/forms/categories', found, r => `/forms/edit/${r.id}`));
  }
  return { msg: 'OK', groups, asOf: new Date().toISOString() };
}
