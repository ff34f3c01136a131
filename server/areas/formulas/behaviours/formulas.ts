import { sql } from 'drizzle-orm';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { assertNoCycle, assertTraits } from '../checks';
import { changesRow, forkFormula, formulaInUse, frozenError } from '../versions';
import type { Behaviour } from '../../../resources/behaviour-types';

const fieldError = (field: string, key: 'duplicate' | 'formula_code_versions') =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key } });

/**
 * The server rules of `formulas` (src/domain/resources/formulas/formulas.ts, docs/formulas.md):
 * - a new formula is version 1 of a new code, and current; `version_no` and `is_current` are never sent;
 * - a change to a version that order lines use (server/areas/formulas/versions.ts) goes to a new version: the
 *   generic save forks it (`fork`), and any other path that reaches `prepare` with a frozen version is refused (409);
 *   a save that changes nothing makes no version;
 * - the code of a recipe with several versions does not change (it is what ties them together);
 * - traits are keyed by the config `formula_traits`; a new product must not be one of the formula's own materials.
 * Cancelling a version is allowed: the order lines that name it keep it.
 */
export const formulasBehaviour: Behaviour = {
  async fork(tx, { mode, before, values, auth }) {
    if (mode !== 'update' || before.canceled || !changesRow(before, values)) return null;
    if (!(await formulaInUse(tx, before.id as number))) return null;
    return (await forkFormula(tx, before, auth)).formula;
  },

  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'update') {
      if (before!.canceled) throw new ApiError(409, 'already_canceled');
      if (changesRow(before!, out) && await formulaInUse(tx, before!.id as number)) throw frozenError(before!);
    }
    if ('traits' in out) await assertTraits(tx, out.traits);
    const code = (out.code ?? before?.code) as string;
    if (mode === 'create' || ('code' in out && out.code !== before!.code)) {
      const [taken] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from formulas where code = ${code}`);
      if (Number(taken?.n) > 0) throw fieldError('code', 'duplicate');
      if (mode === 'update') {
        const [versions] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from formulas where code = ${before!.code as string}`);
        if (Number(versions?.n) > 1) throw fieldError('code', 'formula_code_versions');
      }
    }
    if (mode === 'create') {
      out.version_no = 1;
      out.is_current = true;
    } else if ('item_id' in out && out.item_id !== before!.item_id) {
      // A sub-formula makes the material its parents name: its product stays while a parent names it.
      const [parent] = await rows<{ n: number }>(tx,
        sql`select count(*)::int as n from formulamaterials where sub_formula_id = ${before!.id as number}`);
      if (Number(parent?.n) > 0) throw new ApiError(422, 'invalid_input', {}, { item_id: { key: 'sub_formula_item' } });
      // The new product must not be one of the formula's materials, at any depth.
      const lines = await rows<{ item_id: number; sub_formula_id: number | null }>(tx,
        sql`select item_id, sub_formula_id from formulamaterials where formula_id = ${before!.id as number} order by id`);
      for (const l of lines) await assertNoCycle(tx, { ...before!, item_id: out.item_id }, l, 'item_id');
    }
    return out;
  },
};
