import { describe, expect, it } from 'vitest';
import { movementsOf, type PostedDoc, type PostedLine } from './stock';

const line = (id: number, p: Partial<PostedLine>): PostedLine => ({
  id, item_id: 1, position_id: 10, to_position_id: null, status_id: null, to_status_id: null, lot: '', card_id: null,
  quantity: 0, quantity2: null, quantity3: null, unit_cost: null, book_quantity: null, ...p,
});
const count: PostedDoc = { kind: 'count', warehouse_id: 5, to_warehouse_id: null };

describe('a count posts per place', () => {
  it('adds counted − book for a place counted on one line', () => {
    expect(movementsOf(count, [line(1, { quantity: 28, book_quantity: 30 })]).map(m => m.quantity)).toEqual([-2]);
  });

  it('sums the lines of one place against the book its last line noted', () => {
    // Two boxes of the same item at the same position, scanned a minute apart: 12 + 20 found, 30 on the book.
    const ms = movementsOf(count, [line(1, { quantity: 12, book_quantity: 30 }), line(2, { quantity: 20, book_quantity: 30 })]);
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ quantity: 2, line_id: 2, position_id: 10, warehouse_id: 5 });
    // 10 issued from the uncounted corner between the scans: the book the second line noted is 20, and 22 are there.
    expect(movementsOf(count, [line(1, { quantity: 12, book_quantity: 30 }), line(2, { quantity: 10, book_quantity: 20 })])
      .map(m => m.quantity)).toEqual([2]);
  });

  it('keeps places apart by position, status and lot, in the order of their first lines', () => {
    const ms = movementsOf(count, [
      line(1, { position_id: 11, quantity: 1, book_quantity: 0 }),
      line(2, { lot: 'R1', quantity: 5, book_quantity: 7 }),
      line(3, { position_id: 11, quantity: 2, book_quantity: 0 }),
      line(4, { status_id: 3, quantity: 4, book_quantity: 4 }),
    ]);
    expect(ms.map(m => [m.line_id, m.quantity])).toEqual([[3, 3], [2, -2]]);
  });

  it('adds nothing where the sum equals the book, and works to four decimals exactly', () => {
    expect(movementsOf(count, [line(1, { quantity: 0.1, book_quantity: 0.3 }), line(2, { quantity: 0.2, book_quantity: 0.3 })])).toEqual([]);
  });
});
