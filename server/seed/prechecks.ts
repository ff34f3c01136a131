import { sql } from 'drizzle-orm';
import { configValues } from '../resources/configs';
import { rows, type Db } from '../db/connection';
import { insertAll } from './insert-all';
import { workOpen } from './orders';
import { Rng } from './random';

/**
 * The demo plant's semi-finished inspections (半成品检验, `predetails`, docs/stock.md "Demo data"): the inspectors'
 * patrol of the order book's cards on the lines, so `/predetails/list`, `/baddetails/list` and `/reports/predetails`
 * have a quarter to show. Made of the card steps as the order book wrote them (server/seed/orders.ts):
 * - Where: at the work nodes a semi-finished inspection tablet (a terminal whose screen is `precheck`) serves, except
 *   an inspection step (质检: its inspection is the finished-goods one) — in the demo the patrol tablet KIOSK-08 at
 *   printing, die-cutting and slotting. The inspection names that tablet as its terminal.
 * - What: a live card's done step there, all of it: passed = the step's good quantity, bad = its bad quantity, so the
 *   inspection, the card step, the card and its line tell the same numbers (the inspector's count is what the step
 *   recorded; nothing on the card moves). Bad pieces are split over one or two defect reasons (config `defect_reasons`,
 *   those likely at the node), one `baddetails` row per reason, as the server writes a `precheck` fact's defects; the
 *   inspection's `defects` names them. Grade A without bad pieces, else B; weighed when the item has a weight.
 * - Who and when: an inspector of the inspection step's department (never its head), in the day staff's hours
 *   (orders.ts `workOpen`: Monday to Saturday from 08:00), soon after the step finished, or on the next morning's round
 *   when it finished after hours — and only while the batch is still there: a card whose next step had started by
 *   then (or that would be inspected after the seeding moment) went on uninspected. The patrol samples: it gets to
 *   about three in five of the batches still there (PATROL_REACHES), so about two thousand inspections a quarter.
 * - How: written directly with multi-row inserts, like the order book's finished-goods inspections (`inventorydetails`,
 *   orders.ts), with no fact behind them (`fact_id` empty: the seed is not a tablet) and no history.
 * - Seeded once, into an empty `predetails` table; deterministic for the card steps (one seeded stream, the steps read
 *   in card-number order).
 */

const MINUTE = 60_000;

/** The share of the batches still waiting at a node that the patrol gets to (it samples the lines, not every batch). */
const PATROL_REACHES = 0.6;

/** The defect reasons likely at each node, among the config's; a node not listed may show any of them. */
const LIKELY_REASONS: Readonly<Record<string, readonly string[]>> = {
  印刷: ['色差', '印刷模糊', '污渍'],
  覆膜: ['污渍', '破损'],
  模切: ['模切毛边', '压痕不良', '尺寸偏差', '破损'],
  开槽: ['开槽偏位', '压痕不良', '尺寸偏差'],
};

interface DoneStep {
  card_id: number;
  show_id: string;
  item_id: number | null;
  weight: number | null;
  worknode_id: number;
  finished_at: Date;
  good: number;
  bad: number;
  /** When the card's next step started; null while it waits (or this was the last step). */
  next_start: Date | null;
}

/** The defect reasons of the config (a JSON list of texts), or none when it is missing or not a list. */
function reasonsOf(stored: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string' && r.length > 0) : [];
  } catch {
    return [];
  }
}

/**
 * Splits `bad` pieces over one reason, or now and then two when there are whole pieces enough: `[reason, quantity]`
 * pairs. Draws the same values whatever it is given, so one step's defects never shift the next step's draws.
 */
function defectsOf(rng: Rng, bad: number, reasons: readonly string[]): [string, number][] {
  const pick = rng.next(), other = rng.next(), share = rng.next(), two = rng.chance(0.35);
  if (bad <= 0 || reasons.length === 0) return [];
  const first = reasons[Math.floor(pick * reasons.length)]!;
  const rest = reasons.filter(r => r !== first);
  if (!two || rest.length === 0 || !Number.isInteger(bad) || bad < 2) return [[first, bad]];
  const part = 1 + Math.floor(share * (bad - 1));
  return [[first, part], [rest[Math.floor(other * rest.length)]!, bad - part]];
}

/**
 * Seeds the semi-finished inspections when `predetails` is empty (see the rules above); returns the rows it inserted
 * (inspections and their defects). Runs in the demo seed's transaction, after the order book.
 */
