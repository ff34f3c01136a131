import type { ResourceDef } from '../../../src/domain/registry/resource';
import type { Db } from '../../db/connection';
import { sameValue, validateValues } from '../../resources/write';
import type { RowData } from './rows';

/**
 * The fields of an update that really change the stored row. A screen that saves a whole document sends every field
 * of every line; a line nobody touched must not get a new version and an empty history entry. Values are compared
 * after validation (the text '5' is the number 5), so an invalid value is refused here as a save would refuse it.
 */
export async function changedFields(tx: Db, res: ResourceDef, before: RowData, raw: RowData): Promise<RowData> {
  const validated = await validateValues(tx, res, raw, 'update');
  const out: RowData = {};
  for (const [k, v] of Object.entries(validated)) if (!sameValue(v, before[k])) out[k] = raw[k];
  return out;
}
