import type { ResourceDef } from '../../../../src/domain/registry/resource';
import { formulas } from '../../../../src/domain/resources/formulas/formulas';
import { items } from '../../../../src/domain/resources/items/items';
import type { Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { assertNoCycle } from '../checks';
import { changesRow, forkFormula, formulaInUse, frozenError } from '../versions';
import { rowById } from '../../production/rows';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';

const fieldError = (field: string, key: 'invalid_value' | 'sub_formula_item' | 'already_canceled' | 'too_big', params?: Record<string, number>) =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key, params } });

/** The line's formula, locked: lines of one formula are written one after another, and a fork sees them all. */
async function formulaOf(tx: Db, id: number): Promise<RowData> {
  const f = await rowById(tx, formulas, id, true);
  if (!f) throw fieldError('formula_id', 'invalid_value');
  if (f.canceled) throw new ApiError(409, 'already_canceled');
  return f;
}

/**
 * The rules shared by the lines of a formula, materials and operations (docs/formulas.md): a line belongs to one
 * formula for good; a line of a version that order lines use is never changed — a save or delete of it makes a new
 * version of the formula (`fork`: the change goes to the line's copy there), and a new line of it goes to a new
 * version too; a line of a cancelled formula is not written.
 */
function lineBehaviour(kind: 'materials' | 'operations',
  check?: (tx: Db, formula: RowData, line: RowData) => Promise<RowData>): Behaviour {
  return {
    async fork(tx, { mode, before, values, auth }) {
      if (mode === 'update' && !changesRow(before, values)) return null;
      const formula = await formulaOf(tx, before.formula_id as number);
      if (!(await formulaInUse(tx, formula.id as number))) return null;
      const fork = await forkFormula(tx, formula, auth);
      return fork[kind].get(before.id as number) ?? null;
    },

    async prepare(tx, { mode, before, values, auth }) {
      const out = { ...values };
      if (mode === 'update' && 'formula_id' in out && out.formula_id !== before!.formula_id) throw fieldError('formula_id', 'invalid_value');
      let formula = await formulaOf(tx, (out.formula_id ?? before!.formula_id) as number);
      if (await formulaInUse(tx, formula.id as number)) {
        if (mode === 'update') throw frozenError(formula);
        formula = (await forkFormula(tx, formula, auth)).formula;
        out.formula_id = formula.id;
      }
      return { ...out, ...(await check?.(tx, formula, { ...(before ?? {}), ...out })) };
    },
  };
}

/**
 * Materials: a loss rate is a percentage (0–100); a sub-formula is a formula of the line's material; a formula never
 * contains itself (src/domain/rules/formula-cycle.ts); a new line without a unit takes the material's unit.
 */
export const formulamaterialsBehaviour: Behaviour = lineBehaviour('materials', async (tx, formula, line) => {
  if (line.loss_rate != null && Number(line.loss_rate) > 100) throw fieldError('loss_rate', 'too_big', { max: 100 });
  const sub = line.sub_formula_id == null ? null : await rowById(tx, formulas, line.sub_formula_id as number);
  if (sub && sub.item_id !== line.item_id) throw fieldError('sub_formula_id', 'sub_formula_item');
  await assertNoCycle(tx, formula, { item_id: line.item_id as number, sub_formula_id: (line.sub_formula_id as number | null) ?? null },
    line.sub_formula_id == null ? 'item_id' : 'sub_formula_id');
  if (line.id === undefined && (line.unit === undefined || line.unit === null || line.unit === '')) {
    const item = await rowById(tx, items as ResourceDef, line.item_id as number);
    if (item?.unit) return { unit: item.unit };
  }
  return {};
});

export const formulaoperationsBehaviour: Behaviour = lineBehaviour('operations', () => Promise.resolve({}));
