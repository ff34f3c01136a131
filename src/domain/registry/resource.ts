import type { Field, FieldValue } from './fields';

/**
 * A resource is one business entity, declared once (DESIGN §3). From it come the SQL table, the server's
 * validation and generic endpoints, the offline cache and the generic screens.
 *
 * Rules:
 * - `kind: 'master'` rows are deleted (refused while other rows reference them); `kind: 'document'` rows are
 *   cancelled (a `canceled` flag), never deleted, because other documents and the books point at them.
 * - `menu` lists the menu paths that grant access: a role holding any of them may use every endpoint of the resource.
 * - Every row also carries the system columns of `SYSTEM_COLUMNS` (id, version, rev, created/updated by/at).
 */
export interface ResourceDef<F extends Record<string, Field> = Record<string, Field>> {
  /** Table name and i18n key prefix (`resources.<name>`). snake_case, plural. */
  name: string;
  /** Base path of the generic endpoints, e.g. `/customers` → `/customers/list/`. */
  api: string;
  kind: 'master' | 'document';
  /** Menu paths that grant access. The first one is the resource's list screen. */
  menu: readonly string[];
  /** Further list endpoints the spec names for this resource (spec §7), e.g. `/warehouses/roomslist/`. */
  listAliases?: readonly string[];
  /** Fields that identify a row to a person (used by imports to match rows). */
  naturalKey?: readonly string[];
  /** Fields searched by `keyword` (case-insensitive substring). */
  search: readonly string[];
  /** Field shown as the row's display name in references. */
  display: string;
  /** Cached in IndexedDB for offline use (pulled by cursor). */
  offline?: boolean;
  fields: F;
  /** Columns of the list, in order. */
  list: readonly string[];
  /** Default sort, `-field` for descending; `-id` when absent. */
  sort?: string;
  /** Default page size when the client sends no limit (spec: customers and works lists use 50). */
  pageSize?: number;
}

export const SYSTEM_COLUMNS = ['id', 'version', 'rev', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

/** Declares a resource; the generic parameter checks the list columns against the fields at compile time. */
export function resource<const F extends Record<string, Field>>(
  def: ResourceDef<F> & { list: readonly (keyof F & string)[] },
): ResourceDef<F> {
  for (const col of def.list) if (!(col in def.fields)) throw new Error(`${def.name}: list column ${col} is not a field`);
  for (const f of def.search) if (!(f in def.fields)) throw new Error(`${def.name}: search field ${f} is not a field`);
  if (!(def.display in def.fields)) throw new Error(`${def.name}: display field ${def.display} is not a field`);
  for (const k of Object.keys(def.fields)) {
    if (!/^[a-z][a-z0-9_]*$/.test(k)) throw new Error(`${def.name}: field name ${k} must be snake_case`);
    if ((SYSTEM_COLUMNS as readonly string[]).includes(k) || k === 'canceled') throw new Error(`${def.name}: ${k} is a system column`);
  }
  return def;
}

/** The row type of a resource as the API returns it. */
export type Row<R extends ResourceDef> = {
  [K in keyof R['fields']]: FieldValue<R['fields'][K]> | null;
} & {
  id: number; version: number; rev: number;
  created_at: string; created_by: number | null; updated_at: string; updated_by: number | null;
  canceled?: boolean;
};
