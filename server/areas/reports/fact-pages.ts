import { sql, type SQL } from 'drizzle-orm';
import type { ReportFactsParams, ReportFactsReply } from '../../../src/domain/contract/report-facts';
import { FACT_PAGE } from '../../../src/domain/contract/report-facts';
import { FACT_SOURCES, type ReportSource } from '../../../src/domain/reports/fact-sources';
import { resourceByName } from '../../../src/domain/resources/all';
import { cardnodes } from '../../../src/domain/resources/orders/cardnodes';
import { details } from '../../../src/domain/resources/orders/details';
import { orders } from '../../../src/domain/resources/orders/orders';
import { works } from '../../../src/domain/resources/production/works';
import { facts } from '../../../src/domain/resources/shopfloor/facts';
import { inventorydetails } from '../../../src/domain/resources/shopfloor/inventorydetails';
import { predetails } from '../../../src/domain/resources/shopfloor/predetails';
import { itemlogs } from '../../../src/domain/resources/warehouse/itemlogs';
import { dayNumber } from '../../../src/domain/rules/day-numbers';
import { localDayStart } from '../../../src/domain/rules/date-single';
import { canAct, canRead, hiddenOf } from '../../auth/permissions';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';

/**
 * A page of a report source's facts (docs/reports.md, src/domain/reports/fact-sources.ts) as columns: one SQL read per
 * page in id order, then the display names of the ids it holds. Live rows only; a caller scoped to its own rows sees
 * only facts of its rows (its own piece work and inspections, the orders it sells), and a measure of pay or price it
 * may not see is left out (`hidden`).
 *
 * Days: a piece-work record's day is its work date; a step's and an inspection's is the local calendar date of when it
 * happened, as the server's clock reads it (the work dates of piece work made from steps are taken the same way).
 */

type Row = Record<string, unknown>;
interface SourceQuery {
  /** The alias of the source's own table in `select`. */
  alias: string;
  /**
   * The facts: `id`, `day` (a day number) or `at_ms` (epoch milliseconds), every key, every measure (exact numerics:
   * the totals sum them in SQL, the page sends them as numbers). A source that is not one row of a table (a
   * snapshot, a union) selects from a subquery named by `alias`, built from the range `p` and the caller `auth`.
   */
  select: (where: SQL, p: ReportFactsParams, auth: Auth) => SQL;
  /** The date range and what the caller may see, on the source's alias. */
  where: (auth: Auth, p: ReportFactsParams) => SQL[];
  hidden: (auth: Auth) => string[];
}

