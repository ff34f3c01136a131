import { describe, expect, it } from 'vitest';
import { movementsOf, movesNowhere, placeKey, type PostedDoc, type PostedLine } from './stock';

const line = (id: number, p: Partial<PostedLine>): PostedLine => ({
  id, item_id: 1, position_id: 10, to_position_id: null, status_id: null, to_status_id: null, lot: '', card_id: null,
  package_id: null, to_package_id: null, quantity: 0, quantity2: null, quantity3: null, unit_cost: null, book_quantity: null, ...p,
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

describe('packing and packages', () => {
  const pack: PostedDoc = { kind: 'pack', warehouse_id: 5, to_warehouse_id: null };
  it('a packing takes the loose lot and puts it into its package where it lies', () => {
    const [take, put] = movementsOf(pack, [line(1, { lot: 'C1', quantity: 40, to_package_id: 9 })]);
    expect(take).toMatchObject({ quantity: -40, package_id: null, position_id: 10, lot: 'C1' });
    expect(put).toMatchObject({ quantity: 40, package_id: 9, position_id: 10, lot: 'C1', costOfTake: true });
  });
  it('unpacking puts the goods back loose; a move keeps their package', () => {
    const [, loose] = movementsOf(pack, [line(1, { quantity: 5, package_id: 9, to_package_id: null })]);
    expect(loose).toMatchObject({ package_id: null });
    const move: PostedDoc = { kind: 'move', warehouse_id: 5, to_warehouse_id: null };
    const [, moved] = movementsOf(move, [line(1, { quantity: 5, package_id: 9, to_position_id: 11 })]);
    expect(moved).toMatchObject({ package_id: 9, position_id: 11 });
  });
  it('a packing into the package the goods are already in goes nowhere', () => {
    expect(movesNowhere(pack, line(1, { package_id: 9, to_package_id: 9 }))).toBe(true);
    expect(movesNowhere(pack, line(1, { package_id: null, to_package_id: 9 }))).toBe(false);
  });
  it('the same lot loose and packed are two places', () => {
    const a = placeKey({ item_id: 1, warehouse_id: 2, position_id: null, status_id: null, package_id: null, lot: '9:x' });
    const b = placeKey({ item_id: 1, warehouse_id: 2, position_id: null, status_id: null, package_id: 9, lot: 'x' });
    expect(a).not.toBe(b);
  });
  it('check-in adds and check-out takes at the line\'s place', () => {
    expect(movementsOf({ kind: 'checkin', warehouse_id: 5, to_warehouse_id: null }, [line(1, { quantity: 3 })])[0]!.quantity).toBe(3);
    expect(movementsOf({ kind: 'checkout', warehouse_id: 5, to_warehouse_id: null }, [line(1, { quantity: 3, package_id: 9 })])[0])
      .toMatchObject({ quantity: -3, package_id: 9 });
  });
});
