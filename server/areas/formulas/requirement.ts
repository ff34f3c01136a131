import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_LINES_WITHOUT_FORMULA, type LineWithoutFormula, type RequirementParams, type RequirementReply, type RequirementRow,
} from '../../../src/domain/contract/formulas';
import { orders } from '../../../src/domain/resources/orders/orders';
import {
  materialRequirement, RequirementCycleError, type RequirementDemand, type RequirementMaterial,
} from '../../../src/domain/rules/formula-requirement';
import type { Auth } from '../../auth/sessions';
import { ownerCondition } from '../../auth/row-scope';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';

/**
 * The material requirement of one order or of the orders dated in a range (docs/formulas.md): the live lines of live
 * orders the caller may read (a salesperson scoped to own rows: their own orders), each with its formula version —
 * the one it names, else its item's current formula (lines entered before formulas existed) — expanded by
 * `materialRequirement` (src/domain/rules/formula-requirement.ts). One read of the lines, one of every formula
 * reachable from them, so the work does not grow with the depth of the recipes.
 */
export async function computeRequirement(db: Db, auth: Auth, p: RequirementParams): Promise<Omit<RequirementReply, 'msg'>> {
  const conds: SQL[] = [sql`not d.canceled`, sql`not orders.canceled`];
  if (p.order_id !== undefined) conds.push(sql`orders.id = ${p.order_id}`);
  if (p.from !== undefined && p.to !== undefined) conds.push(sql`orders.order_date between ${p.from}::date and ${p.to}::date`);
  const scope = ownerCondition(auth, orders);
  if (scope) conds.push(scope);
  const lines = await rows<{ id: number; code: string | null; item_id: number; item_name: string; quantity: number; formula_id: number | null }>(db, sql`
    -- A line without a formula takes its item's current one: the same choice as currentFormulaOf (formulas/current.ts).
    select d.id, d.code, d.item_id, i.name as item_name, d.quantity::float8 as quantity,
      coalesce(d.formula_id, (select f.id from formulas f where f.item_id = d.item_id and f.is_current and not f.canceled
        order by f.code, f.id limit 1)) as formula_id
    from details d join orders on orders.id = d.order_id join items i on i.id = d.item_id
    where ${sql.join(conds, sql` and `)}
    order by d.id`);

  const demands: RequirementDemand[] = [];
  const without: LineWithoutFormula[] = [];
  let withoutTotal = 0;
  for (const l of lines) {
    if (l.formula_id == null) {
      withoutTotal++;
      if (without.length < MAX_LINES_WITHOUT_FORMULA) {
        without.push({ detail_id: Number(l.id), code: l.code, item_id: Number(l.item_id), item_name: l.item_name });
      }
    } else demands.push({ formula_id: Number(l.formula_id), quantity: Number(l.quantity) });
  }

  const need = await needOf(db, demands);

  const dt: RequirementRow[] = [];
  if (need.size) {
    const ids = [...need.keys()];
    const found = await rows<{ id: number; code: string | null; name: string; spec: string | null; unit: string | null }>(db,
      sql`select id, code, name, spec, unit from items where id in (${sql.join(ids.map(id => sql`${id}`), sql`, `)})`);
    for (const i of found) {
      dt.push({ item_id: Number(i.id), code: i.code, name: i.name, spec: i.spec, unit: i.unit, quantity: need.get(Number(i.id))! });
    }
    dt.sort((a, b) => (a.code ?? '').localeCompare(b.code ?? '') || a.item_id - b.item_id);
  }
  return { dt, total: dt.length, lines: lines.length, without_formula: without, without_formula_total: withoutTotal };
}

/**
 * What these demands need of each material (item id → quantity, 4 decimals), their formulas expanded through every
 * sub-formula: one read of every formula reachable from them. Also the proposal of an issue to production
 * (server/areas/stock/issue-proposal.ts) and the stock alerts' open demand (server/areas/stock/alerts.ts).
 */
export async function needOf(db: Db, demands: readonly RequirementDemand[]): Promise<Map<number, number>> {
  const materials = await reachableMaterials(db, demands.map(d => d.formula_id));

  try {
    return materialRequirement(demands, id => materials.get(id));
  } catch (err) {
    // The write path refuses cycles; data written around it (by hand, in the database) is reported, never a 500.
    if (err instanceof RequirementCycleError) throw new ApiError(422, 'formula_cycle', { chain: err.formulaIds.join(' → ') });
    throw err;
  }
}

/**
 * The materials of the formula versions `roots` and of every sub-formula reachable from them, by formula version, in
 * their order: one recursive read, so the work does not grow with the depth of the recipes.
 */
async function reachableMaterials(db: Db, rootIds: readonly number[]): Promise<Map<number, RequirementMaterial[]>> {
  const materials = new Map<number, RequirementMaterial[]>();
  const roots = [...new Set(rootIds)];
  if (roots.length === 0) return materials;
  const found = await rows<{ formula_id: number; item_id: number; quantity: number; loss_rate: number | null; sub_formula_id: number | null }>(db, sql`
    with recursive reach(id) as (
      select id from formulas where id = any(${sql.param(roots)}::int[])
      union
      select m.sub_formula_id from formulamaterials m join reach on m.formula_id = reach.id where m.sub_formula_id is not null
    )
    select m.formula_id, m.item_id, m.quantity::float8 as quantity, m.loss_rate::float8 as loss_rate, m.sub_formula_id
    from formulamaterials m join reach on m.formula_id = reach.id
    order by m.formula_id, m.sort, m.id`);
  for (const m of found) {
    const list = materials.get(Number(m.formula_id)) ?? [];
    list.push({ item_id: Number(m.item_id), quantity: Number(m.quantity), loss_rate: m.loss_rate == null ? null : Number(m.loss_rate),
      sub_formula_id: m.sub_formula_id == null ? null : Number(m.sub_formula_id) });
    materials.set(Number(m.formula_id), list);
  }
  return materials;
}