const SOURCES: Record<ReportSource, SourceQuery> = {
  steps: {
    alias: 'n',
    select: where => sql`
      select n.id, extract(epoch from n.finished_at) * 1000 as at_ms, n.worknode_id as worknode, o.customer_id as customer,
        o.saler_id as saler, n.device_id as device, c.item_id as item, n.person_id as person, n.card_id as card, c.order_id as "order",
        n.good_quantity as good, n.bad_quantity as bad, round(n.good_quantity * d.price, 4) as value
      from cardnodes n
      join cards c on c.id = n.card_id and not c.canceled
      left join orders o on o.id = c.order_id
      left join details d on d.id = c.detail_id
      where ${where}`,
    where: (auth, p) => [sql`n.status = 'done'`, sql`not n.canceled`,
      sql`n.finished_at >= ${localDayStart(p.from)} and n.finished_at < ${localDayStart(p.to, 1)}`,
      ownerConditionOn(auth, cardnodes, 'n'), ownerConditionOn(auth, orders, 'o')],
    // A step's value is money at its order line's price: only for a caller granted the lines themselves (`view`, not
    // the reading of a line's name that viewing a card allows) and not denied their prices.
    hidden: auth => (!canAct(auth, details, 'view')
      || hiddenOf(auth, details).some(f => f === 'price' || f === 'amount') ? ['value'] : []),
  },
  works: {
    alias: 'w',
    select: where => sql`
      select w.id, (w.work_date - date '1970-01-01') as day, w.person_id as person, w.worknode_id as worknode, w.item_id as item,
        w.device_id as device, w.card_id as card, p.department_id as department, w.quantity, w.bad_quantity as bad, w.weight,
        w.metres, w.amount
      from works w
      left join persons p on p.id = w.person_id
      where ${where}`,
    where: (auth, p) => [sql`not w.canceled`, sql`w.work_date between ${p.from}::date and ${p.to}::date`,
      ownerConditionOn(auth, works, 'w')],
    hidden: auth => (hiddenOf(auth, works).includes('amount') ? ['amount'] : []),
  },
  taps: {
    alias: 'f',
    select: where => sql`
      select f.id, extract(epoch from f.at) * 1000 as at_ms, f.person_id as person, f.worknode_id as worknode,
        f.computer_id as computer, f.card_id as card,
        -- What a swipe made counts only when it took effect (applied, or resolved by a supervisor's correction).
        case when f.status in ('applied', 'resolved') then f.good end as good,
        case when f.status in ('applied', 'resolved') then f.bad end as bad, (f.status = 'rejected')::int as rejected
      from facts f
      where ${where}`,
    where: (auth, p) => [sql`f.name = 'tap'`, sql`f.at >= ${localDayStart(p.from)} and f.at < ${localDayStart(p.to, 1)}`,
      ownerConditionOn(auth, facts, 'f')],
    hidden: () => [],
  },
  stockmoves: {
    alias: 'l',
    select: where => sql`
      select l.id, extract(epoch from l.at) * 1000 as at_ms, l.item_id as item, l.warehouse_id as warehouse,
        l.position_id as "position", l.card_id as card, l.doc_id as doc,
        greatest(l.quantity, 0) as received, greatest(-l.quantity, 0) as issued,
        case when l.quantity > 0 then l.value else 0 end as value_received, case when l.quantity < 0 then -l.value else 0 end as value_issued
      from itemlogs l
      where ${where}`,
    where: (auth, p) => [sql`l.at >= ${localDayStart(p.from)} and l.at < ${localDayStart(p.to, 1)}`, ownerConditionOn(auth, itemlogs, 'l')],
    hidden: () => [],
  },
  // The stock at the start of `from` (decision 180): the ledger's movements before it, summed per item, warehouse,
  // position and card; a key whose sums are both zero is left out. A fact's id is the first movement of its key (unique
  // per key, so pages by id join up), its day `from`.
  stockopening: {
    alias: 'o',
    select: (where, p, auth) => sql`
      select o.* from (
        select min(l.id) as id, ${dayNumberOf(p.from)}::int as day, l.item_id as item, l.warehouse_id as warehouse,
          l.position_id as "position", l.card_id as card, sum(l.quantity) as quantity, sum(l.value) as value
        from itemlogs l
        where l.at < ${localDayStart(p.from)} and ${ownerConditionOn(auth, itemlogs, 'l')}
        group by l.item_id, l.warehouse_id, l.position_id, l.card_id
        having sum(l.quantity) <> 0 or sum(l.value) <> 0) o
      where ${where}`,
    where: () => [sql`true`],
    hidden: () => [],
  },
  // Semi-finished inspections split by their defects (decision 182): an inspection's fact has an even id (2 × its
  // id), a defect row's an odd one (2 × its id + 1), so one id order pages both. A reason's id is the first defect row
  // written with its text; a defect of a cancelled inspection is not counted (cancelling cancels its rows too).
  prechecks: inspectionsByDefect('predetails', 'predetail_id', predetails),
  // The finished-goods inspections split by their defects, the same way (docs/delivery.md "Finished-goods views").
  finishedchecks: inspectionsByDefect('inventorydetails', 'inventorydetail_id', inventorydetails),
  // Finished goods (decision 209): the movements of cards' lots in finished-goods stores (an even id: 2 × the ledger
  // row's) and the live finished-goods inspections (an odd one: 2 × the inspection's + 1). A reversal counts against
  // the kind it reverses; its person is who cancelled. The inspections only for a caller who may view them.
  finished: {
    alias: 'f',
    select: (where, _p, auth) => sql`
      select f.* from (
        select l.id * 2 as id, extract(epoch from l.at) * 1000 as at_ms, l.at, l.item_id as item, c.order_id as "order", o.customer_id as customer, l.card_id as card,
          l.warehouse_id as warehouse, a.person_id as person, o.saler_id,
          0 as inspections, 0 as inspected, 0 as bad,
          case when coalesce(r.kind, l.kind) = 'checkin' then (case when l.reverses_id is null then 1 else -1 end) else 0 end as checkins,
          case when coalesce(r.kind, l.kind) = 'checkin' then l.quantity else 0 end as checked_in,
          case when coalesce(r.kind, l.kind) = 'checkout' then -l.quantity else 0 end as delivered,
          l.quantity as stock
        from itemlogs l
        join warehouses w on w.id = l.warehouse_id and w.kind = 'finished'
        left join itemlogs r on r.id = l.reverses_id
        left join cards c on c.id = l.card_id
        left join orders o on o.id = c.order_id
        left join accounts a on a.id = l.created_by
        where l.card_id is not null
        union all
        select i.id * 2 + 1, extract(epoch from i.inspected_at) * 1000, i.inspected_at, i.item_id, c.order_id, o.customer_id, i.card_id, 0, i.person_id, o.saler_id,
          1, i.quantity, coalesce(i.bad_quantity, 0), 0, 0, 0, 0
        from inventorydetails i
        left join cards c on c.id = i.card_id
        left join orders o on o.id = c.order_id
        where not i.canceled and ${canAct(auth, inventorydetails, 'view') ? sql`true` : sql`false`}) f
      where ${where}`,
    where: (auth, p) => [sql`f.at >= ${localDayStart(p.from)} and f.at < ${localDayStart(p.to, 1)}`, ownerConditionOn(auth, orders, 'f')],
    hidden: auth => (canAct(auth, inventorydetails, 'view') ? [] : ['inspections', 'inspected', 'bad']),
  },
  // The finished goods on hand at the start of `from`, like `stockopening`: a key's fact id is its first movement's.
  finishedopening: {
    alias: 'o',
    select: (where, p, auth) => sql`
      select o.* from (
        select min(l.id) * 2 as id, ${dayNumberOf(p.from)}::int as day, o.customer_id as customer, c.order_id as "order",
          l.item_id as item, l.card_id as card, l.warehouse_id as warehouse, sum(l.quantity) as stock
        from itemlogs l
        join warehouses w on w.id = l.warehouse_id and w.kind = 'finished'
        left join cards c on c.id = l.card_id
        left join orders o on o.id = c.order_id
        where l.card_id is not null and l.at < ${localDayStart(p.from)} and ${ownerConditionOn(auth, orders, 'o')}
        group by o.customer_id, c.order_id, l.item_id, l.card_id, l.warehouse_id
        having sum(l.quantity) <> 0) o
      where ${where}`,
    where: () => [sql`true`],
    hidden: () => [],
  },
  inspections: {
    alias: 'i',
    select: where => sql`
      select i.id, extract(epoch from i.inspected_at) * 1000 as at_ms, i.item_id as item, i.worknode_id as worknode,
        i.person_id as person, i.card_id as card, i.quantity, i.bad_quantity as bad, i.weight
      from inventorydetails i
      where ${where}`,
    where: (auth, p) => [sql`not i.canceled`, sql`i.inspected_at >= ${localDayStart(p.from)} and i.inspected_at < ${localDayStart(p.to, 1)}`,
      ownerConditionOn(auth, inventorydetails, 'i')],
    hidden: () => [],
  },
};

