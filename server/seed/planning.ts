import { sql } from 'drizzle-orm';
import { localDateString } from '../../src/domain/rules/date-single';
import { stepHours, takesNewCards } from '../../src/domain/rules/scheduling';
import { SHIFTS, type Shift } from '../../src/domain/rules/shifts';
import { insertNodeWorks } from '../areas/piece-work/node-works';
import { shiftOutput } from '../areas/production/shift-output';
import { rows, type Db } from '../db/connection';
import { nodeCode } from './plant';
import { Rng } from './random';
import { ref, type SeedRow } from './seeder';

/**
 * The demo plant's planning and piece work (issue 12), made of the order book (orders.ts) by the server's own rules
 * (docs/scheduling.md, docs/piece-work.md):
 * - Wage table: the cutting line is paid by the kilogram, the other steps by the piece (a third of the book's lines
 *   state no metres, so a rate by the metre would leave their work unvalued), with
 *   dearer rates for colour boxes at printing and die-cutting and a printing raise from 2026-01-01 (fixed dates: the
 *   rows are matched by their natural key, and a moving date would add rows at every start).
 * - Queues: each machine in service holds the cards already at its work node, the running ones on the machine that
 *   runs them, the waiting ones by due date, filled to between 50 % and 130 % of a day's hours, so some machines show
 *   overloaded; a machine in fault or maintenance holds none.
 * - Pre-schedule: the first step of every confirmed order's lines planned on a machine in service for the coming days.
 * - Duty logs: the last seven days' day and night shifts at cutting, printing, die-cutting and gluing, their output
 *   counted from the card steps like a save counts it.
 * - Piece work: a record for every finished step of the book with its operator (as "from card steps" makes them),
 *   and the months before last month closed.
 * Like the order book, each part is seeded once, into empty tables (or, for queues, while no step is scheduled), and
 * writes no history: the seed is not a user.
 */

export function wageRows(): SeedRow[] {
  const w = (node: Parameters<typeof nodeCode>[0], price: number, basis: 'piece' | 'weight' | 'metre', opts: {
    category?: string; valid_from?: string; remark: string; unit: string;
  }): SeedRow => ({
    worknode_id: ref('worknodes', nodeCode(node)), item_id: null, category_id: ref('itemcategories', opts.category ?? null), price,
    basis, unit: opts.unit, valid_from: opts.valid_from ?? null, remark: opts.remark,
  });
  return [
    w('开料', 0.015, 'weight', { unit: '元/千克', remark: '瓦线开料按纸板重量计件' }),
    w('印刷', 0.006, 'piece', { unit: '元/张', remark: '印刷基本工价' }),
    w('印刷', 0.0065, 'piece', { unit: '元/张', valid_from: '2026-01-01', remark: '印刷工价调整' }),
    w('印刷', 0.009, 'piece', { unit: '元/张', category: '彩盒', remark: '彩盒胶印' }),
    w('覆膜', 0.004, 'piece', { unit: '元/张', remark: '覆膜' }),
    w('模切', 0.004, 'piece', { unit: '元/张', remark: '模切基本工价' }),
    w('模切', 0.005, 'piece', { unit: '元/张', category: '彩盒', remark: '彩盒模切' }),
    w('开槽', 0.004, 'piece', { unit: '元/张', remark: '开槽' }),
    w('糊盒', 0.002, 'piece', { unit: '元/个', remark: '糊盒' }),
    w('钉箱', 0.004, 'piece', { unit: '元/个', remark: '钉箱' }),
    w('钉箱', 0.005, 'piece', { unit: '元/个', category: '成品', remark: '成品钉箱（大箱）' }),
    w('包装', 0.001, 'piece', { unit: '元/个', remark: '包装打托' }),
    w('入库', 0.0005, 'piece', { unit: '元/个', remark: '成品入库搬运' }),
    ];
}

interface OpenStep {
  id: number; device_id: number | null; status: string; worknode_id: number; quantity: number; rate: number | null;
}

