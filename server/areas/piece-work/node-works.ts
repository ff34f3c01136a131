import { sql, type SQL } from 'drizzle-orm';
import { works } from '../../../src/domain/resources/production/works';
import { localDateString, localDayStart } from '../../../src/domain/rules/date-single';
import { roundTo } from '../../../src/domain/rules/numbers';
import { periodOf } from '../../../src/domain/rules/piece-work';
import type { Auth } from '../../auth/sessions';
import { jsonArrayOf, rows, type Db } from '../../db/connection';
import { insertRows } from '../../db/bulk-write';
import { tableOf } from '../../db/tables';
import { column } from '../../db/columns';
import { recordHistoryBatch } from '../../resources/write-primitives';
import { closedPeriodsSql, lockPeriods } from './periods';
import { chainRowsSql, chainsOf, idArray, valuerOf, wageRowsSql, type ChainRow, type IdList, type Valuer, type WageRow } from './valuation';

/**
 * Work records made from finished card steps (docs/piece-work.md): one per step and the person who ran it, with the
 * step's good and bad quantity, its weight and metres (the line's kilograms and metres per unit when its property
 * columns state them, else the item's weight per unit), the machine, and the local date it finished; valued by the
 * wage table. A supervisor's "from card steps" makes them for a range; the shop floor will make one per finished swipe.
 */

/** What a finished step says about the work done there. */
export interface NodeFacts {
  cardnode_id: number;
  card_id: number;
  card_show_id: string;
  worknode_id: number;
  device_id: number | null;
  person_id: number | null;
  status: string;
  work_date: string | null;
  item_id: number | null;
  quantity: number;
  bad_quantity: number;
  weight: number | null;
  metres: number | null;
}

/** A finished step with what its card's line and item say per unit: what `workOf` turns into a record's facts. */
export interface StepOfWork {
  cardnode_id: number; card_id: number; show_id: string; worknode_id: number; device_id: number | null;
  person_id: number | null; status: string; finished_at: Date | null; item_id: number | null; good: number; bad: number;
  item_weight: number | null; line_quantity: number | null; line_kg: string | null; line_metres: string | null;
}

type FactRow = Omit<StepOfWork, 'finished_at'> & { finished_at: string | null };

/** Per-unit value of a line's property column total (kilograms, metres), when the line states both. */
function perUnit(total: string | null, lineQuantity: number | null): number | null {
  const t = total === null ? NaN : Number(total);
  return Number.isFinite(t) && t > 0 && lineQuantity !== null && lineQuantity > 0 ? t / lineQuantity : null;
}

export async function nodeFacts(tx: Db, where: SQL): Promise<NodeFacts[]> {
  const found = await rows<FactRow>(tx, sql`
    select n.id as cardnode_id, n.card_id, c.show_id, n.worknode_id, n.device_id, n.person_id, n.status,
      to_char(n.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at, c.item_id,
      coalesce(n.good_quantity, 0)::float8 as good, coalesce(n.bad_quantity, 0)::float8 as bad,
      i.weight::float8 as item_weight, d.quantity::float8 as line_quantity,
      d.props->>'kilograms' as line_kg, d.props->>'metres' as line_metres
    from cardnodes n
    join cards c on c.id = n.card_id and not c.canceled
    left join items i on i.id = c.item_id
    left join details d on d.id = c.detail_id
    where not n.canceled and ${where}
    order by n.finished_at, n.id`);
  return found.map(r => workOf({ ...r, finished_at: r.finished_at === null ? null : new Date(r.finished_at) }));
}

/** The facts of a record of a finished step: its quantities, the local day it finished, its weight and metres. */
export function workOf(r: StepOfWork): NodeFacts {
  const good = Number(r.good);
  const lineQty = r.line_quantity === null ? null : Number(r.line_quantity);
  const kg = perUnit(r.line_kg, lineQty) ?? (r.item_weight === null ? null : Number(r.item_weight));
  const m = perUnit(r.line_metres, lineQty);
  return {
    cardnode_id: Number(r.cardnode_id), card_id: Number(r.card_id), card_show_id: r.show_id, worknode_id: Number(r.worknode_id),
    device_id: r.device_id === null ? null : Number(r.device_id), person_id: r.person_id === null ? null : Number(r.person_id),
    status: r.status, work_date: r.finished_at === null ? null : localDateString(r.finished_at),
    item_id: r.item_id === null ? null : Number(r.item_id), quantity: good, bad_quantity: Number(r.bad),
    weight: kg === null ? null : roundTo(good * kg, 4), metres: m === null ? null : roundTo(good * m, 4),
  };
}