/**
 * Inspections split by their defects (decision 182): one fact per live inspection of `table` (an even id, reason 0) and
 * one per live defect row of it (`baddetails` by `parent`; an odd id, its reason: the first defect row with its text).
 */
function inspectionsByDefect(table: 'predetails' | 'inventorydetails', parent: 'predetail_id' | 'inventorydetail_id',
  res: typeof predetails | typeof inventorydetails): SourceQuery {
  const t = sql.identifier(table);
  const fk = sql.identifier(parent);
  return {
    alias: 'f',
    select: where => sql`
      select f.* from (
        select p.id * 2 as id, extract(epoch from p.inspected_at) * 1000 as at_ms, p.inspected_at, p.person_id, p.worknode_id as worknode,
          0 as reason, p.person_id as person, p.item_id as item, p.card_id as card, 1 as inspections, p.quantity as passed,
          coalesce(p.bad_quantity, 0) as bad, 0 as defects, 0 as defect
        from ${t} p where not p.canceled
        union all
        select b.id * 2 + 1, extract(epoch from p.inspected_at) * 1000, p.inspected_at, p.person_id, p.worknode_id,
          r.rid, p.person_id, p.item_id, p.card_id, 0, 0, 0, 1, b.quantity
        from baddetails b join ${t} p on p.id = b.${fk} and not p.canceled
          -- A reason's key is the first row naming it: one grouped pass, not a lookup per defect row.
          left join (select reason, min(id) as rid from baddetails group by reason) r on r.reason = b.reason
        where not b.canceled) f
      where ${where}`,
    where: (auth, p) => [sql`f.inspected_at >= ${localDayStart(p.from)} and f.inspected_at < ${localDayStart(p.to, 1)}`,
      ownerConditionOn(auth, res, 'f')],
    hidden: () => [],
  };
}

/** A `YYYY-MM-DD` as a day number. */
function dayNumberOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayNumber(y, m, d);
}

