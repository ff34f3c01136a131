import { describe, expect, it } from 'vitest';
import { CONFIG_TYPES } from './config-types';
import { DEFAULT_PATTERNS, parsePattern, patternOf, type NumberPattern } from './numbering';

const day = new Date(2026, 10, 3, 14, 5);

describe('number patterns', () => {
  it('fills date tokens and pads the counter; the period is the date part', () => {
    const p = parsePattern('SO{yyyy}{MM}{dd}-{seq:3}') as NumberPattern;
    expect(p.format(day, 7)).toBe('SO20261103-007');
    expect(p.format(day, 12345)).toBe('SO20261103-12345');
    expect(p.periodOf(day)).toBe('20261103');
    expect((parsePattern('C{yy}{MM}{seq}') as NumberPattern).format(day, 1)).toBe('C26110001');
    expect((parsePattern('N{seq:6}') as NumberPattern).periodOf(day)).toBe('');
  });

  it('refuses a pattern without exactly one counter, with other characters, or too long', () => {
    expect(parsePattern('SO{yyyy}')).toEqual({ error: 'no_seq' });
    expect(parsePattern('{seq}{seq}')).toEqual({ error: 'two_seq' });
    expect(parsePattern('单{seq}')).toEqual({ error: 'bad_chars' });
    expect(parsePattern(`${'A'.repeat(38)}{seq:4}`)).toEqual({ error: 'too_long' });
    expect(patternOf('card_no_pattern', '{yyyy}').source).toBe(DEFAULT_PATTERNS.card_no_pattern);
  });

  it('the config check accepts what parsePattern accepts', () => {
    const check = (v: string) => {
      const t = CONFIG_TYPES.order_no_pattern!;
      return t.kind === 'text' && !!t.pattern?.test(v);
    };
    for (const v of [DEFAULT_PATTERNS.order_no_pattern, DEFAULT_PATTERNS.card_no_pattern, 'A{seq:4}B{yy}']) {
      expect(check(v)).toBe(true);
      expect('format' in parsePattern(v)).toBe(true);
    }
    for (const v of ['X{seq}{seq}', 'abc', 'a b{seq}', '{yyyyMMdd}{seq}']) expect(check(v)).toBe(false);
  });
  it('tells whether a code could be a number of the pattern', () => {
    const card = patternOf('card_no_pattern', null);
    expect(card.matches('C26112900017')).toBe(true);
    expect(card.matches('c26112900017')).toBe(true);
    expect(card.matches('C261129000170')).toBe(true);
    expect(card.matches('0004471234')).toBe(false);
    expect(card.matches('C2611290001')).toBe(false);
    const order = patternOf('order_no_pattern', null);
    expect(order.matches('SO20261129-001')).toBe(true);
    expect(order.matches('SO20261129001')).toBe(false);
    expect((parsePattern('A.{seq:2}') as NumberPattern).matches('AX12')).toBe(false);
  });
});
