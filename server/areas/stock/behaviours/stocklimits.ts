import { sql } from 'drizzle-orm';
import { binKey } from '../../../../src/domain/rules/stock';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';

/**
 * The server rules of `stocklimits` (docs/stock.md "Alerts", decision 185), for every row of a save or an import:
 * - one row per item and warehouse: its key `limit_key` (`<item>:<warehouse>`, like the balance's `bin_key`) is the
 *   server's, unique in the table; a second row for a pair is refused on the item (409 `stock_limit_exists`) rather
 *   than by the unique index's generic answer on a field nobody typed;
 * - a maximum below the minimum is refused (422 `stock_limit_range`); either may be empty (no limit that side).
 */
export const stocklimitsBehaviour: Behaviour = {
  async prepareMany(tx, { rows: written, rowError }) {
    const out: RowData[] = [];
    const keys: { key: string; id: number | null }[] = [];
    for (const [i, r] of written.entries()) {
      const merged = { ...r.before, ...r.values };
      const min = merged.min_quantity == null ? null : Number(merged.min_quantity);
      const max = merged.max_quantity == null ? null : Number(merged.max_quantity);
      if (min !== null && max !== null && max < min) {
        throw rowError(i, new ApiError(422, 'stock_limit_range', {}, { max_quantity: { key: 'stock_limit_range' } }));
      }
      const key = binKey({ item_id: Number(merged.item_id), warehouse_id: Number(merged.warehouse_id) });
      if (keys.some(k => k.key === key)) {
        throw rowError(i, new ApiError(409, 'stock_limit_exists', {}, { item_id: { key: 'stock_limit_exists' } }));
      }
      keys.push({ key, id: r.before ? Number(r.before.id) : null });
      out.push({ ...r.values, limit_key: key });
    }
    const taken = await rows<{ id: number; limit_key: string }>(tx, sql`
      select id, limit_key from stocklimits where limit_key = any(${sql.param(keys.map(k => k.key))}::text[])`);
    for (const t of taken) {
      const i = keys.findIndex(k => k.key === t.limit_key && k.id !== Number(t.id));
      if (i >= 0) throw rowError(i, new ApiError(409, 'stock_limit_exists', {}, { item_id: { key: 'stock_limit_exists' } }));
    }
    return out;
  },
};
