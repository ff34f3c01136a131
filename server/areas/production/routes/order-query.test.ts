import { describe, expect, it } from 'vitest';
import { sameCheckCode } from './order-query';

describe('check code comparison', () => {
  it('ignores case and surrounding blanks', () => {
    expect(sameCheckCode('ab12cd', 'AB12CD')).toBe(true);
    expect(sameCheckCode('  AB12CD ', 'ab12cd')).toBe(true);
  });

  it('matches nothing else: another code, a prefix, no code at all', () => {
    expect(sameCheckCode('AB12CE', 'AB12CD')).toBe(false);
    expect(sameCheckCode('AB12C', 'AB12CD')).toBe(false);
    expect(sameCheckCode('', '')).toBe(false);
    expect(sameCheckCode('x', null)).toBe(false);
    expect(sameCheckCode('\u0000no code', undefined)).toBe(false);
  });
});
