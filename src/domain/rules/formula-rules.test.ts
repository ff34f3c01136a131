import { describe, expect, it } from 'vitest';
import { findFormulaCycle, type FormulaNode } from './formula-cycle';
import { materialRequirement, RequirementCycleError, type RequirementMaterial } from './formula-requirement';

const node = (id: number, item_id: number, materials: FormulaNode['materials'] = []): FormulaNode =>
  ({ id, item_id, label: `F${id}`, materials });

describe('formula cycles', () => {
  it('refuses a material that is the formula’s own product', () => {
    expect(findFormulaCycle(node(1, 100), { item_id: 100, sub_formula_id: null }, new Map())).toEqual(['F1', 'F1']);
  });

  it('refuses a sub-formula that leads back, by id or by product, and names the chain', () => {
    const nodes = new Map([[2, node(2, 200, [{ item_id: 300, sub_formula_id: 3 }])],
      [3, node(3, 300, [{ item_id: 100, sub_formula_id: 1 }])]]);
    expect(findFormulaCycle(node(1, 100), { item_id: 200, sub_formula_id: 2 }, nodes)).toEqual(['F1', 'F2', 'F3', 'F1']);
    const byItem = new Map([[2, node(2, 200, [{ item_id: 100, sub_formula_id: null }])]]);
    expect(findFormulaCycle(node(1, 100), { item_id: 200, sub_formula_id: 2 }, byItem)).toEqual(['F1', 'F2', 'F1']);
    // A sub-formula naming the formula itself.
    expect(findFormulaCycle(node(1, 100), { item_id: 150, sub_formula_id: 1 }, new Map())).toEqual(['F1', 'F1']);
  });

  it('refuses a line that would contain a formula above the root', () => {
    // F9 (item 900) contains F1 through F5: F1 made of item 900 closes F9 → F5 → F1 → F9.
    const above = [{ id: 9, item_id: 900, path: ['F9', 'F5'] }, { id: 5, item_id: 500, path: ['F5'] }];
    expect(findFormulaCycle(node(1, 100), { item_id: 900, sub_formula_id: null }, new Map(), above)).toEqual(['F9', 'F5', 'F1', 'F9']);
    expect(findFormulaCycle(node(1, 100), { item_id: 700, sub_formula_id: 5 }, new Map(), above)).toEqual(['F5', 'F1', 'F5']);
    expect(findFormulaCycle(node(1, 100), { item_id: 700, sub_formula_id: null }, new Map(), above)).toBeNull();
  });

  it('accepts a tree and a diamond (two lines sharing a sub-formula)', () => {
    const nodes = new Map([[2, node(2, 200, [{ item_id: 400, sub_formula_id: 4 }])], [4, node(4, 400, [{ item_id: 500, sub_formula_id: null }])],
      [3, node(3, 300, [{ item_id: 400, sub_formula_id: 4 }])]]);
    expect(findFormulaCycle(node(1, 100), { item_id: 200, sub_formula_id: 2 }, nodes)).toBeNull();
    expect(findFormulaCycle(node(1, 100), { item_id: 300, sub_formula_id: 3 }, nodes)).toBeNull();
    expect(findFormulaCycle(node(1, 100), { item_id: 600, sub_formula_id: null }, nodes)).toBeNull();
  });
});

describe('material requirement', () => {
  const m = (item_id: number, quantity: number, loss_rate: number | null, sub_formula_id: number | null = null): RequirementMaterial =>
    ({ item_id, quantity, loss_rate, sub_formula_id });

  it('multiplies quantity, per-unit quantity and loss, rounds each need to 4 decimals and sums per item', () => {
    const formulas = new Map([[1, [m(10, 0.0125, 3), m(11, 1.2, 0), m(12, 0.000333, 12.5)]]]);
    const r = materialRequirement([{ formula_id: 1, quantity: 1000 }, { formula_id: 1, quantity: 7 }], id => formulas.get(id));
    // 1000 × 0.0125 × 1.03 = 12.875; 7 × 0.0125 × 1.03 = 0.090125 → 0.0901; sum 12.9651
    expect(r.get(10)).toBe(12.9651);
    expect(r.get(11)).toBe(1208.4);
    // 1000 × 0.000333 × 1.125 = 0.374625 → 0.3746; 7 × 0.000333 × 1.125 = 0.00262237… → 0.0026
    expect(r.get(12)).toBe(0.3772);
  });

  it('goes on through sub-formulas with the exact intermediate need, half away from zero at the end', () => {
    // 3 units of F1 need 0.5 of item 20 (+10 % loss) = 1.65 of F2's product; F2 needs 0.0001 of item 30 per unit.
    const formulas = new Map([[1, [m(20, 0.5, 10, 2)]], [2, [m(30, 0.0001, 50)]]]);
    const r = materialRequirement([{ formula_id: 1, quantity: 3 }], id => formulas.get(id));
    // 1.65 × 0.0001 × 1.5 = 0.0002475 → 0.0002 (the 5th decimal is 4); 1 × 0.00005 = 0.00005 → 0.0001 (a half)
    expect(r.get(30)).toBe(0.0002);
    expect(r.has(20)).toBe(false);
    const half = new Map([[1, [m(40, 0.00005, 0)]]]);
    expect(materialRequirement([{ formula_id: 1, quantity: 1 }], id => half.get(id)).get(40)).toBe(0.0001);
  });

  it('has no binary error on large quantities and stops on a cycle', () => {
    const formulas = new Map([[1, [m(50, 0.1, 0.1)]]]);
    expect(materialRequirement([{ formula_id: 1, quantity: 123456789.1234 }], id => formulas.get(id)).get(50))
      .toBe(12358024.5913); // 12345678.91234 × 1.001 = 12358024.59125234
    const loop = new Map([[1, [m(60, 1, 0, 2)]], [2, [m(70, 1, 0, 1)]]]);
    expect(() => materialRequirement([{ formula_id: 1, quantity: 1 }], id => loop.get(id))).toThrow(RequirementCycleError);
  });
});
