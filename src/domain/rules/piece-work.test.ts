import { describe, expect, it } from 'vitest';
import { sumMoney } from './numbers';
import { PERIOD_PATTERN, basisValue, periodOf, pickWage, valueWork, type WageRate, type WorkToValue } from './piece-work';

/** Valuing piece work (docs/piece-work.md): which rate wins, and the amount at 4 decimals. */

const NODE = 7;
const ITEM = 100;
const CAT = 20; // the item's own category
const PARENT = 21;
const GRAND = 22;

let nextId = 1;
function wage(w: Partial<WageRate>): WageRate {
  return { id: nextId++, worknode_id: NODE, item_id: null, category_id: null, price: 1, basis: 'piece', valid_from: null, ...w };
}

const work = (w: Partial<WorkToValue> = {}): WorkToValue => ({
  worknode_id: NODE, item_id: ITEM, categories: [CAT, PARENT, GRAND], work_date: '2031-03-15', quantity: 10, weight: 2.5,
  metres: 40, ...w,
});

describe('pickWage: the most specific rate valid on the day', () => {
  const general = wage({ price: 0.1 });
  const grand = wage({ category_id: GRAND, price: 0.2 });
  const parent = wage({ category_id: PARENT, price: 0.3 });
  const own = wage({ category_id: CAT, price: 0.4 });
  const item = wage({ item_id: ITEM, price: 0.5 });
  const otherItem = wage({ item_id: ITEM + 1, price: 9 });
  const otherCategory = wage({ category_id: 99, price: 9 });
  const otherNode = wage({ worknode_id: NODE + 1, item_id: ITEM, price: 9 });

  it('item before category before parent category before grandparent before the general rate', () => {
    const all = [general, grand, parent, own, item, otherItem, otherCategory, otherNode];
    expect(pickWage(all, work())).toBe(item);
    expect(pickWage(all.filter(w => w !== item), work())).toBe(own);
    expect(pickWage(all.filter(w => w !== item && w !== own), work())).toBe(parent);
    expect(pickWage([general, grand, otherItem, otherCategory, otherNode], work())).toBe(grand);
    expect(pickWage([general, otherItem, otherCategory, otherNode], work())).toBe(general);
    expect(pickWage([otherItem, otherCategory, otherNode], work())).toBeUndefined();
  });

  it('follows the order of the chain it is given, not the ids of the categories', () => {
    expect(pickWage([grand, parent, own], work({ categories: [GRAND, PARENT, CAT] }))).toBe(grand);
  });

  it('an item without a category gets the item rate or the general one', () => {
    expect(pickWage([general, own], work({ categories: [] }))).toBe(general);
    expect(pickWage([general, own], work({ item_id: null, categories: [] }))).toBe(general);
    // A record without an item never takes a rate that names an item.
    expect(pickWage([item], work({ item_id: null, categories: [] }))).toBeUndefined();
  });

  it('a rate of a category that also names an item is the item\'s rate, not the category\'s', () => {
    const itemInCategory = wage({ item_id: ITEM + 1, category_id: CAT, price: 8 });
    expect(pickWage([itemInCategory, general], work())).toBe(general);
  });

  it('the latest valid_from wins among rates of one kind; a rate from the future is ignored', () => {
    const old = wage({ item_id: ITEM, price: 1, valid_from: '2030-01-01' });
    const newer = wage({ item_id: ITEM, price: 2, valid_from: '2031-03-01' });
    const future = wage({ item_id: ITEM, price: 3, valid_from: '2031-03-16' });
    const undated = wage({ item_id: ITEM, price: 4, valid_from: null });
    expect(pickWage([old, newer, future, undated], work())).toBe(newer);
    expect(pickWage([future, old, newer, undated], work())).toBe(newer);
    // Valid from the day itself counts.
    expect(pickWage([old, newer, future], work({ work_date: '2031-03-16' }))).toBe(future);
    // Before any dated rate only the undated one is valid.
    expect(pickWage([old, newer, future, undated], work({ work_date: '2029-12-31' }))).toBe(undated);
    expect(pickWage([old, newer, future], work({ work_date: '2029-12-31' }))).toBeUndefined();
    // A dated rate beats an undated one of the same kind.
    expect(pickWage([undated, old], work())).toBe(old);
  });

  it('a future item rate does not hide a valid category rate', () => {
    const future = wage({ item_id: ITEM, price: 3, valid_from: '2040-01-01' });
    expect(pickWage([future, own, general], work())).toBe(own);
  });

  it('two rates of one kind and day: the later entered (higher id) wins, whatever the order given', () => {
    const a = wage({ item_id: ITEM, valid_from: '2031-01-01', price: 1 });
    const b = wage({ item_id: ITEM, valid_from: '2031-01-01', price: 2 });
    expect(pickWage([a, b], work())).toBe(b);
    expect(pickWage([b, a], work())).toBe(b);
  });
});