/** The local calendar day of an instant, as a day number. */
function localDay(ms: number): number {
  const d = new Date(ms);
  return dayNumber(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The display names of the ids a page holds, per key, for the resources the caller may read. */
async function namesOf(db: Db, auth: Auth, source: ReportSource, keys: Record<string, number[]>): Promise<Record<string, Record<string, string>>> {
  const names: Record<string, Record<string, string>> = {};
  for (const k of FACT_SOURCES[source].keys) {
    if (!k.ref) continue;
    // A key's resource is a declared one (fact-sources.ts names it; its test checks every name).
    const def = resourceByName(k.ref)!;
    const ids = [...new Set(keys[k.name]!.filter(id => id > 0))];
    if (ids.length === 0 || !canRead(auth, def)) continue;
    // Identifiers from the registry, never from the caller.
    const found = await rows<{ id: number; name: string | null }>(db, sql`
      select id, ${sql.identifier(def.display)}::text as name from ${sql.identifier(def.name)} where id = any(${sql.param(ids)}::int[])`);
    names[k.name] = Object.fromEntries(found.map(r => [String(r.id), r.name ?? '']));
  }
  return names;
}

export async function reportFacts(db: Db, auth: Auth, source: ReportSource, p: ReportFactsParams): Promise<ReportFactsReply> {
  const q = SOURCES[source];
  const def = FACT_SOURCES[source];
  const limit = p.limit ?? FACT_PAGE;
  const asOf = new Date().toISOString();
  const alias = sql.identifier(q.alias);
  const conds = [...q.where(auth, p), sql`${alias}.id > ${p.after ?? 0}`];
  const found = await rows<Row>(db, sql`${q.select(sql.join(conds, sql` and `), p, auth)} order by ${alias}.id limit ${limit + 1}`);
  const page = found.slice(0, limit);
  const hidden = q.hidden(auth);
  const keys: Record<string, number[]> = {};
  for (const k of def.keys) {
    keys[k.name] = k.name === 'day'
      ? page.map(r => (r.day !== undefined ? Number(r.day) : localDay(Number(r.at_ms))))
      : page.map(r => Number(r[k.name] ?? 0));
  }
  const measures: Record<string, (number | null)[]> = {};
  for (const m of Object.keys(def.measures)) if (!hidden.includes(m)) measures[m] = page.map(r => num(r[m]));
  return {
    msg: 'OK', source, from: p.from, to: p.to, count: page.length, ids: page.map(r => Number(r.id)), keys, measures, hidden,
    names: await namesOf(db, auth, source, keys),
    next: found.length > limit ? Number(page[page.length - 1]!.id) : null, asOf,
  };
}

/** One group of `reportTotals`: its key's id (0 for none), its facts and its measures' sums. */
export interface TotalsRow { id: number; facts: number; sums: Record<string, number | null> }

/**
 * A source's sums by one key (not the day: a step's day is local time, which the database's clock need not share),
 * summed in SQL: quantities exactly and rounded to 2, money at its 4 stored decimals then rounded to 2 (DESIGN §8). The
 * figures the worker's aggregation of the same facts must equal to the cent (docs/reports.md "Agreement").
 */
export async function reportTotals(db: Db, auth: Auth, source: ReportSource, p: ReportFactsParams, key: string):
  Promise<{ rows: TotalsRow[]; total: TotalsRow; hidden: string[] }> {
  const q = SOURCES[source];
  const def = FACT_SOURCES[source];
  if (key === 'day' || !def.keys.some(k => k.name === key)) throw new Error(`report totals: ${source} has no key ${key}`);
  const hidden = q.hidden(auth);
  const measures = Object.keys(def.measures).filter(m => !hidden.includes(m));
  const sums = sql.join(measures.map(m => sql`round(sum(f.${sql.identifier(m)}), 2)::text as ${sql.identifier(m)}`), sql`, `);
  const inner = q.select(sql.join(q.where(auth, p), sql` and `), p, auth);
  const k = sql.identifier(key);
  const grouped = await rows<Row>(db, sql`
    select coalesce(f.${k}, 0) as id, count(*) as facts, ${sums} from (${inner}) f group by 1 order by 1`);
  const [all] = await rows<Row>(db, sql`select 0 as id, count(*) as facts, ${sums} from (${inner}) f`);
  const toRow = (r: Row): TotalsRow => ({
    id: Number(r.id), facts: Number(r.facts), sums: Object.fromEntries(measures.map(m => [m, r[m] === null ? null : Number(r[m])])),
  });
  return { rows: grouped.map(toRow), total: toRow(all!), hidden };
}
