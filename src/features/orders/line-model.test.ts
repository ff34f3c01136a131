import { describe, expect, it } from 'vitest';
import type { DetailRow } from '../../domain/contract/orders';
import {
  blankLine, changedFields, copyLine, isBlankLine, lineAmount, lineFromRow, pickItem, setField, setQuantity, totalsOf,
  type ItemInfo, type LineDraft,
} from './line-model';

const box: ItemInfo = {
  id: 5, code: 'CT-01', name: '五层纸箱', unit: '个', unit2: '箱', unit3: '托', rate2: 50, rate3: 1000,
  workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5,
};
const bare: ItemInfo = { id: 6, code: 'X', name: '散件', unit: 'kg', unit2: null, unit3: null, rate2: null, rate3: null, workflow_id: null, price: null };

const line = (over: Partial<LineDraft> = {}): LineDraft => ({ ...blankLine('k'), ...over });

describe('choosing an item', () => {
  it('takes the item’s units, workflow and price, and converts a typed quantity', () => {
    const l = pickItem(line({ quantity: '120' }), box);
    expect(l).toMatchObject({
      item_id: 5, itemLabel: 'CT-01 五层纸箱', unit: '个', unit2: '箱', unit3: '托', workflow_id: 3, workflowLabel: '纸箱流程',
      price: '2.50', quantity: '120', quantity2: '2.4', quantity3: '0.12',
    });
  });

  it('keeps the line’s workflow and price when the item has none, and clears units it lacks', () => {
    const l = pickItem(line({ unit2: '箱', workflow_id: 9, workflowLabel: '旧', price: '7.00' }), bare);
    expect(l).toMatchObject({ unit: 'kg', unit2: '', workflow_id: 9, workflowLabel: '旧', price: '7.00' });
  });

  it('converts again a secondary quantity that followed the old item, keeps one the user typed', () => {
    const followed = pickItem(line({ quantity: '100' }), box);
    expect(followed.quantity2).toBe('2');
    const other = { ...box, id: 7, rate2: 25 };
    expect(pickItem(followed, other, box).quantity2).toBe('4');
    const typed = setField(followed, 'quantity2', '3');
    expect(pickItem(typed, other, box).quantity2).toBe('3');
  });

  it('clears the item issue of a pasted line', () => {
    const l = line({ issues: { item_id: { key: 'unknown_item', text: 'ZZ', row: 2 } } });
    expect(pickItem(l, box).issues).toEqual({});
  });
});

describe('quantities follow the main quantity unless typed', () => {
  it('converts through the rates (main units per secondary unit), at 4 decimals', () => {
    const l = setQuantity(line(), '7', box);
    expect(l.quantity2).toBe('0.14');
    expect(l.quantity3).toBe('0.007');
    expect(setQuantity(line(), '1', { ...box, rate2: 3 }).quantity2).toBe('0.3333');
  });

  it('keeps following while the secondary quantity equals the conversion; a typed one stays', () => {
    let l = setQuantity(line(), '100', box);
    l = setQuantity(l, '150', box);
    expect(l.quantity2).toBe('3');
    l = setField(l, 'quantity2', '4');
    l = setQuantity(l, '200', box);
    expect(l.quantity2).toBe('4');
    expect(l.quantity3).toBe('0.2');
  });

  it('an emptied secondary quantity follows again; no rate, no conversion', () => {
    let l = setQuantity(line(), '100', box);
    l = setField(l, 'quantity2', '');
    expect(setQuantity(l, '50', box).quantity2).toBe('1');
    expect(setQuantity(line({ quantity2: '9' }), '50', bare).quantity2).toBe('9');
    expect(setQuantity(line(), '50').quantity2).toBe('');
  });

  it('a quantity being typed ("12.") does not wipe what followed; a cleared one clears it', () => {
    const l = setQuantity(line(), '100', box);
    expect(setQuantity(l, 'abc', box).quantity2).toBe('2');
    expect(setQuantity(l, '', box).quantity2).toBe('');
  });
});

describe('amounts and totals (DESIGN §8)', () => {
  it('amount = quantity × price at 4 decimals; missing or bad numbers give none', () => {
    expect(lineAmount({ quantity: '3', price: '1.005' })).toBe(3.015);
    expect(lineAmount({ quantity: '0.3333', price: '0.3333' })).toBe(0.1111);
    expect(lineAmount({ quantity: '', price: '2' })).toBeNull();
    expect(lineAmount({ quantity: '2', price: 'x' })).toBeNull();
  });

  it('totals sum quantities to 2 decimals and money in 1/10 000 units to 2', () => {
    const lines = [line({ quantity: '0.005', price: '1.005' }), line({ quantity: '1.001', price: '1' }), line({ quantity: 'x', price: '3' })];
    expect(totalsOf(lines)).toEqual({ quantity: 1.01, amount: 1.01 });
    expect(totalsOf([line({ quantity: '1', price: '0.00505' }), line({ quantity: '1', price: '0.00005' })]).amount).toBe(0.01);
  });
});

describe('lines from the server', () => {
  const row = {
    id: 11, version: 3, line_no: 2, order_id: 1, code: 'SO-2', item_id: 5, item_id_name: '五层纸箱', unit: '个', quantity: 100,
    unit2: '箱', quantity2: 2, unit3: null, quantity3: null, workflow_id: 3, workflow_id_name: '纸箱流程', price: 2.5, amount: 250,
    due_date: '2024-05-01', props: { metres: 12.5, colour: 'red' }, card_quantity: 40, finished_quantity: 0, remark: null,
  } as unknown as DetailRow;

  it('keeps the property columns in their cells and other props keys aside', () => {
    const l = lineFromRow(row, 'a');
    expect(l).toMatchObject({ id: 11, version: 3, quantity: '100', quantity2: '2', quantity3: '', price: '2.50', itemLabel: '五层纸箱', card_quantity: 40 });
    expect(l.props.metres).toBe('12.5');
    expect(l.props.kilograms).toBe('');
    expect(l.otherProps).toEqual({ colour: 'red' });
  });

  it('a copy is a new line with nothing on cards; a blank line is one nobody wrote into', () => {
    const c = copyLine(lineFromRow(row, 'a'), 'b');
    expect(c).toMatchObject({ key: 'b', id: null, version: null, line_no: null, card_quantity: 0, item_id: 5, quantity: '100' });
    expect(isBlankLine(blankLine('x'))).toBe(true);
    expect(isBlankLine(line({ remark: 'x' }))).toBe(false);
    expect(isBlankLine(line({ issues: { item_id: { key: 'unknown_item', text: 'A', row: 1 } } }))).toBe(false);
  });

  it('names the fields that changed', () => {
    const a = lineFromRow(row, 'a');
    expect(changedFields(a, setQuantity(a, '150', box))).toEqual(['quantity', 'quantity2', 'quantity3']);
    expect(changedFields(a, { ...a, props: { ...a.props, kilograms: '3' } })).toEqual(['kilograms', 'props']);
  });
});
