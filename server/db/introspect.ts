import { sql } from 'drizzle-orm';
import type { ColumnShape, TableShape } from '../../src/domain/registry/sql-shape';
import { rows, type Db } from './connection';

/** Reads the shape of the public tables back from the catalog, in the spelling of `sql-shape.ts`. */
export async function introspect(db: Db): Promise<Map<string, TableShape>> {
  const cols = await rows<{ table_name: string; column_name: string; type: string; not_null: boolean; def: string | null; identity: string }>(db, sql`
    select t.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity as identity
    from pg_attribute a
    join pg_class t on a.attrelid = t.oid
    join pg_namespace n on t.relnamespace = n.oid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and t.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    order by t.relname, a.attnum`);
  const cons = await rows<{ table_name: string; column_name: string; contype: string; ref_table: string | null }>(db, sql`
    select t.relname as table_name, a.attname as column_name, c.contype::text as contype, rt.relname as ref_table
    from pg_constraint c
    join pg_class t on c.conrelid = t.oid
    join pg_namespace n on t.relnamespace = n.oid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = c.conkey[1]
    left join pg_class rt on c.confrelid = rt.oid
    where n.nspname = 'public' and array_length(c.conkey, 1) = 1 and c.contype in ('u', 'f', 'p')`);
  // The keyword index is named `<table>_search_trgm` (sql-shape.ts); its columns are read from its definition.
  const trgm = await rows<{ table_name: string; def: string }>(db, sql`
    select t.relname as table_name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on t.relnamespace = n.oid
    where n.nspname = 'public' and i.relname = t.relname || '_search_trgm'`);
  const tables = new Map<string, TableShape>();
  for (const c of cols) {
    let t = tables.get(c.table_name);
    if (!t) tables.set(c.table_name, (t = { name: c.table_name, columns: [] }));
    const col: ColumnShape = { name: c.column_name, type: c.type, notNull: c.not_null };
    if (c.def) col.default = c.def;
    if (c.identity) col.identity = true;
    t.columns.push(col);
  }
  for (const c of cons) {
    const col = tables.get(c.table_name)?.columns.find(x => x.name === c.column_name);
    if (!col) continue;
    if (c.contype === 'u') col.unique = true;
    if (c.contype === 'p') col.primaryKey = true;
    if (c.contype === 'f' && c.ref_table) col.references = c.ref_table;
  }
  for (const x of trgm) {
    const t = tables.get(x.table_name);
    if (t) t.searchIndex = [...x.def.matchAll(/COALESCE\(("[^"]+"|\w+),/gi)].map(m => m[1]!.replace(/^"|"$/g, ''));
  }
  return tables;
}
