import { MONEY_SCALE, type Field } from './fields';
import type { ResourceDef } from './resource';

/**
 * The SQL shape a resource needs, in PostgreSQL's own type spelling (as `format_type` prints it), so the server can
 * compare it with what the migrations built and write the next migration. Pure data: no database access here.
 *
 * Rules: only system columns and required fields are NOT NULL; field defaults are applied by the server on create,
 * not by the database, so a declaration stays the one place a default lives. Unique fields get a unique constraint
 * named `<table>_<column>_key`; references get a foreign key `<table>_<column>_fkey` (list references, stored as
 * integer[], cannot have one and are checked by the server). A resource paged by the server gets one trigram index
 * (pg_trgm) over its text search fields joined by spaces (`searchExpression`), so its keyword search reads one index
 * instead of every row.
 */
export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  /** SQL default expression, system columns only. */
  default?: string;
  unique?: boolean;
  references?: string;
  primaryKey?: boolean;
  identity?: boolean;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  /** The text columns of the keyword index `<table>_search_trgm`, in order; absent when the table has none. */
  searchIndex?: string[];
}

/**
 * The text search fields of a resource paged by the server, which its keyword index covers. A keyword word matches
 * the fields joined by spaces exactly when it matches one of them, as words hold no spaces.
 */
export function searchIndexColumns(res: ResourceDef): string[] | undefined {
  if (res.paging !== 'server') return undefined;
  const cols = res.search.filter(f => res.fields[f]?.type === 'text' || res.fields[f]?.type === 'enum');
  return cols.length ? cols : undefined;
}

/** The indexed expression: `lower(coalesce(a, '') || ' ' || coalesce(b, '') …)`, the same text in index and query. */
export function searchExpressionSql(columns: readonly string[]): string {
  return `lower(${columns.map(c => `coalesce("${c}", '')`).join(` || ' ' || `)})`;
}

export function sqlTypeOf(f: Field): string {
  switch (f.type) {
    case 'text': case 'enum': case 'password': return 'text';
    case 'int': case 'ref': return 'integer';
    case 'number': return `numeric(18,${f.scale})`;
    case 'money': return `numeric(18,${MONEY_SCALE})`;
    case 'bool': return 'boolean';
    case 'date': return 'date';
    case 'datetime': return 'timestamp with time zone';
    case 'json': return 'jsonb';
    case 'refs': return 'integer[]';
    case 'texts': return 'text[]';
  }
}

export function systemColumns(res: ResourceDef): ColumnShape[] {
  const cols: ColumnShape[] = [
    { name: 'id', type: 'integer', notNull: true, primaryKey: true, identity: true },
    { name: 'version', type: 'integer', notNull: true, default: '1' },
    // next_rev() (migration 0004) takes a number of rev_seq and holds back pulls until its transaction ends.
    { name: 'rev', type: 'bigint', notNull: true, default: 'next_rev()' },
    { name: 'created_at', type: 'timestamp with time zone', notNull: true, default: 'now()' },
    { name: 'created_by', type: 'integer', notNull: false },
    { name: 'updated_at', type: 'timestamp with time zone', notNull: true, default: 'now()' },
    { name: 'updated_by', type: 'integer', notNull: false },
  ];
  if (res.kind === 'document') cols.push({ name: 'canceled', type: 'boolean', notNull: true, default: 'false' });
  return cols;
}

export function tableShape(res: ResourceDef): TableShape {
  const fieldCols: ColumnShape[] = Object.entries(res.fields).map(([name, f]) => ({
    name,
    type: sqlTypeOf(f),
    notNull: !!f.required,
    unique: !!f.unique,
    references: f.type === 'ref' ? f.to : undefined,
  }));
  const shape: TableShape = { name: res.name, columns: [...systemColumns(res), ...fieldCols] };
  const search = searchIndexColumns(res);
  if (search) shape.searchIndex = search;
  return shape;
}
