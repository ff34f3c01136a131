import { MAX_PAGE, type ListQuery } from '../../domain/contract/list';
import type { details } from '../../domain/resources/orders/details';

/** The live lines of an order in line order (one page holds more lines than a save may carry). */
export function linesQuery(orderId: number): ListQuery<typeof details> {
  return { limit: MAX_PAGE, sort: ['line_no', 'id'], filter: [{ field: 'canceled', op: 'eq', value: false }], extra: { order_id: orderId } };
}
