import type { Field } from '../../src/domain/registry/fields';
import type { ResourceDef } from '../../src/domain/registry/resource';

/**
 * Whether an imported value differs from the stored one, judged as the database stores it: decimals at the column's
 * scale (1.23456 is stored as 1.2346, so re-importing 1.23456 is no change), JSON by content whatever its key order
 * (jsonb reorders keys), and "empty" alike whether it is null, '' or an empty list. Without this, re-importing an
 * unchanged file would rewrite rows and fill their history with non-changes.
 */

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** JSON with object keys sorted, so two equal documents give the same text. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      return Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return x;
  });
}

function scaled(v: unknown, scale: number): number {
  return Math.round(Number(v) * 10 ** scale);
}

export function sameValue(f: Field, stored: unknown, next: unknown): boolean {
  if (isEmpty(stored) || isEmpty(next)) return isEmpty(stored) && isEmpty(next);
  switch (f.type) {
    case 'number': return scaled(stored, f.scale) === scaled(next, f.scale);
    case 'money': return scaled(stored, 4) === scaled(next, 4);
    case 'int': case 'ref': return Number(stored) === Number(next);
    case 'datetime': return new Date(stored as string | Date).getTime() === new Date(next as string | Date).getTime();
    case 'refs': case 'texts': case 'json': return canonical(stored) === canonical(next);
    default: return stored === next;
  }
}

/** The values that differ from the stored row (a password is never compared: imports do not change passwords). */
export function changedValues(res: ResourceDef, stored: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    const f = res.fields[k];
    if (!f || f.type === 'password') continue;
    if (!sameValue(f, stored[k], v)) out[k] = v;
  }
  return out;
}