/** What the lines and items of some cards say per unit (`StepOfWork`'s line and item values), by line and by item. */
export interface PerUnit {
  lines: Map<number, { quantity: number | null; kg: string | null; metres: string | null }>;
  itemWeights: Map<number, number | null>;
}

/** A line's (kind 'd') or an item's (kind 'i', `q` its weight) per-unit values as read. */
interface PerUnitRow { kind: 'd' | 'i'; id: number; q: number | null; kg: string | null; m: string | null }

function perUnitSql(detailIds: IdList, itemIds: IdList): SQL {
  return sql`
    select 'd' as kind, id, quantity::float8 as q, props->>'kilograms' as kg, props->>'metres' as m
    from details where id = any(${idArray(detailIds)})
    union all
    select 'i', id, weight::float8, null, null from items where id = any(${idArray(itemIds)})`;
}

function perUnitOf(found: readonly PerUnitRow[]): PerUnit {
  const out: PerUnit = { lines: new Map(), itemWeights: new Map() };
  for (const r of found) {
    const q = r.q === null ? null : Number(r.q);
    if (r.kind === 'd') out.lines.set(Number(r.id), { quantity: q, kg: r.kg, metres: r.m });
    else out.itemWeights.set(Number(r.id), q);
  }
  return out;
}

/**
 * Which finished steps to make records of: those finished in [from, to] (local days), optionally at one work node and
 * of one person (a caller limited to its own records makes only its own); or exactly the steps named.
 */
export type NodeWorksScope = { from: string; to: string; worknode_id?: number; person_id?: number } | { cardnode_ids: readonly number[] };


/**
 * Records for the finished steps (with their person) that have none yet: those finished in [from, to] (local days),
 * optionally at one work node, or exactly the steps named. Steps of a closed month are skipped and counted. Races with
 * another maker of the same records are settled by the unique index on (step, person) of live records.
 */
export async function worksFromNodes(tx: Db, auth: Auth, scope: NodeWorksScope,
  source: 'node' | 'swipe'): Promise<{ created: number; skipped: number }> {
  const made = await insertNodeWorks(tx, scope, source, auth.accountId);
  if (made.ids.length > 0) {
    const t = tableOf(works);
    for (let i = 0; i < made.ids.length; i += 2_000) {
      const rows = await tx.select().from(t).where(sql`${column(t, 'id')} = any(${sql.param(made.ids.slice(i, i + 2_000))}::int[])`);
      await recordHistoryBatch(tx, works, 'create', rows.map(after => ({ before: null, after })), auth);
    }
  }
  return { created: made.ids.length, skipped: made.skipped };
}

/**
 * The records of `worksFromNodes`, without history: the demo seed writes them this way (history records what users
 * did). Returns the new records' ids and how many steps a closed month kept out.
 */
export async function insertNodeWorks(tx: Db, scope: NodeWorksScope,
  source: 'node' | 'swipe', by: number | null): Promise<{ ids: number[]; skipped: number }> {
  const where = 'cardnode_ids' in scope
    ? sql`n.id = any(${sql.param([...scope.cardnode_ids])}::int[])`
    : sql`n.finished_at >= ${localDayStart(scope.from)} and n.finished_at < ${localDayStart(scope.to, 1)}
        ${scope.worknode_id === undefined ? sql`` : sql`and n.worknode_id = ${scope.worknode_id}`}
        ${scope.person_id === undefined ? sql`` : sql`and n.person_id = ${scope.person_id}`}`;
  const facts = (await nodeFacts(tx, sql`${where} and n.status = 'done' and n.person_id is not null and n.finished_at is not null
    and not exists (select 1 from works w where w.cardnode_id = n.id and w.person_id = n.person_id and not w.canceled)`));
  return insertWorks(tx, facts, source, by);
}

/**
 * Records of finished steps with their person (`work_date` set), valued by the wage table; a step of a closed month
 * is skipped and counted, and one that already has a live record of its person is left alone (the unique index).
 */
export async function insertWorks(tx: Db, facts: readonly NodeFacts[], source: 'node' | 'swipe',
  by: number | null): Promise<{ ids: number[]; skipped: number }> {
  if (facts.length === 0) return { ids: [], skipped: 0 };
  return insertValued(tx, facts, await valuationOf(tx, facts), source, by);
}