export async function seedPrechecks(tx: Db, now: Date = new Date()): Promise<number> {
  if ((await rows(tx, sql`select 1 from predetails limit 1`)).length > 0) return 0;
  // The nodes a semi-finished tablet serves (the first such tablet by code names the inspections made there).
  const points = await rows<{ id: number; name: string; computer_id: number }>(tx, sql`
    select distinct on (w.id) w.id, w.name, k.id as computer_id
    from computers k cross join unnest(k.worknode_ids) as x(id) join worknodes w on w.id = x.id
    where k.screen = 'precheck' and not coalesce(w.is_inspection, false)
    order by w.id, k.code`);
  const inspectors = (await rows<{ id: number }>(tx, sql`
    select distinct p.id, p.code from persons p join worknodes w on w.department_id = p.department_id and w.is_inspection
      left join departments d on d.id = p.department_id
    where p.active and p.id is distinct from d.manager_id order by p.code, p.id`)).map(p => Number(p.id));
  if (points.length === 0 || inspectors.length === 0) return 0;
  const configured = reasonsOf((await configValues(tx, ['defect_reasons'])).get('defect_reasons'));

  const steps = await rows<DoneStep>(tx, sql`
    select n.card_id, c.show_id, c.item_id, i.weight::float8 as weight, n.worknode_id, n.finished_at,
      n.good_quantity::float8 as good, coalesce(n.bad_quantity, 0)::float8 as bad, n.next_start
    from (select s.*, lead(s.started_at) over (partition by s.card_id order by s.seq) as next_start
          from cardnodes s where not s.canceled) n
      join cards c on c.id = n.card_id and not c.canceled
      left join items i on i.id = c.item_id
    where n.worknode_id = any(${sql.param(points.map(p => Number(p.id)))}::int[]) and n.status = 'done'
      and n.finished_at is not null and n.good_quantity is not null
    order by c.show_id, n.seq`);

  const rng = Rng.for('prechecks');
  const pointOf = new Map(points.map(p => [Number(p.id), p]));
  const latest = now.getTime() - 10 * MINUTE;
  const byNode = new Map<number, Record<string, unknown>[]>();
  const defects: { node: number; show_id: string; row: Record<string, unknown> }[] = [];
  for (const s of steps) {
    const point = pointOf.get(Number(s.worknode_id))!;
    const finished = new Date(s.finished_at).getTime();
    // Every step draws the same values, inspected or not, so one step's fate never shifts another's.
    const asked = finished + rng.int(10, 60) * MINUTE;
    const morning = rng.int(5, 150) * MINUTE;
    const person = rng.pick(inspectors);
    const reached = rng.chance(PATROL_REACHES);
    const opened = workOpen(asked, 'day');
    const at = opened === asked ? asked : opened + morning;
    const by = Math.min(latest, s.next_start === null ? Infinity : new Date(s.next_start).getTime());
    const likely = (LIKELY_REASONS[point.name] ?? []).filter(r => configured.includes(r));
    const found = defectsOf(rng, s.bad, likely.length ? likely : configured);
    if (!reached || at >= by) continue;
    const when = new Date(Math.floor(at / 1000) * 1000).toISOString();
    const list = byNode.get(point.id) ?? [];
    byNode.set(point.id, list);
    list.push({
      card_id: s.card_id, card_show_id: s.show_id, item_id: s.item_id, worknode_id: point.id, quantity: s.good,
      bad_quantity: s.bad, weight: s.weight === null ? null : Math.round(s.weight * s.good * 10_000) / 10_000,
      grade: s.bad > 0 ? 'B' : 'A', defects: found.map(([reason]) => reason), person_id: person,
      computer_id: point.computer_id, inspected_at: when, created_at: when, updated_at: when,
    });
    for (const [reason, quantity] of found) {
      defects.push({ node: point.id, show_id: s.show_id, row: {
        source: 'precheck', card_id: s.card_id, card_show_id: s.show_id, item_id: s.item_id, worknode_id: point.id, reason,
        quantity, person_id: person, found_at: when, created_at: when, updated_at: when,
      } });
    }
  }

  // A card is inspected once at a node: per node, its number finds the inspection its defects belong to.
  let inserted = 0;
  const ids = new Map<number, Map<string, number>>();
  for (const [node, list] of byNode) {
    ids.set(node, await insertAll(tx, 'predetails', list, 'card_show_id'));
    inserted += list.length;
  }
  const badRows = defects.map(d => ({ ...d.row, predetail_id: ids.get(d.node)!.get(d.show_id)! }));
  await insertAll(tx, 'baddetails', badRows);
  return inserted + badRows.length;
}
