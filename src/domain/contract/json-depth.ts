/**
 * How deeply JSON may nest wherever it is accepted (filters, menus, a save's `item`, props, import rows, export rows).
 * Nothing the product stores nests beyond a handful of levels (a menu tree is the deepest); recursion over a value
 * nested thousands deep — a validator, `JSON.stringify`, a driver — overflows the stack and would answer 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests objects and arrays at most `max` levels deep (a scalar is depth 0, `{}` and `[]` depth 1).
 * Walks with an explicit stack, so the check itself never recurses, and stops at the first level too deep.
 */
export function withinJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return true;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > max) return false;
    const children = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    for (const c of children) if (c !== null && typeof c === 'object') stack.push([c, depth + 1]);
  }
  return true;
}

/**
 * The nesting depth of JSON text, counted on its brackets without parsing (brackets inside strings skipped), so a
 * value too deep is refused before `JSON.parse` builds it. Malformed text is left for the parser to refuse.
 */
export function jsonTextWithinDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) return false; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return true;
}
