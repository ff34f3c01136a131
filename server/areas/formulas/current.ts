import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';

/**
 * The current formula of an item: its current, not cancelled version; when several recipes of the item are current,
 * the one with the smallest code (then the oldest), so the choice is the same on every call. Null when it has none.
 */
export async function currentFormulaOf(tx: Db, itemId: number): Promise<number | null> {
  const [f] = await rows<{ id: number }>(tx, sql`
    select id from formulas where item_id = ${itemId} and is_current and not canceled order by code, id limit 1`);
  return f ? Number(f.id) : null;
}

