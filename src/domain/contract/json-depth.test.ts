import { describe, expect, it } from 'vitest';
import { jsonTextWithinDepth, withinJsonDepth } from './json-depth';

const nest = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

describe('JSON depth', () => {
  it('counts objects and arrays, not scalars, and stops at the limit', () => {
    expect(withinJsonDepth(1, 0)).toBe(true);
    expect(withinJsonDepth({}, 0)).toBe(false);
    expect(withinJsonDepth(nest(32), 32)).toBe(true);
    expect(withinJsonDepth(nest(33), 32)).toBe(false);
    // Deep enough to overflow a recursive walk: the check itself does not recurse.
    expect(withinJsonDepth(nest(200_000))).toBe(false);
  });

  it('counts brackets in text without parsing, skipping those inside strings', () => {
    expect(jsonTextWithinDepth(JSON.stringify(nest(32)), 32)).toBe(true);
    expect(jsonTextWithinDepth(JSON.stringify(nest(33)), 32)).toBe(false);
    expect(jsonTextWithinDepth(JSON.stringify({ s: '['.repeat(100) + '\\"{{{' }), 2)).toBe(true);
    expect(jsonTextWithinDepth('['.repeat(100_000), 32)).toBe(false);
  });
});
