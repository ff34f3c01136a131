import { sql } from 'drizzle-orm';
import type { SaveQueuesParams } from '../../../src/domain/contract/scheduling';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { devices } from '../../../src/domain/resources/devices/devices';
import { takesNewCards } from '../../../src/domain/rules/scheduling';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError, badRequest } from '../../lib/api-error';
import { column } from '../../db/columns';
import { statusParam } from '../production/rows';
import { recordHistoryBatch } from '../../resources/write';

/**
 * Saves the queues of one or more machines (POST /devices/arranges/save/, docs/scheduling.md). Rules:
 * - Each queue names the version the planner saw. The machines are locked in id order and every version must still
 *   be the machine's, else 409 `queue_changed` and nothing is written: a second planner never silently reorders over
 *   the first.
 * - A step goes on a machine of its own work node, live and not finished; a machine in fault or maintenance takes no
 *   step it does not already hold.
 * - A step on another machine moves only when that machine is in the save too (its version checked); otherwise the
 *   planner's view is stale (409).
 * - A step the save leaves out of its machine's queue goes back to the steps waiting for a machine.
 * - Positions are 1, 2, 3 … in the order sent. Only steps whose machine or position changes are written (a change
 *   number, no version: a schedule is not an edit of the step's work), each with a history entry naming the
 *   planner; the queue version of each machine whose queue changed goes up by one.
 */

interface Machine { id: number; name: string; status: string; worknode_id: number | null; queue_version: number }
interface Step {
  id: number; card_id: number; worknode_id: number; status: string; canceled: boolean; card_canceled: boolean;
  plan_device_id: number | null; plan_seq: number | null; show_id: string; worknode_name: string;
}

export async function saveQueues(tx: Db, auth: Auth, queues: SaveQueuesParams['queues']): Promise<{ id: number; queue_version: number }[]> {
  const deviceIds = queues.map(q => q.device_id);
  if (new Set(deviceIds).size !== deviceIds.length) throw badRequest();
  const listed = queues.flatMap(q => q.cardnode_ids);
  if (new Set(listed).size !== listed.length) throw new ApiError(422, 'node_twice');

  // Machines first, in id order (two saves of overlapping machines queue instead of deadlocking), then the steps.
  const machines = await rows<Machine>(tx, sql`
    select id, name, status, worknode_id, coalesce(queue_version, 0) as queue_version from devices
    where id = any(${sql.param(deviceIds)}::int[]) order by id for update`);
  const machineById = new Map(machines.map(m => [Number(m.id), m]));
  for (const q of queues) {
    const m = machineById.get(q.device_id);
    if (!m) throw new ApiError(422, 'ref_missing');
    if (Number(m.queue_version) !== q.version) throw new ApiError(409, 'queue_changed', { device: m.name });
    if (m.worknode_id === null && q.cardnode_ids.length > 0) throw new ApiError(422, 'device_no_worknode', { device: m.name });
  }

  const steps = await rows<Step>(tx, sql`
    select n.id, n.card_id, n.worknode_id, n.status, n.canceled, c.canceled as card_canceled, n.plan_device_id, n.plan_seq,
      c.show_id, w.name as worknode_name
    from cardnodes n join cards c on c.id = n.card_id join worknodes w on w.id = n.worknode_id
    where n.id = any(${sql.param(listed)}::int[])
       or (n.plan_device_id = any(${sql.param(deviceIds)}::int[]) and not n.canceled and n.status not in ('done', 'skipped'))
    order by n.id for update of n`);
  const stepById = new Map(steps.map(s => [Number(s.id), s]));

  // Where every step ends: listed steps at their new place, the saved machines' other open steps off any queue.
  const target = new Map<number, { device: number | null; seq: number | null }>();
  for (const s of steps) if (s.plan_device_id !== null && deviceIds.includes(Number(s.plan_device_id))) target.set(Number(s.id), { device: null, seq: null });
  for (const q of queues) {
    const m = machineById.get(q.device_id)!;
    for (const [i, id] of q.cardnode_ids.entries()) {
      const s = stepById.get(id);
      if (!s || s.canceled || s.card_canceled || s.status === 'done' || s.status === 'skipped') {
        throw new ApiError(409, 'node_not_schedulable', { card: s?.show_id ?? `#${id}` });
      }
      if (Number(s.worknode_id) !== Number(m.worknode_id)) {
        throw new ApiError(422, 'node_wrong_worknode', { card: s.show_id, node: s.worknode_name, device: m.name });
      }
      const from = s.plan_device_id === null ? null : Number(s.plan_device_id);
      if (from !== null && from !== q.device_id && !deviceIds.includes(from)) {
        const [other] = await rows<{ name: string }>(tx, sql`select name from devices where id = ${from}`);
        throw new ApiError(409, 'node_on_other_device', { card: s.show_id, device: other?.name ?? `#${from}` });
      }
      if (from !== q.device_id && !takesNewCards(m.status)) {
        throw new ApiError(409, 'device_unavailable', { device: m.name, status: statusParam(devices, m.status) });
      }
      target.set(id, { device: q.device_id, seq: i + 1 });
    }
  }

  const changed = [...target].filter(([id, t]) => {
    const s = stepById.get(id)!;
    return (s.plan_device_id === null ? null : Number(s.plan_device_id)) !== t.device
      || (s.plan_seq === null ? null : Number(s.plan_seq)) !== t.seq;
  });
  if (changed.length > 0) {
    const t = tableOf(cardnodes);
    const ids = changed.map(([id]) => id);
    const before = await tx.select().from(t).where(sql`${column(t, 'id')} = any(${sql.param(ids)}::int[])`);
    // The steps found by the list too, so each is read through its key (see writeDerivedCards).
    await tx.execute(sql`
      update cardnodes n set plan_device_id = x.device, plan_seq = x.seq, rev = next_rev(), updated_at = now(),
        updated_by = ${auth.accountId}
      from unnest(${sql.param(ids)}::int[], ${sql.param(changed.map(([, v]) => v.device))}::int[],
        ${sql.param(changed.map(([, v]) => v.seq))}::int[]) as x(id, device, seq)
      where n.id = x.id and n.id = any(${sql.param(ids)}::int[])`);
    const after = await tx.select().from(t).where(sql`${column(t, 'id')} = any(${sql.param(ids)}::int[])`);
    const beforeById = new Map(before.map(r => [r.id as number, r]));
    await recordHistoryBatch(tx, cardnodes, 'update', after.map(a => ({ before: beforeById.get(a.id as number) ?? null, after: a })), auth);
  }

  // A machine's version moves when its queue changed: the steps it lost or gained, or their order.
  const touched = new Set<number>();
  for (const [id, t] of changed) {
    const s = stepById.get(id)!;
    if (s.plan_device_id !== null) touched.add(Number(s.plan_device_id));
    if (t.device !== null) touched.add(t.device);
  }
  const bumped = touched.size === 0 ? [] : await rows<{ id: number; queue_version: number }>(tx, sql`
    update devices set queue_version = coalesce(queue_version, 0) + 1, rev = next_rev()
    where id = any(${sql.param([...touched])}::int[]) returning id, queue_version`);
  const versions = new Map(bumped.map(b => [Number(b.id), Number(b.queue_version)]));
  return queues.map(q => ({ id: q.device_id, queue_version: versions.get(q.device_id) ?? Number(machineById.get(q.device_id)!.queue_version) }));
}