/** Queues of the machines in service (rules above). Returns the steps scheduled. */
async function seedQueues(tx: Db): Promise<number> {
  const [any] = await rows(tx, sql`select 1 from cardnodes where plan_device_id is not null limit 1`);
  if (any) return 0;
  const rng = Rng.for('queues');
  const machines = await rows<{ id: number; worknode_id: number | null; status: string; daily_hours: number | null }>(tx, sql`
    select id, worknode_id, status, daily_hours::float8 as daily_hours from devices order by code, id`);
  // Steps at the card's current node, not finished: what a planner queues first.
  const steps = await rows<OpenStep>(tx, sql`
    select n.id, n.device_id, n.status, n.worknode_id,
      greatest(c.quantity - coalesce(n.good_quantity, 0) - coalesce(n.bad_quantity, 0), 0)::float8 as quantity,
      coalesce(i.std_rate, w.std_rate)::float8 as rate
    from cardnodes n join cards c on c.id = n.card_id and not c.canceled and c.worknode_id = n.worknode_id
      join orders o on o.id = c.order_id left join details d on d.id = c.detail_id left join items i on i.id = c.item_id
      join worknodes w on w.id = n.worknode_id
    where not n.canceled and n.status in ('waiting', 'running')
    order by (n.status = 'running') desc, coalesce(d.due_date, o.due_date) nulls last, c.id, n.id`);
  const plan: { id: number; device: number; seq: number }[] = [];
  const byNode = new Map<number, typeof machines>();
  for (const m of machines) {
    if (m.worknode_id === null || !takesNewCards(m.status) || m.status === 'off') continue;
    byNode.set(m.worknode_id, [...(byNode.get(m.worknode_id) ?? []), m]);
  }
  const load = new Map<number, number>();
  const target = new Map(machines.map(m => [m.id, (m.daily_hours ?? 8) * (0.5 + rng.next() * 0.8)]));
  for (const s of steps) {
    const own = byNode.get(s.worknode_id) ?? [];
    // A running step stays on the machine running it; a waiting one goes to the least loaded machine with room.
    const hours = stepHours(Number(s.quantity), s.rate === null ? null : Number(s.rate)) ?? 0;
    const running = s.status === 'running' ? own.find(m => m.id === s.device_id) : undefined;
    const pick = running ?? [...own].sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0))
      .find(m => (load.get(m.id) ?? 0) + hours <= target.get(m.id)!);
    if (!pick) continue;
    load.set(pick.id, (load.get(pick.id) ?? 0) + hours);
    plan.push({ id: s.id, device: pick.id, seq: plan.filter(p => p.device === pick.id).length + 1 });
  }
  if (plan.length === 0) return 0;
  await tx.execute(sql`
    update cardnodes n set plan_device_id = x.device, plan_seq = x.seq
    from unnest(${sql.param(plan.map(p => p.id))}::int[], ${sql.param(plan.map(p => p.device))}::int[],
      ${sql.param(plan.map(p => p.seq))}::int[]) as x(id, device, seq)
    where n.id = x.id`);
  await tx.execute(sql`update devices set queue_version = 1 where id = any(${sql.param([...new Set(plan.map(p => p.device))])}::int[])`);
  return plan.length;
}

/** Plans of the confirmed orders' lines at their first step, for the next days. */
async function seedPrearranges(tx: Db, now: Date): Promise<number> {
  const [any] = await rows(tx, sql`select 1 from prearranges limit 1`);
  if (any) return 0;
  const rng = Rng.for('prearranges');
  const lines = await rows<{ id: number; code: string; order_id: number; item_id: number; quantity: number; first_node: number | null }>(tx, sql`
    select d.id, d.code, d.order_id, d.item_id, d.quantity::float8 as quantity,
      (coalesce(fd.worknode_ids, fi.worknode_ids))[1] as first_node
    from details d join orders o on o.id = d.order_id and o.status = 'confirmed' and not o.canceled
      join items i on i.id = d.item_id
      left join workflows fd on fd.id = d.workflow_id left join workflows fi on fi.id = i.workflow_id
    where not d.canceled order by o.order_date, o.id, d.line_no`);
  const machines = await rows<{ id: number; worknode_id: number; status: string }>(tx, sql`
    select id, worknode_id, status from devices where worknode_id is not null order by code, id`);
  const values: SeedRow[] = [];
  const seqOf = new Map<string, number>();
  for (const l of lines) {
    const own = machines.filter(m => m.worknode_id === l.first_node && takesNewCards(m.status) && m.status !== 'off');
    if (own.length === 0) continue;
    const device = rng.pick(own);
    const day = new Date(now);
    day.setDate(day.getDate() + rng.int(1, 5));
    const planDate = localDateString(day);
    const key = `${device.id}|${planDate}`;
    const seq = (seqOf.get(key) ?? 0) + 1;
    seqOf.set(key, seq);
    values.push({ detail_id: l.id, detail_code: l.code, order_id: l.order_id, item_id: l.item_id, worknode_id: l.first_node,
      device_id: device.id, plan_date: planDate, seq, quantity: l.quantity, status: 'planned' });
  }
  for (const v of values) {
    await tx.execute(sql`
      insert into prearranges (detail_id, detail_code, order_id, item_id, worknode_id, device_id, plan_date, seq, quantity, status)
      values (${v.detail_id as number}, ${v.detail_code as string}, ${v.order_id as number}, ${v.item_id as number},
        ${v.worknode_id as number}, ${v.device_id as number}, ${v.plan_date as string}, ${v.seq as number}, ${v.quantity as number}, 'planned')`);
  }
  return values.length;
}