/** What valuing some records reads: the closed months (shared-locked), the wage table, the items' category chains. */
export interface Valuation { closed: Set<string>; value: Valuer; chains: Map<number, number[]> }

/** What `readValuation` reads by: pay months, work nodes and items, and the lines and items to read per unit. */
export interface ValuationScope {
  periods: readonly string[];
  worknodeIds: readonly number[];
  itemIds: IdList;
  perUnit?: { detailIds: IdList; itemIds: IdList };
  /** The months' shared locks are held already (`lockPeriods`): the read is submitted without them. */
  locked?: boolean;
}

/** A valuation as read, with what it was read for (`periods`, `worknodes`: a record outside them needs a read of its own). */
export type ValuationRead = Valuation & { perUnit: PerUnit; periods: Set<string>; worknodes: Set<number> };

/**
 * Reads what values records of some months, work nodes and items — and, when asked, what some lines and items say
 * per unit — in one statement of JSON columns, submitted behind the months' shared locks unless they are held (the
 * transaction's client runs statements in order, so it reads once they are).
 */
export async function readValuation(tx: Db, scope: ValuationScope): Promise<ValuationRead> {
  const periods = [...new Set(scope.periods)];
  const [, [found]] = await Promise.all([
    scope.locked ? null : lockPeriods(tx, periods, 'shared'),
    rows<{ closed: { period: string }[]; wages: WageRow[]; chains: ChainRow[]; units: PerUnitRow[] }>(tx, sql`
      select ${jsonArrayOf(closedPeriodsSql(periods))} as closed, ${jsonArrayOf(wageRowsSql(scope.worknodeIds))} as wages,
        ${jsonArrayOf(chainRowsSql(scope.itemIds))} as chains,
        ${scope.perUnit ? jsonArrayOf(perUnitSql(scope.perUnit.detailIds, scope.perUnit.itemIds)) : sql`'[]'::json`} as units`),
  ]);
  return {
    closed: new Set(found!.closed.map(r => r.period)), value: valuerOf(found!.wages), chains: chainsOf(found!.chains),
    perUnit: perUnitOf(found!.units), periods: new Set(periods), worknodes: new Set(scope.worknodeIds),
  };
}

/**
 * Reads what values records of these work nodes, items and days (`readValuation`). The wage table is read for every
 * record's work node, a closed month's included (a few more rows, no statement more).
 */
export function valuationOf(tx: Db, works: readonly { work_date: string | null; worknode_id: number; item_id: number | null }[]):
  Promise<ValuationRead> {
  return readValuation(tx, {
    periods: works.map(f => periodOf(f.work_date!)), worknodeIds: works.map(f => f.worknode_id), itemIds: works.map(f => f.item_id),
  });
}

/** `insertWorks` once the valuation is read. */
export async function insertValued(tx: Db, facts: readonly NodeFacts[], { closed, value, chains }: Valuation, source: 'node' | 'swipe',
  by: number | null): Promise<{ ids: number[]; skipped: number }> {
  const open = facts.filter(f => !closed.has(periodOf(f.work_date!)));
  const ids: number[] = [];
  for (let i = 0; i < open.length; i += 2_000) {
    const batch = open.slice(i, i + 2_000).map(f => ({
      ...f, ...value({ ...f, work_date: f.work_date!, categories: f.item_id === null ? [] : chains.get(f.item_id) ?? [] }),
    }));
    // One statement of the rows as one JSON text (bulk-write.ts), which notes what they name in a push's reference checks.
    const made = await insertRows<typeof works, { id: number }>(tx, works, batch.map(b => ({
      person_id: b.person_id, work_date: b.work_date, worknode_id: b.worknode_id, item_id: b.item_id, card_id: b.card_id,
      card_show_id: b.card_show_id, cardnode_id: b.cardnode_id, device_id: b.device_id, quantity: b.quantity, bad_quantity: b.bad_quantity,
      weight: b.weight, metres: b.metres, basis: b.basis, rate: b.rate, amount: b.amount, wage_id: b.wage_id,
    })), {
      computed: {
        period: sql`substr(x.work_date::text, 1, 7)`, source: sql`${source}`, created_by: sql`${by}::int`, updated_by: sql`${by}::int`,
      },
      tail: sql`on conflict (cardnode_id, person_id) where cardnode_id is not null and not canceled do nothing returning id`,
    });
    ids.push(...made.map(r => Number(r.id)));
  }
  return { ids, skipped: facts.length - open.length };
}
