import { describe, expect, it } from 'vitest';
import type { ListRow } from '../../domain/contract/rows';
import type { details } from '../../domain/resources/orders/details';
import type { orders } from '../../domain/resources/orders/orders';
import { openLines, openOrdersQuery, orderIdsOf } from './item-query';
import { semiStockFilter } from './semi-stock';

const line = (id: number, order_id: number, quantity: number, finished_quantity: number, due_date: string | null, canceled = false) =>
  ({ id, version: 1, order_id, quantity, finished_quantity, due_date, canceled }) as unknown as ListRow<typeof details>;
const order = (id: number, status: string, due_date = '2026-12-31', canceled = false) =>
  ({ id, version: 1, status, due_date, canceled }) as unknown as ListRow<typeof orders>;

describe('an item\'s open orders', () => {
  it('keeps the live lines of open orders, what production still owes, the earliest due first', () => {
    const lines = [line(1, 10, 100, 40, '2026-12-20'), line(2, 11, 50, 60, null), line(3, 12, 5, 0, '2026-12-01'),
      line(4, 10, 7, 0, '2026-11-01', true), line(5, 13, 9, 0, '2026-10-01')];
    expect(orderIdsOf(lines)).toEqual([10, 11, 12, 13]);
    // 12 is finished (the query asks only open ones; the server would not send it), 13 cancelled.
    const open = [order(10, 'producing'), order(11, 'confirmed', '2026-12-25'), order(13, 'draft', '2026-12-31', true)];
    expect(openLines(lines, open).map(x => [x.line.id, x.remaining])).toEqual([[1, 60], [2, 0]]);
  });

  it('asks only for open statuses among the lines\' orders', () => {
    expect(openOrdersQuery([3, 4]).filter).toEqual([{ field: 'id', op: 'in', value: [3, 4] },
      { field: 'status', op: 'in', value: ['draft', 'confirmed', 'producing'] }]);
  });
});

describe('the semi-finished stock', () => {
  it('is the places in the semi-finished stores whose lot is a card, with something on hand', () => {
    expect(semiStockFilter([2, 5])).toEqual([{ field: 'warehouse_id', op: 'in', value: [2, 5] }, { field: 'card_id', op: 'gte', value: 1 },
      { field: 'quantity', op: 'ne', value: 0 }]);
  });
});
