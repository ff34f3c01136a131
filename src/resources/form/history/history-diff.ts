import type { HistoryEntry } from '../../../domain/contract/replies';
import type { ResourceDef } from '../../../domain/registry/resource';

export interface FieldChange { name: string; before: unknown; after: unknown }

/** Columns every write changes; listing them would bury the change a person made. */
const CHURN: ReadonlySet<string> = new Set(['id', 'version', 'rev', 'created_at', 'created_by', 'updated_at', 'updated_by']);

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields an entry changed, declared fields first in declaration order, then any other column (e.g. `canceled`).
 * A creation lists the values it set; a deletion the values it removed.
 */
export function changedFields(def: ResourceDef, e: Pick<HistoryEntry, 'before' | 'after'>): FieldChange[] {
  const before = e.before ?? {}, after = e.after ?? {};
  const names = [...Object.keys(def.fields), ...Object.keys({ ...before, ...after }).filter(k => !(k in def.fields))];
  const out: FieldChange[] = [];
  for (const name of new Set(names)) {
    if (CHURN.has(name) || !(name in before || name in after)) continue;
    if (same(before[name], after[name])) continue;
    // A creation sets every column; the empty ones and an undeclared flag still at false (canceled) say nothing.
    if (e.before === null && (isEmpty(after[name]) || (!(name in def.fields) && after[name] === false))) continue;
    out.push({ name, before: before[name] ?? null, after: after[name] ?? null });
  }
  return out;
}

/** The query key of a row's history, so a save can refresh it. */
export { historyKey } from '../../../data/query-keys';
