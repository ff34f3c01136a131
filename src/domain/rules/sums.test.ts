import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources/all';
import { summableFields } from './sums';

/**
 * Which declared fields the lists total (issue 15): amounts and quantities of a record do; a per-unit value of a
 * catalogue entry (a unit price, a piece rate, an item's unit weight), an order, a coordinate or an id does not.
 */
describe('summable fields', () => {
  const all = RESOURCES.flatMap(def => summableFields(def).map(f => `${def.name}.${f}`)).sort();

  it('are the amounts of records: a bank’s opening balance, a maintenance’s cost', () => {
    expect(all).toEqual(expect.arrayContaining(['banks.opening_balance', 'devicemaintenances.cost']));
    // Per-unit values of catalogue entries and sort orders: their column totals mean nothing.
    for (const f of ['items.price', 'items.weight', 'subitems.weight', 'customeritems.price', 'wages.price',
      'worknodes.piece_rate', 'departments.sort', 'shelves.levels']) expect(all).not.toContain(f);
  });

  it('never a price, a rate, a sort order or an id', () => {
    expect(all.filter(f => /\.(price|\w*_rate|rate|sort|id|\w+_id|x|y)$/.test(f))).toEqual([]);
  });

  it('only numeric fields, and only when declared', () => {
    for (const def of RESOURCES) {
      for (const f of summableFields(def)) {
        const field = def.fields[f]!;
        expect(['int', 'number', 'money']).toContain(field.type);
        expect('sum' in field && field.sum).toBe(true);
      }
    }
  });
});
