import { sql } from 'drizzle-orm';
import type { BoardDevice, BoardReply, QueueEntry } from '../../../src/domain/contract/scheduling';
import { MAX_UNSCHEDULED } from '../../../src/domain/contract/scheduling';
import type { CardNodeStatus } from '../../../src/domain/rules/card-status';
import { queueLoad, stepHours, takesNewCards } from '../../../src/domain/rules/scheduling';
import { rows, type Db } from '../../db/connection';

/**
 * The scheduling board of one work node (GET /devices/arranges/, docs/scheduling.md): its machines with their queues
 * (steps not done, in queue order) and loads, and the steps of the node waiting for a machine — the cards already at
 * the node first, then those still on their way, by due date.
 */

interface EntryRow {
  cardnode_id: number; card_id: number; show_id: string; order_show_id: string | null; customer_name: string | null;
  item_id: number; item_name: string | null; spec: string | null; quantity: number; unit: string | null;
  status: CardNodeStatus; ready: boolean; due_date: string | null; rate: number | null; plan_device_id: number | null;
  plan_seq: number | null;
}

/** The select of a step as the board shows it; `where` and `order` complete it. */
const entrySelect = sql`
  select n.id as cardnode_id, n.card_id, c.show_id, c.order_show_id, cu.name as customer_name, c.item_id,
    i.name as item_name, i.spec,
    greatest(c.quantity - coalesce(n.good_quantity, 0) - coalesce(n.bad_quantity, 0), 0)::float8 as quantity, c.unit,
    n.status, (c.worknode_id is not distinct from n.worknode_id) as ready,
    to_char(coalesce(d.due_date, o.due_date), 'YYYY-MM-DD') as due_date,
    coalesce(i.std_rate, w.std_rate)::float8 as rate, n.plan_device_id, n.plan_seq
  from cardnodes n
  join cards c on c.id = n.card_id and not c.canceled
  join orders o on o.id = c.order_id
  left join customers cu on cu.id = o.customer_id
  left join details d on d.id = c.detail_id
  left join items i on i.id = c.item_id
  join worknodes w on w.id = n.worknode_id`;

/** Steps that may sit on a queue: live and not finished. */
const open = sql`not n.canceled and n.status not in ('done', 'skipped')`;

function entryOf(r: EntryRow): QueueEntry {
  const quantity = Number(r.quantity);
  return {
    cardnode_id: Number(r.cardnode_id), card_id: Number(r.card_id), show_id: r.show_id, order_show_id: r.order_show_id,
    customer_name: r.customer_name, item_id: Number(r.item_id), item_name: r.item_name, spec: r.spec, quantity,
    unit: r.unit, status: r.status, ready: !!r.ready, due_date: r.due_date,
    hours: stepHours(quantity, r.rate === null ? null : Number(r.rate)),
    plan_seq: r.plan_seq === null ? null : Number(r.plan_seq),
  };
}

export async function loadBoard(db: Db, worknodeId: number, days: number): Promise<Omit<BoardReply, 'msg'>> {
  const machines = await rows<{ id: number; code: string; name: string; status: string; daily_hours: number | null; queue_version: number }>(db, sql`
    select id, code, name, status, daily_hours::float8 as daily_hours, coalesce(queue_version, 0) as queue_version
    from devices where worknode_id = ${worknodeId} order by code, id`);
  const ids = machines.map(m => Number(m.id));
  const queued = ids.length === 0 ? [] : await rows<EntryRow>(db, sql`${entrySelect}
    where n.plan_device_id = any(${sql.param(ids)}::int[]) and ${open}
    order by n.plan_device_id, n.plan_seq nulls last, n.id`);
  const byDevice = new Map<number, QueueEntry[]>();
  for (const r of queued) {
    const list = byDevice.get(Number(r.plan_device_id)) ?? [];
    list.push(entryOf(r));
    byDevice.set(Number(r.plan_device_id), list);
  }
  const devices: BoardDevice[] = machines.map(m => {
    const queue = byDevice.get(Number(m.id)) ?? [];
    const daily = m.daily_hours === null ? null : Number(m.daily_hours);
    return {
      id: Number(m.id), code: m.code, name: m.name, status: m.status, available: takesNewCards(m.status), daily_hours: daily,
      queue_version: Number(m.queue_version), ...queueLoad(queue.map(q => q.hours), daily, days), queue,
    };
  });
  const waiting = sql`n.worknode_id = ${worknodeId} and n.plan_device_id is null and ${open}`;
  const unscheduled = await rows<EntryRow>(db, sql`${entrySelect}
    where ${waiting}
    order by (c.worknode_id is not distinct from n.worknode_id) desc, coalesce(d.due_date, o.due_date) nulls last, c.id
    limit ${MAX_UNSCHEDULED}`);
  const [count] = await rows<{ n: number | string }>(db, sql`
    select count(*) as n from cardnodes n join cards c on c.id = n.card_id and not c.canceled where ${waiting}`);
  return {
    worknode_id: worknodeId, days, devices, unscheduled: unscheduled.map(entryOf), unscheduled_total: Number(count?.n ?? 0),
  };
}
