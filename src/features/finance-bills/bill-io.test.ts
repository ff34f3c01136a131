import { describe, expect, it } from 'vitest';
import { handLine, typedNumber } from './bill-io';

const typed = (p: Partial<Parameters<typeof handLine>[0]>) => handLine({ description: '模具费', quantity: '', unit: '', price: '', amount: '', ...p });

describe('handLine', () => {
  it('takes a quantity with a price, or one amount as one unit at that price', () => {
    expect(typed({ quantity: '2', unit: '套', price: '150.125' })).toEqual({ description: '模具费', quantity: 2, unit: '套', price: 150.125 });
    expect(typed({ amount: '-120.5' })).toEqual({ description: '模具费', quantity: 1, unit: null, price: -120.5 });
  });

  it('refuses a line without a description, with half a price, a negative quantity or what is not a number', () => {
    expect(typed({ description: ' ', amount: '5' })).toBeNull();
    expect(typed({ quantity: '2' })).toBeNull();
    expect(typed({ quantity: '-1', price: '3' })).toBeNull();
    expect(typed({ quantity: 'x', price: '3' })).toBeNull();
    expect(typed({})).toBeNull();
  });

  it('reads an empty number as none and a wrong one as not a number', () => {
    expect(typedNumber(' ')).toBeNull();
    expect(typedNumber('1.5')).toBe(1.5);
    expect(typedNumber('1,5')).toBeUndefined();
  });
});
