import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources/all';
import { fieldSchema } from '../../src/domain/registry/input-schema';

/**
 * Issue 29, finding 10: "Negative prices and costs are accepted (a line at −1)". Every writable money or quantity field
 * declares its minimum (or `signed`, when a negative value means something), and the save schema holds it.
 */
describe('money and quantity fields', () => {
  const writable = RESOURCES.flatMap(r => Object.entries(r.fields)
    .filter(([, f]) => (f.type === 'money' || f.type === 'number') && !f.readOnly)
    .map(([name, f]) => ({ at: `${r.name}.${name}`, f })));

  it('each declare their minimum, or that they are signed', () => {
    const undeclared = writable.filter(({ f }) => (f.type === 'money' || f.type === 'number') && f.min === undefined && !f.signed);
    expect(undeclared.map(u => u.at)).toEqual([]);
  });

  it('refuse a value below it: a price of −1 is not saved', () => {
    for (const { at, f } of writable) {
      if ((f.type !== 'money' && f.type !== 'number') || f.min === undefined) continue;
      expect(fieldSchema(f).safeParse(f.min - 1).success, at).toBe(false);
      expect(fieldSchema(f).safeParse(f.min).success, at).toBe(true);
    }
    const prices = writable.filter(w => w.at.endsWith('.price'));
    expect(prices.length).toBeGreaterThan(2);
  });
});
