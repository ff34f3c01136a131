import type { Field } from './fields';
import { SYSTEM_COLUMNS, type ResourceDef } from './resource';

/**
 * The columns of a resource as clients see them: the system columns every row carries, `canceled` on documents,
 * and every declared field but write-only ones (password hashes). What a client may read, it may filter and sort by.
 */
export function readableFields(res: ResourceDef): string[] {
  const cols: string[] = [...SYSTEM_COLUMNS];
  if (res.kind === 'document') cols.push('canceled');
  for (const [k, f] of Object.entries(res.fields)) if (!f.writeOnly) cols.push(k);
  return cols;
}

/** The system columns typed as fields, so filters and sorts treat them like declared ones. */
export const SYSTEM_FIELDS: Readonly<Record<string, Field>> = {
  id: { type: 'int', min: 1 },
  version: { type: 'int' },
  rev: { type: 'int', max: Number.MAX_SAFE_INTEGER },
  created_at: { type: 'datetime' },
  updated_at: { type: 'datetime' },
  created_by: { type: 'ref', to: 'accounts' },
  updated_by: { type: 'ref', to: 'accounts' },
  canceled: { type: 'bool' },
};

/**
 * The reference field behind a `<ref>_name` column (the display name a row carries for its reference), or undefined.
 * Lists may filter and sort by these names: a person filters items by category name, not by id.
 */
export function refOfNameColumn(res: ResourceDef, name: string): string | undefined {
  const m = /^(.+)_name$/.exec(name);
  return m && res.fields[m[1]!]?.type === 'ref' ? m[1] : undefined;
}

/** The field a client may filter or sort by under this name, or undefined. */
export function queryableField(res: ResourceDef, name: string): Field | undefined {
  if (refOfNameColumn(res, name)) return { type: 'text', max: 200 };
  if (Object.hasOwn(res.fields, name)) {
    const f = res.fields[name]!;
    return f.writeOnly ? undefined : f;
  }
  if (name === 'canceled' && res.kind !== 'document') return undefined;
  return Object.hasOwn(SYSTEM_FIELDS, name) ? SYSTEM_FIELDS[name] : undefined;
}