const HANDOVERS = [
  '设备运行正常，已交接在制流程卡与刀版。', '上班遗留两张卡待首件确认，已告知接班人。', '油墨已补充，色差样张放在机台左侧。',
  '更换了压线轮，请接班注意压痕深度。', '原纸批次更换，注意含水率。', '本班完成计划，场地已清理。',
] as const;
const ISSUES = [null, null, '模切刀版有轻微磨损，建议下周更换。', '糊盒机胶路偶有断胶，已报设备科。', null, '一张卡数量不符，待计划员核对。'] as const;

/** The last seven days' handovers at four steps, both shifts. */
async function seedDutyLogs(tx: Db, now: Date): Promise<number> {
  const [any] = await rows(tx, sql`select 1 from dutylogs limit 1`);
  if (any) return 0;
  const rng = Rng.for('dutylogs');
  const nodes = await rows<{ id: number; code: string }>(tx, sql`
    select id, code from worknodes where code in ('WN01', 'WN02', 'WN04', 'WN06') order by code`);
  let n = 0;
  for (const node of nodes) {
    const crew = await rows<{ id: number }>(tx, sql`
      select p.id from persons p join worknodes w on w.department_id = p.department_id
        join personcategories c on c.id = p.category_id and c.name = '生产工人'
      where w.id = ${node.id} and p.active order by p.code`);
    if (crew.length < 2) continue;
    for (let back = 7; back >= 1; back--) {
      const d = new Date(now);
      d.setDate(d.getDate() - back);
      const day = localDateString(d);
      for (const shift of SHIFTS) {
        const from = rng.pick(crew);
        const to = rng.pick(crew.filter(p => p.id !== from.id));
        const out = await shiftOutput(tx, { day, shift: shift as Shift, worknode_id: node.id, device_id: null });
        await tx.execute(sql`
          insert into dutylogs (duty_date, shift, worknode_id, person_id, next_person_id, content, issues, cards_finished,
            good_quantity, bad_quantity, summary_at)
          values (${day}, ${shift}, ${node.id}, ${from.id}, ${to.id}, ${rng.pick(HANDOVERS)}, ${rng.pick(ISSUES)},
            ${out.cards_finished}, ${out.good_quantity}, ${out.bad_quantity}, ${new Date()})`);
        n++;
      }
    }
  }
  return n;
}

/** Piece work of every finished step with its operator, and the months before last month closed. */
async function seedWorks(tx: Db, now: Date, planner: number | null): Promise<number> {
  const [any] = await rows(tx, sql`select 1 from works limit 1`);
  if (any) return 0;
  const [range] = await rows<{ first: string | null }>(tx, sql`
    select to_char(min(finished_at), 'YYYY-MM-DD') as first from cardnodes where status = 'done'`);
  if (!range?.first) return 0;
  const made = await insertNodeWorks(tx, { from: range.first, to: localDateString(now) }, 'node', planner);
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const closeBefore = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}`;
  const months = await rows<{ period: string }>(tx, sql`
    select distinct period from works where period < ${closeBefore} order by period`);
  for (const m of months) {
    await tx.execute(sql`
      insert into workperiods (period, closed, closed_at, closed_by, remark)
      values (${m.period}, true, ${new Date()}, ${planner}, '月度计件工资已结算')
      on conflict (period) do nothing`);
  }
  return made.ids.length + months.length;
}

/** Seeds planning and piece work after the order book; returns the rows written. */
export async function seedPlanning(tx: Db, now: Date = new Date()): Promise<number> {
  const [planner] = await rows<{ id: number }>(tx, sql`select id from accounts where username = 'supervisor' and active limit 1`);
  return await seedQueues(tx) + await seedPrearranges(tx, now) + await seedDutyLogs(tx, now)
    + await seedWorks(tx, now, planner?.id ?? null);
}
