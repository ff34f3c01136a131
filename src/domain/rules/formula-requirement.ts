/**
 * The material requirement of order lines (issue 12 point 3, docs/formulas.md): each line's quantity × its formula
 * version's materials, quantity per unit × (1 + loss rate / 100), on through sub-formulas to the materials that are
 * not made by a formula, summed per material item.
 *
 * Arithmetic is exact decimal (BigInt), so the result is the same on every machine and equals a hand computation:
 * - a line quantity has 4 decimals, a quantity per unit 6, a loss rate 2 (their columns' scales);
 * - through a sub-formula the exact product is carried on, never rounded half-way;
 * - each line's need of a final material is rounded to 4 decimals (half away from zero), then the needs are summed
 *   per material item exactly at 4 decimals (DESIGN §8: quantities keep 4 decimals until shown).
 * An intermediate material (one with a sub-formula) is not listed itself: it is made, not bought.
 */

export interface RequirementMaterial {
  item_id: number;
  /** Per one unit of the formula's product, 6 decimals. */
  quantity: number;
  /** Percent, 0–100, 2 decimals; empty = 0. */
  loss_rate: number | null;
  sub_formula_id: number | null;
}

/** One order line's need: its quantity of product made by a formula version. */
export interface RequirementDemand { formula_id: number; quantity: number }

/** Sub-formulas nested deeper than this stop the computation (the write path refuses cycles; this guards the loop). */
export const MAX_REQUIREMENT_DEPTH = 32;

export class RequirementCycleError extends Error {
  constructor(readonly formulaIds: readonly number[]) {
    super(`formula cycle through ${formulaIds.join(' → ')}`);
  }
}

/** An exact decimal: `n` × 10^-`scale`. */
interface Dec { n: bigint; scale: number }

/** A column value at its scale as an exact decimal (the stored value is the double nearest a `scale`-digit decimal). */
function dec(x: number | null, scale: number): Dec {
  return { n: BigInt(Math.round((x ?? 0) * 10 ** scale)), scale };
}

const mul = (a: Dec, b: Dec): Dec => ({ n: a.n * b.n, scale: a.scale + b.scale });

/** Rounded to 4 decimals, half away from zero, as a count of 1/10 000. */
function toUnits(a: Dec): bigint {
  if (a.scale <= 4) return a.n * 10n ** BigInt(4 - a.scale);
  const d = 10n ** BigInt(a.scale - 4);
  const neg = a.n < 0n;
  const abs = neg ? -a.n : a.n;
  const q = (abs + d / 2n) / d;
  return neg ? -q : q;
}

/** 1 + loss/100 with the loss at 2 decimals: (10 000 + loss × 100) × 10^-4. */
const lossFactor = (lossRate: number | null): Dec => ({ n: 10_000n + dec(lossRate, 2).n, scale: 4 });

/**
 * Material item id → quantity required (4 decimals), for `demands`. `materialsOf` gives a formula version's
 * materials (undefined: unknown formula, contributes nothing). Throws RequirementCycleError on a formula that
 * contains itself or nesting beyond MAX_REQUIREMENT_DEPTH.
 */
export function materialRequirement(demands: readonly RequirementDemand[],
  materialsOf: (formulaId: number) => readonly RequirementMaterial[] | undefined): Map<number, number> {
  const units = new Map<number, bigint>();
  const path: number[] = [];
  const expand = (formulaId: number, need: Dec): void => {
    if (path.includes(formulaId) || path.length >= MAX_REQUIREMENT_DEPTH) throw new RequirementCycleError([...path, formulaId]);
    path.push(formulaId);
    for (const m of materialsOf(formulaId) ?? []) {
      const q = mul(mul(need, dec(m.quantity, 6)), lossFactor(m.loss_rate));
      if (m.sub_formula_id != null) expand(m.sub_formula_id, q);
      else units.set(m.item_id, (units.get(m.item_id) ?? 0n) + toUnits(q));
    }
    path.pop();
  };
  for (const d of demands) expand(d.formula_id, dec(d.quantity, 4));
  const out = new Map<number, number>();
  for (const [item, u] of units) out.set(item, Number(u) / 10_000);
  return out;
}
