import { sql } from 'drizzle-orm';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { formulamaterials } from '../../../src/domain/resources/formulas/formulamaterials';
import { formulaoperations } from '../../../src/domain/resources/formulas/formulaoperations';
import { formulas } from '../../../src/domain/resources/formulas/formulas';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { sameValue } from '../../resources/write-primitives';
import { column } from '../../db/columns';
import { recordHistory, setDerived } from '../../resources/write-primitives';

/**
 * Formula versions (docs/formulas.md). A version is frozen when an order line that is not cancelled names it
 * (`details.formula_id`), or names a version that contains it as a sub-formula, at any depth: the material
 * requirement of that line is computed from it, so it must never change. A change to a frozen version is written to
 * a new version (`forkFormula`): a copy of the row and its materials and operations, `version_no` one above the
 * highest of its code, current from then on; the frozen version keeps its id, its lines and its history, and only
 * stops being current (a derived write: a change number, no version).
 *
 * A sub-formula is named by its version's id, so a frozen parent keeps exactly the sub-formula it was used with; a
 * new version of a sub-formula reaches a parent when the parent's line is pointed at it (itself a change of the
 * parent, which makes a new parent version when the parent is frozen).
 */

/** Whether order lines use formula version `id`, directly or through the versions that contain it. */
export async function formulaInUse(tx: Db, id: number): Promise<boolean> {
  const [r] = await rows<{ used: boolean }>(tx, sql`
    with recursive up(id) as (
      select ${id}::int
      union
      select m.formula_id from formulamaterials m join up on m.sub_formula_id = up.id
    )
    select exists (select 1 from details d join up on d.formula_id = up.id where not d.canceled) as used`);
  return Boolean(r?.used);
}

/** The frozen-version refusal of a write path that cannot fork (an import of lines, a change of a line's formula). */
export function frozenError(formula: RowData): ApiError {
  return new ApiError(409, 'formula_frozen', { code: String(formula.code), version: Number(formula.version_no ?? 1) });
}

/** Whether an update's values change anything of the stored row. */
export function changesRow(before: RowData, values: RowData): boolean {
  return Object.entries(values).some(([k, v]) => !sameValue(v, before[k]));
}

/** The declared fields of a stored row (what a copy carries; system columns are the database's). */
function fieldsOf(res: ResourceDef, row: RowData): RowData {
  const out: RowData = {};
  for (const k of Object.keys(res.fields)) out[k] = row[k];
  return out;
}

async function insertCopy(tx: Db, res: ResourceDef, values: RowData, auth: Auth): Promise<RowData> {
  const [row] = await tx.insert(tableOf(res)).values({ ...values, created_by: auth.accountId, updated_by: auth.accountId })
    .returning();
  await recordHistory(tx, res, 'create', row!.id as number, null, row!, auth, Number(row!.rev));
  return row!;
}

export interface Fork {
  formula: RowData;
  /** Old line id → its copy in the new version. */
  materials: Map<number, RowData>;
  operations: Map<number, RowData>;
}

/**
 * Writes the new version of frozen formula `from` (locked `for update` by the caller): a copy with `version_no` one
 * above the highest of its code, current, with copies of its materials and operations; every other version of the
 * code stops being current. The versions of one code are locked first, so two forks of one recipe queue and never
 * take the same number.
 */
export async function forkFormula(tx: Db, from: RowData, auth: Auth): Promise<Fork> {
  const t = tableOf(formulas);
  const siblings = await tx.select({ id: column(t, 'id'), version_no: column(t, 'version_no'), is_current: column(t, 'is_current') })
    .from(t).where(sql`${column(t, 'code')} = ${from.code as string}`).orderBy(column(t, 'id')).for('update');
  const next = Math.max(0, ...siblings.map(s => Number(s.version_no ?? 1))) + 1;
  const formula = await insertCopy(tx, formulas, { ...fieldsOf(formulas, from), version_no: next, is_current: true }, auth);
  for (const s of siblings) if (s.is_current) await setDerived(tx, formulas, s.id as number, { is_current: false });
  const copyLines = async (res: ResourceDef): Promise<Map<number, RowData>> => {
    const lt = tableOf(res);
    const lines = await tx.select().from(lt).where(sql`${column(lt, 'formula_id')} = ${from.id as number}`).orderBy(column(lt, 'id'));
    const out = new Map<number, RowData>();
    for (const l of lines) out.set(l.id as number, await insertCopy(tx, res, { ...fieldsOf(res, l), formula_id: formula.id }, auth));
    return out;
  };
  return { formula, materials: await copyLines(formulamaterials), operations: await copyLines(formulaoperations) };
}
