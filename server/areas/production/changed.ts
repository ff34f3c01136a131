import type { ResourceDef } from '../../../src/domain/registry/resource';
import type { Db } from '../../db/connection';
import { validateValues } from '../../resources/write';
import type { RowData } from './rows';

const same = (a: unknown, b: unknown): boolean => {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) && blank(b)) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
};

/**
 * The fields of an update that really change the stored row. A screen that saves a whole document sends every field
 * of every line; a line nobody touched must not get a new version and an empty history entry. Values are compared
 * after validation (the text '5' is the number 5), so an invalid value is refused here as a save would refuse it.
 */
export async function changedFields(tx: Db, res: ResourceDef, before: RowData, raw: RowData): Promise<RowData> {
  const validated = await validateValues(tx, res, raw, 'update');
  const out: RowData = {};
  for (const [k, v] of Object.entries(validated)) if (!same(v, before[k])) out[k] = raw[k];
  return out;
}
