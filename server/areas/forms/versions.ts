import { sql } from 'drizzle-orm';
import { formtemplates } from '../../../src/domain/resources/forms/formtemplates';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { column } from '../../db/columns';
import { tableOf } from '../../db/tables';
import type { RowData } from '../../resources/behaviour-types';
import { recordHistory, setDerived } from '../../resources/write-primitives';

/**
 * Form template versions (decision 265, as formulas' versions in docs/formulas.md): every version of a template shares
 * its `code`. A version is frozen once a live form names it — forms are always judged and shown by the version they
 * name — so a save of a frozen version's `fields` or category is written to a new version (`forkTemplate`): a copy,
 * `version_no` one above the highest of its code, current from then on; the frozen version keeps its id and history
 * and only stops being current. Its name, remark and `active` change in place (they judge nothing).
 */

/** The fields of a template whose change makes a new version of a frozen one. */
export const VERSIONED_FIELDS = ['fields', 'category_id'] as const;

/** Whether a live form names template version `id`. */
export async function templateInUse(tx: Db, id: number): Promise<boolean> {
  const [r] = await rows<{ used: boolean }>(tx, sql`select exists (select 1 from forms where template_id = ${id} and not canceled) as used`);
  return Boolean(r?.used);
}

/**
 * Writes the new version of frozen template `from` (locked by the caller): a copy, `version_no` one above the highest
 * of its code, current; every other version of the code stops being current. The versions of one code are locked
 * first, so two forks of one template queue and never take the same number.
 */
export async function forkTemplate(tx: Db, from: RowData, auth: Auth): Promise<RowData> {
  const t = tableOf(formtemplates);
  const siblings = await tx.select({ id: column(t, 'id'), version_no: column(t, 'version_no'), is_current: column(t, 'is_current') })
    .from(t).where(sql`${column(t, 'code')} = ${from.code as string}`).orderBy(column(t, 'id')).for('update');
  const next = Math.max(0, ...siblings.map(s => Number(s.version_no ?? 1))) + 1;
  const copy: RowData = {};
  for (const k of Object.keys(formtemplates.fields)) copy[k] = from[k];
  const [row] = await tx.insert(t).values({ ...copy, version_no: next, is_current: true, created_by: auth.accountId, updated_by: auth.accountId })
    .returning();
  await recordHistory(tx, formtemplates, 'create', row!.id as number, null, row!, auth, Number(row!.rev));
  for (const s of siblings) if (s.is_current) await setDerived(tx, formtemplates, s.id as number, { is_current: false });
  return row!;
}
