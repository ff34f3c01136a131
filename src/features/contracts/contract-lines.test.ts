import { describe, expect, it } from 'vitest';
import { blankContractLine, contractLineAmount, planContractLines, type ContractLineDraft } from './contract-lines';

const saved = (over: Partial<ContractLineDraft> = {}): ContractLineDraft => ({
  ...blankContractLine('saved-1'), id: 1, version: 3, line_no: 1, item_id: 10, itemLabel: 'A', quantity: '1000', price: '3.50', ...over,
});

describe('the lines a contract save sends', () => {
  it('sends new lines, changed fields of saved ones, and nothing for blank or unchanged lines', () => {
    const base = saved();
    const plan = planContractLines([
      saved({ price: '3.5' }),
      saved({ key: 'saved-2', id: 2, version: 1, item_id: 11, quantity: '', price: '2.00' }),
      { ...blankContractLine('n1'), item_id: 12, price: '1.2', quantity: '500' },
      blankContractLine('n2'),
    ], new Map([[1, base], [2, saved({ key: 'saved-2', id: 2, version: 1, item_id: 11, quantity: '10', price: '2.00' })]]));
    expect(plan.errors).toEqual({});
    expect(plan.lines).toEqual([
      { id: 2, version: 1, quantity: null },
      { item_id: 12, description: null, unit: null, quantity: '500', price: '1.2', remark: null },
    ]);
    expect(plan.sentKeys).toEqual(['saved-2', 'n1']);
  });

  it('refuses a line without its item or price, or with a negative or non-numeric figure', () => {
    const plan = planContractLines([
      { ...blankContractLine('a'), price: '1' },
      { ...blankContractLine('b'), item_id: 1 },
      { ...blankContractLine('c'), item_id: 1, price: '-1', quantity: 'x' },
    ], new Map());
    expect(plan.errors).toEqual({ a: { item_id: 'required' }, b: { price: 'required' }, c: { price: 'too_small', quantity: 'not_number' } });
    expect(plan.lines).toEqual([]);
  });

  it('computes a line\'s amount at 4 decimals, none without a quantity', () => {
    expect(contractLineAmount({ quantity: '3', price: '0.3333' })).toBe(0.9999);
    expect(contractLineAmount({ quantity: '', price: '2' })).toBeNull();
  });
});
