import { sql } from 'drizzle-orm';
import { findFormulaCycle, MAX_FORMULA_DEPTH, type FormulaAbove, type FormulaNode } from '../../../src/domain/rules/formula-cycle';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';

export const formulaLabel = (f: { code?: unknown; version_no?: unknown }): string => `${String(f.code)} v${Number(f.version_no ?? 1)}`;

/**
 * Refuses (422, naming the chain) a material line `line` of formula `root` that would make a formula contain itself
 * (src/domain/rules/formula-cycle.ts). Reads the formulas reachable from the line's sub-formula, at any depth.
 */
export async function assertNoCycle(tx: Db, root: RowData, line: { item_id: number; sub_formula_id: number | null },
  field: 'item_id' | 'sub_formula_id'): Promise<void> {
  const nodes = new Map<number, FormulaNode>();
  if (line.sub_formula_id != null) {
    const found = await rows<{ id: number; item_id: number; code: string; version_no: number | null;
      m_item_id: number | null; m_sub_id: number | null }>(tx, sql`
      with recursive down(id) as (
        select ${line.sub_formula_id}::int
        union
        select m.sub_formula_id from formulamaterials m join down on m.formula_id = down.id where m.sub_formula_id is not null
      )
      select f.id, f.item_id, f.code, f.version_no, m.item_id as m_item_id, m.sub_formula_id as m_sub_id
      from down join formulas f on f.id = down.id left join formulamaterials m on m.formula_id = f.id
      order by f.id, m.id`);
    for (const r of found) {
      let node = nodes.get(r.id);
      if (!node) nodes.set(r.id, node = { id: r.id, item_id: r.item_id, label: formulaLabel(r), materials: [] });
      if (r.m_item_id != null) (node.materials as FormulaNode['materials'][number][]).push({ item_id: r.m_item_id, sub_formula_id: r.m_sub_id });
    }
  }
  // The formulas above the root: each with the formulas from it down to the root's parent (cycles in stored data
  // stop at MAX_FORMULA_DEPTH and at a formula already on the path).
  const up = await rows<{ id: number; item_id: number; path: number[] }>(tx, sql`
    with recursive up(id, path, depth) as (
      select m.formula_id, array[m.formula_id], 1 from formulamaterials m where m.sub_formula_id = ${root.id as number}
      union all
      select m.formula_id, m.formula_id || up.path, up.depth + 1 from formulamaterials m join up on m.sub_formula_id = up.id
      where up.depth < ${MAX_FORMULA_DEPTH} and not m.formula_id = any(up.path)
    )
    select distinct on (up.id) up.id, f.item_id, up.path from up join formulas f on f.id = up.id order by up.id, up.depth`);
  const ids = [...new Set(up.flatMap(u => u.path.map(Number)))];
  const labels = new Map<number, string>();
  if (ids.length) {
    const named = await rows<{ id: number; code: string; version_no: number | null }>(tx,
      sql`select id, code, version_no from formulas where id in (${sql.join(ids.map(id => sql`${id}`), sql`, `)})`);
    for (const n of named) labels.set(Number(n.id), formulaLabel(n));
  }
  const above: FormulaAbove[] = up.map(u => ({ id: Number(u.id), item_id: Number(u.item_id),
    path: u.path.map(id => labels.get(Number(id)) ?? String(id)) }));
  const chain = findFormulaCycle({ id: root.id as number, item_id: root.item_id as number, label: formulaLabel(root) }, line,
    nodes, above);
  if (chain) {
    const text = chain.join(' → ');
    throw new ApiError(422, 'formula_cycle', { chain: text }, { [field]: { key: 'formula_cycle', params: { chain: text } } });
  }
}

/**
 * Traits are `{trait: value}` with each trait one of the config `formula_traits` (when the config lists any) and
 * each value a short text or a number, so the screen's trait columns and the reports read what they expect.
 */
export async function assertTraits(tx: Db, traits: unknown): Promise<void> {
  if (traits === null || traits === undefined) return;
  const shape = () => new ApiError(422, 'invalid_input', {}, { traits: { key: 'formula_traits_shape' } });
  if (typeof traits !== 'object' || Array.isArray(traits)) throw shape();
  const entries = Object.entries(traits as Record<string, unknown>);
  for (const [, v] of entries) {
    if (!(typeof v === 'number' && Number.isFinite(v)) && !(typeof v === 'string' && v.length <= 100)) throw shape();
  }
  const [cfg] = await rows<{ values: string | null }>(tx, sql`select "values" from configs where name = 'formula_traits' limit 1`);
  let allowed: unknown = null;
  try { allowed = cfg?.values ? JSON.parse(cfg.values) : null; } catch { allowed = null; }
  if (!Array.isArray(allowed) || allowed.length === 0) return;
  const unknown = entries.map(([k]) => k).filter(k => !allowed.includes(k));
  if (unknown.length) {
    throw new ApiError(422, 'invalid_input', {}, { traits: { key: 'formula_traits_unknown', params: { names: unknown.join('、') } } });
  }
}
