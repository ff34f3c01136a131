import type { ListQuery } from '../../domain/contract/list';
import type { stocklots } from '../../domain/resources/warehouse/stocklots';

/**
 * The semi-finished stock's filters (decision 184): places in the semi-finished stores, whose lot is a process card
 * (a card's lot names its card), with something on hand — a place emptied keeps its row at zero.
 */
export function semiStockFilter(storeIds: readonly number[]): NonNullable<ListQuery<typeof stocklots>['filter']> {
  return [
    { field: 'warehouse_id', op: 'in', value: [...storeIds] },
    { field: 'card_id', op: 'gte', value: 1 },
    { field: 'quantity', op: 'ne', value: 0 },
  ];
}
