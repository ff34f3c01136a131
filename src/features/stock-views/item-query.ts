import type { ListQuery } from '../../domain/contract/list';
import type { ListRow } from '../../domain/contract/rows';
import type { details } from '../../domain/resources/orders/details';
import type { orders } from '../../domain/resources/orders/orders';
import type { inventory } from '../../domain/resources/warehouse/inventory';
import type { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import type { stocklots } from '../../domain/resources/warehouse/stocklots';
import { roundTo } from '../../domain/rules/numbers';

/**
 * What /items/query asks about one item (decision 183), each through its resource's generic list: its stock per
 * warehouse (`inventory`) and per exact place and lot (`stocklots`, places with something on hand), its last
 * movements (`itemlogs`, newest first), the order lines naming it whose order is still open, and (through the formulas'
 * own call) the formulas using it.
 */

/** Movements shown: the newest; the ledger's own list has the rest. */
export const RECENT_MOVES = 20;
/** Order lines read (newest first) before keeping those of open orders. */
export const LINES_READ = 200;
/** An order is open until it is finished (or shipped), and while it is not cancelled. */
export const OPEN_ORDER_STATUSES = ['draft', 'confirmed', 'producing'] as const;

const ofItem = (item: number) => ({ field: 'item_id' as const, op: 'eq' as const, value: item });

export const byWarehouseQuery = (item: number): ListQuery<typeof inventory> =>
  ({ filter: [ofItem(item), { field: 'quantity', op: 'ne', value: 0 }], sort: ['warehouse_id'], limit: -1, totals: true });

export const byPlaceQuery = (item: number): ListQuery<typeof stocklots> =>
  ({ filter: [ofItem(item), { field: 'quantity', op: 'ne', value: 0 }], sort: ['warehouse_id', 'position_id', 'lot'], limit: -1, totals: true });

export const recentMovesQuery = (item: number): ListQuery<typeof itemlogs> =>
  ({ filter: [ofItem(item)], sort: ['-id'], page: 1, limit: RECENT_MOVES });

export const linesQuery = (item: number): ListQuery<typeof details> =>
  ({ filter: [ofItem(item)], sort: ['-id'], page: 1, limit: LINES_READ });

export const openOrdersQuery = (ids: readonly number[]): ListQuery<typeof orders> =>
  ({ filter: [{ field: 'id', op: 'in', value: [...ids] }, { field: 'status', op: 'in', value: [...OPEN_ORDER_STATUSES] }], limit: -1 });

/** The distinct orders of some lines. */
export const orderIdsOf = (lines: readonly Pick<ListRow<typeof details>, 'order_id'>[]): number[] =>
  [...new Set(lines.map(l => l.order_id).filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);

export interface OpenLine {
  line: ListRow<typeof details>;
  order: ListRow<typeof orders>;
  /** Ordered less finished: what production still owes (never below zero). */
  remaining: number;
}

/** The live lines whose order is open (among `open`), oldest due first. */
export function openLines(lines: readonly ListRow<typeof details>[], open: readonly ListRow<typeof orders>[]): OpenLine[] {
  const byId = new Map(open.filter(o => o.canceled !== true).map(o => [o.id, o]));
  return lines.flatMap(line => {
    const order = line.canceled === true || typeof line.order_id !== 'number' ? undefined : byId.get(line.order_id);
    if (!order) return [];
    const remaining = Math.max(0, roundTo(Number(line.quantity ?? 0) - Number(line.finished_quantity ?? 0), 4));
    return [{ line, order, remaining }];
  }).sort((a, b) => String(a.line.due_date ?? a.order.due_date ?? '9999').localeCompare(String(b.line.due_date ?? b.order.due_date ?? '9999'))
    || a.line.id - b.line.id);
}
