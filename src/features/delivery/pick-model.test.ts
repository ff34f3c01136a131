import { describe, expect, it } from 'vitest';
import { isPicked, planPick, type PickLine } from './pick-model';

const line = (id: number, detail: number, item: number, quantity: number, picked: Partial<PickLine> = {}): PickLine => ({
  id, version: 1, detail_id: detail, item_id: item, quantity, lot: '', card_id: null, package_id: null, ...picked,
});

describe('picking a delivery note by scanning', () => {
  it('fills a card\'s own order line first, with what the card has, leaving the rest to pick', () => {
    const lines = [line(1, 10, 100, 50), line(2, 11, 100, 80)];
    expect(planPick(lines, { kind: 'card', id: 7, code: 'C1', item_id: 100, detail_id: 11, available: 60 })).toEqual({
      updates: [{ id: 2, version: 1, values: { card_id: 7, quantity: 60 } }], creates: [{ detail_id: 11, quantity: 20 }], quantity: 60,
    });
    // A card of another line of the same item fills the first line of the item; all of it when it has enough.
    expect(planPick(lines, { kind: 'card', id: 8, code: 'C2', item_id: 100, detail_id: 99, available: 90 })).toEqual({
      updates: [{ id: 1, version: 1, values: { card_id: 8, quantity: 50 } }], creates: [], quantity: 50,
    });
  });

  it('refuses a card with nothing on hand or no line still to pick', () => {
    const lines = [line(1, 10, 100, 50, { lot: 'C9', card_id: 9 })];
    expect(planPick(lines, { kind: 'card', id: 7, code: 'C1', item_id: 100, detail_id: 10, available: 0 })).toBe('no_stock');
    expect(planPick(lines, { kind: 'card', id: 7, code: 'C1', item_id: 100, detail_id: 10, available: 5 })).toBe('no_line');
    expect(planPick([line(2, 12, 200, 5)], { kind: 'card', id: 7, code: 'C1', item_id: 100, detail_id: 10, available: 5 })).toBe('no_line');
  });

  it('puts a package whole on a line per item it holds, and refuses one holding an item no line wants', () => {
    const lines = [line(1, 10, 100, 50), line(2, 11, 200, 20), line(3, 12, 100, 5, { package_id: 4 })];
    expect(planPick(lines, { kind: 'package', id: 5, code: 'PK1', holdings: [{ item_id: 100, quantity: 30 }, { item_id: 200, quantity: 20 }] }))
      .toEqual({
        updates: [
          { id: 1, version: 1, values: { package_id: 5, quantity: 30 } },
          { id: 2, version: 1, values: { package_id: 5, quantity: 20 } },
        ],
        creates: [{ detail_id: 10, quantity: 20 }], quantity: 50,
      });
    expect(planPick(lines, { kind: 'package', id: 5, code: 'PK1', holdings: [{ item_id: 300, quantity: 1 }] })).toBe('no_line');
    expect(planPick(lines, { kind: 'package', id: 5, code: 'PK1', holdings: [] })).toBe('no_stock');
    expect(isPicked(lines[2]!)).toBe(true);
    expect(isPicked(lines[0]!)).toBe(false);
  });
});
