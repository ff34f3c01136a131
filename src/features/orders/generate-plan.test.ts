import { describe, expect, it } from 'vitest';
import { generateParamsSchema } from '../../domain/contract/cards';
import { groupParts, leftOnLine, planGenerate, type GenerateForm } from './generate-plan';

const form = (over: Partial<GenerateForm>): GenerateForm => ({ by: 'count', count: '1', size: '', quantity: '1000', ...over });

describe('card generation of a line', () => {
  it('offers what the line has not yet put on cards', () => {
    expect(leftOnLine(1000, 400)).toBe(600);
    expect(leftOnLine(0.3, 0.1)).toBe(0.2);
    expect(leftOnLine(10, 12)).toBe(0);
  });

  it('by count: the last card takes the remainder; the request is what the server validates', () => {
    const p = planGenerate(31, 1000, form({ count: '3' }));
    expect(p).toEqual({ ok: true, params: { detail_id: 31, count: 3, quantity: 1000 }, parts: [333.3333, 333.3333, 333.3334] });
    if (p.ok) expect(generateParamsSchema.safeParse(p.params).success).toBe(true);
  });

  it('by size: full cards and the rest', () => {
    const p = planGenerate(31, 1000, form({ by: 'size', size: '300', quantity: '950' }));
    expect(p.ok && p.parts).toEqual([300, 300, 300, 50]);
    expect(p.ok && groupParts(p.parts)).toEqual([{ quantity: 300, count: 3 }, { quantity: 50, count: 1 }]);
  });

  it('refuses what the server would refuse, with its message keys', () => {
    const errors = (f: Partial<GenerateForm>, left = 1000) => { const p = planGenerate(31, left, form(f)); return p.ok ? {} : p.errors; };
    expect(errors({ quantity: '1001' }).quantity).toEqual({ key: 'beyond_line', params: { left: 1000 } });
    expect(errors({ quantity: '' }).quantity?.key).toBe('required');
    expect(errors({}, 0).quantity?.key).toBe('nothing_left');
    expect(errors({ count: '0' }).count?.key).toBe('too_small');
    expect(errors({ count: '2.5' }).count?.key).toBe('not_integer');
    expect(errors({ count: '10001' }).count?.key).toBe('too_many_cards');
    expect(errors({ by: 'size', size: '0.01', quantity: '1000' }).size?.key).toBe('too_many_cards');
    expect(errors({ by: 'size', size: 'x' }).size?.key).toBe('not_number');
  });
});