describe('valueWork', () => {
  it('pays by the piece, the kilogram or the metre', () => {
    expect(valueWork([wage({ id: 501, price: 0.25, basis: 'piece' })], null, work({ quantity: 10 })))
      .toEqual({ basis: 'piece', rate: 0.25, amount: 2.5, wage_id: 501 });
    expect(valueWork([wage({ id: 502, price: 1.2, basis: 'weight' })], null, work({ weight: 2.5 })))
      .toEqual({ basis: 'weight', rate: 1.2, amount: 3, wage_id: 502 });
    expect(valueWork([wage({ id: 503, price: 0.05, basis: 'metre' })], null, work({ metres: 40 })))
      .toEqual({ basis: 'metre', rate: 0.05, amount: 2, wage_id: 503 });
  });

  it('a rate without a basis is by the piece', () => {
    expect(valueWork([wage({ price: 2, basis: null })], null, work({ quantity: 3 }))).toMatchObject({ basis: 'piece', amount: 6 });
  });

  it('rounds the exact product to 4 decimals, half away from zero', () => {
    // 0.5 × 0.0001 = 0.00005: a 5 in the fifth decimal goes up.
    expect(valueWork([wage({ price: 0.0001 })], null, work({ quantity: 0.5 })).amount).toBe(0.0001);
    // 0.4999 × 0.0001 = 0.00004999: down.
    expect(valueWork([wage({ price: 0.0001 })], null, work({ quantity: 0.4999 })).amount).toBe(0);
    // 1.0005 × 0.3 = 0.30015 exactly, which binary floating point rounds down to 0.3001.
    expect(Math.round(1.0005 * 0.3 * 10_000) / 10_000).toBe(0.3001);
    expect(valueWork([wage({ price: 0.3, basis: 'weight' })], null, work({ weight: 1.0005 })).amount).toBe(0.3002);
    // 3.3333 × 0.15 = 0.499995 → 0.5
    expect(valueWork([wage({ price: 0.15, basis: 'metre' })], null, work({ metres: 3.3333 })).amount).toBe(0.5);
  });

  it('a basis without its value has a rate but no amount', () => {
    expect(valueWork([wage({ id: 9, price: 2, basis: 'weight' })], null, work({ weight: null })))
      .toEqual({ basis: 'weight', rate: 2, amount: null, wage_id: 9 });
    expect(valueWork([wage({ price: 2, basis: 'metre' })], null, work({ metres: null })).amount).toBeNull();
    expect(valueWork([wage({ price: 2, basis: 'piece' })], null, work({ quantity: null })).amount).toBeNull();
  });

  it('falls back to the work node\'s piece rate by the piece, and to nothing', () => {
    expect(valueWork([], 0.35, work({ quantity: 4 }))).toEqual({ basis: 'piece', rate: 0.35, amount: 1.4, wage_id: null });
    expect(valueWork([wage({ worknode_id: NODE + 1, price: 5 })], null, work())).toEqual({ basis: null, rate: null, amount: null, wage_id: null });
    // Any wage of the node, even the general one, beats the node's piece rate.
    expect(valueWork([wage({ price: 0.1 })], 0.35, work({ quantity: 4 })).rate).toBe(0.1);
  });

  it('basisValue picks the value of the basis', () => {
    const w = { quantity: 1, weight: 2, metres: 3 };
    expect([basisValue('piece', w), basisValue('weight', w), basisValue('metre', w)]).toEqual([1, 2, 3]);
  });
});

describe('amounts add at 4 decimals and round to 2 at the end', () => {
  it('three amounts of 0.005 make 0.02, not three cents', () => {
    const a = valueWork([wage({ price: 0.001 })], null, work({ quantity: 5 })).amount!;
    expect(a).toBe(0.005);
    expect(sumMoney([a, a, a])).toBe(0.02);
    expect(sumMoney([a])).toBe(0.01);
  });
});

describe('periodOf and the month pattern', () => {
  it('is the YYYY-MM of a work date', () => {
    expect(periodOf('2031-03-15')).toBe('2031-03');
    expect(periodOf('2031-12-31')).toBe('2031-12');
  });

  it('accepts real months only', () => {
    for (const ok of ['2031-01', '2031-12', '1999-09']) expect(PERIOD_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '', ' 2026-01', '2026/01']) {
      expect(PERIOD_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
