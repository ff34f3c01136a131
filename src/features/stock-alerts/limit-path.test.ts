import { describe, expect, it } from 'vitest';
import { limitPathOf, limitValues, positiveParam } from './limit-path';

describe('limitPathOf', () => {
  it('opens the balance of an item that moved in the warehouse, else the create page with the pair chosen', () => {
    expect(limitPathOf({ inventory_id: 7, item_id: 3, warehouse_id: 2 })).toBe('/inventory/edit/7');
    expect(limitPathOf({ inventory_id: null, item_id: 3, warehouse_id: 2 })).toBe('/inventory/create?item_id=3&warehouse_id=2');
  });
});

describe('limitValues', () => {
  it('sends an empty box as no limit and numbers as numbers', () => {
    expect(limitValues('', 200, ' ')).toEqual({ min_quantity: null, max_quantity: 200, remark: null });
    expect(limitValues(12.5, '', ' 夏季 ')).toEqual({ min_quantity: 12.5, max_quantity: null, remark: '夏季' });
    expect(limitValues(0, 0, '')).toEqual({ min_quantity: 0, max_quantity: 0, remark: null });
  });
});

describe('positiveParam', () => {
  it('reads a link\'s id, and nothing else', () => {
    expect(positiveParam('12')).toBe(12);
    for (const v of [null, '', ' ', '0', '-3', '1.5', 'x']) expect(positiveParam(v)).toBeNull();
  });
});
