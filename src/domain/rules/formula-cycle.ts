/**
 * A formula may not contain itself (issue 12 point 3): not directly (a material that is the formula's own product),
 * not through its sub-formulas (a sub-formula, or a sub-formula's sub-formula …, that is the formula again or whose
 * materials include the product of a formula above it on the way down). Pure, so the server checks every write of
 * a material line with it and the screen can explain the refusal.
 */

/** A formula as the check sees it: its product and its materials (material item, optional sub-formula). */
export interface FormulaNode {
  id: number;
  item_id: number;
  /** How the chain names it, e.g. `PF-CX01 v2`. */
  label: string;
  materials: readonly FormulaEdge[];
}

export interface FormulaEdge { item_id: number; sub_formula_id: number | null }

/** Nesting deeper than this is refused as if it were a cycle (a recipe is a few levels deep, never 32). */
export const MAX_FORMULA_DEPTH = 32;

/**
 * A formula that contains `root` through sub-formulas (at any depth), with the formulas from it down to the one that
 * names `root` as a sub-formula (`path`, labels, itself first).
 */
export interface FormulaAbove { id: number; item_id: number; path: readonly string[] }

/**
 * The chain of formulas that would contain itself if formula `root` got the material `line`, e.g.
 * `['A v1', 'B v1', 'A v1']`, or null when the line is sound. `nodes` holds the formulas reachable from the line's
 * sub-formula (others are not needed), `above` the formulas that contain `root`; `root`'s own materials are not read,
 * only the new line.
 */
export function findFormulaCycle(root: Omit<FormulaNode, 'materials'>, line: FormulaEdge,
  nodes: ReadonlyMap<number, FormulaNode>, above: readonly FormulaAbove[] = []): string[] | null {
  const path: Omit<FormulaNode, 'materials'>[] = [root];
  const visit = (edge: FormulaEdge): string[] | null => {
    // A material that is the product of a formula on the way down, or above the root: that formula would be made of
    // itself.
    const down = path.findIndex(f => f.item_id === edge.item_id || f.id === edge.sub_formula_id);
    if (down >= 0) return [...path.slice(down).map(f => f.label), path[down]!.label];
    const up = above.find(a => a.item_id === edge.item_id || a.id === edge.sub_formula_id);
    if (up) return [...up.path, ...path.map(f => f.label), up.path[0]!];
    if (edge.sub_formula_id == null) return null;
    const sub = nodes.get(edge.sub_formula_id);
    if (!sub) return null;
    if (path.length >= MAX_FORMULA_DEPTH) return [...path.map(f => f.label), sub.label];
    path.push(sub);
    for (const m of sub.materials) {
      const found = visit(m);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  return visit(line);
}
