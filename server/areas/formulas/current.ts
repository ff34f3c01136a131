import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';

/**
 * The current formula of an item: its current, not cancelled version; when several recipes of the item are current,
 * the one with the smallest code (then the oldest), so the choice is the same on every call. Null when it has none.
 */
export async function currentFormulaOf(tx: Db, itemId: number): Promise<number | null> {
  return (await currentFormulasOf(tx, [itemId])).get(itemId) ?? null;
}

/** `currentFormulaOf` of many items in one query: item id → formula id (an item without one is absent). */
export async function currentFormulasOf(tx: Db, itemIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const found = await rows<{ item_id: number; id: number }>(tx, sql`
    select distinct on (item_id) item_id, id from formulas
    where item_id = any(${sql.param(ids)}::int[]) and is_current and not canceled order by item_id, code, id`);
  return new Map(found.map(f => [Number(f.item_id), Number(f.id)]));
}

