import { sql } from 'drizzle-orm';
import { prearranges } from '../../../src/domain/resources/production/prearranges';
import { takesNewCards } from '../../../src/domain/rules/scheduling';
import { rows, type Db } from '../../db/connection';
import { setDerived } from '../../resources/write';
import { bumpQueues } from './queues';
import { units } from '../production/rows';

/**
 * Puts the steps of newly made cards on the machines their line was pre-scheduled on (docs/scheduling.md), inside the
 * generation's transaction. Rules:
 * - The line's plans still `planned` are taken in plan order (date, sequence); per work node, the new cards (in their
 *   order) fill the first plan up to its quantity (no quantity: all of them), then the next; cards beyond the last
 *   plan's quantity go to that plan's machine too. What earlier generations of the line put on a plan's machine
 *   counts towards the plan, so a line carded in several goes is split as if it were carded at once.
 * - Steps join the end of the machine's queue; the machine is locked and its queue version goes up, like a planner's
 *   save. A machine in fault or maintenance (or moved to another work node since) takes none: its steps stay
 *   unscheduled and it is named in the reply.
 * - A plan turns `applied` once its line is entirely on cards; until then each generation follows it.
 */
export interface AppliedPlans { queued: number; skipped: string[] }

export async function applyPrearranges(tx: Db, lineId: number, newCards: readonly { id: number; quantity: number }[]): Promise<AppliedPlans> {
  const plans = await rows<{ id: number; worknode_id: number; device_id: number; quantity: number | null }>(tx, sql`
    select id, worknode_id, device_id, quantity::float8 as quantity from prearranges
    where detail_id = ${lineId} and status = 'planned' order by plan_date, seq nulls last, id for update`);
  if (plans.length === 0 || newCards.length === 0) return { queued: 0, skipped: [] };

  // What earlier generations of the line already put on the plans' machines (per work node and machine): a plan
  // goes on filling from there, so a line carded in several goes is split as if carded at once.
  const placed = new Map<string, number>(); // `${worknode}:${device}` → units on cards
  const earlier = await rows<{ worknode_id: number; device_id: number; quantity: number }>(tx, sql`
    select n.worknode_id, n.plan_device_id as device_id, sum(c.quantity)::float8 as quantity
    from cardnodes n join cards c on c.id = n.card_id and not c.canceled
    where c.detail_id = ${lineId} and not n.canceled and n.plan_device_id is not null
      and n.worknode_id = any(${sql.param([...new Set(plans.map(p => Number(p.worknode_id)))])}::int[])
      and not (c.id = any(${sql.param(newCards.map(c => c.id))}::int[]))
    group by n.worknode_id, n.plan_device_id`);
  for (const e of earlier) placed.set(`${Number(e.worknode_id)}:${Number(e.device_id)}`, units(e.quantity));

  // Which card goes to which machine, per work node.
  const wanted = new Map<number, number[]>(); // device → card ids in order
  const worknodeOf = new Map<number, number>(); // device → work node
  for (const node of new Set(plans.map(p => Number(p.worknode_id)))) {
    const own = plans.filter(p => Number(p.worknode_id) === node);
    // Each plan's share of what its machine already holds of the line, the earlier plans first.
    const prefilled = own.map(p => {
      const key = `${node}:${Number(p.device_id)}`;
      const had = placed.get(key) ?? 0;
      const take = p.quantity === null ? had : Math.min(had, units(p.quantity));
      placed.set(key, had - take);
      return take;
    });
    let i = 0;
    let filled = prefilled[0]!;
    for (const card of newCards) {
      while (i < own.length - 1 && own[i]!.quantity !== null && filled >= units(own[i]!.quantity)) { i++; filled = prefilled[i]!; }
      const device = Number(own[i]!.device_id);
      wanted.set(device, [...(wanted.get(device) ?? []), card.id]);
      worknodeOf.set(device, node);
      filled += units(card.quantity);
    }
  }

  const devices = await rows<{ id: number; name: string; status: string; worknode_id: number | null }>(tx, sql`
    select id, name, status, worknode_id from devices where id = any(${sql.param([...wanted.keys()])}::int[]) order by id for update`);
  let queued = 0;
  const skipped: string[] = [];
  for (const d of devices) {
    // Out of service, or moved to another work node since the plan was made: it takes none of the steps.
    if (!takesNewCards(d.status) || Number(d.worknode_id) !== worknodeOf.get(Number(d.id))) { skipped.push(d.name); continue; }
    const cardIds = wanted.get(Number(d.id))!;
    const done = await rows<{ id: number }>(tx, sql`
      with last as (
        select coalesce(max(plan_seq), 0) as seq from cardnodes
        where plan_device_id = ${d.id} and not canceled and status not in ('done', 'skipped')
      ), picked as (
        select n.id, row_number() over (order by array_position(${sql.param(cardIds)}::int[], n.card_id)) as k
        from cardnodes n where n.card_id = any(${sql.param(cardIds)}::int[]) and n.worknode_id = ${worknodeOf.get(Number(d.id))!}
          and n.plan_device_id is null and not n.canceled
      )
      update cardnodes n set plan_device_id = ${d.id}, plan_seq = last.seq + picked.k, rev = next_rev()
      from picked, last where n.id = picked.id returning n.id`);
    if (done.length > 0) {
      await bumpQueues(tx, [Number(d.id)]);
      queued += done.length;
    }
  }

  const [line] = await rows<{ quantity: number; card_quantity: number }>(tx, sql`
    select quantity::float8 as quantity, coalesce(card_quantity, 0)::float8 as card_quantity from details where id = ${lineId}`);
  if (line && units(line.card_quantity) >= units(line.quantity)) {
    for (const p of plans) await setDerived(tx, prearranges, Number(p.id), { status: 'applied' });
  }
  return { queued, skipped };
}
