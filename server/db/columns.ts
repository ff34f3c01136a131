import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './connection';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { SYSTEM_COLUMNS } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { tableOf, type AnyTable } from './tables';

/** The columns a client may read: system columns and every field but write-only ones (password hashes). */
export function readableColumns(res: ResourceDef): string[] {
  const cols: string[] = [...SYSTEM_COLUMNS];
  if (res.kind === 'document') cols.push('canceled');
  for (const [k, f] of Object.entries(res.fields)) if (!f.writeOnly) cols.push(k);
  return cols;
}

/** Columns a client may filter and sort by. */
export function isQueryable(res: ResourceDef, col: string): boolean {
  return readableColumns(res).includes(col);
}

export function column(t: AnyTable, name: string): PgColumn {
  return (t as unknown as Record<string, PgColumn>)[name]!;
}

/**
 * A column as a reply carries it, converted by the database: date-times as ISO 8601 text in UTC (what
 * `Date.toISOString` writes), decimals and change numbers as double precision (JSON numbers). Rows then need no
 * mapping in JavaScript on their way to the reply's serializer — the mapping of 1,000-row lists was a fifth of the
 * server's time (bench/api).
 */
function replyColumn(res: ResourceDef, name: string, col: PgColumn): PgColumn | SQL.Aliased {
  const f = res.fields[name];
  const type = f?.type ?? (name === 'created_at' || name === 'updated_at' ? 'datetime' : name === 'rev' ? 'bigint' : undefined);
  if (type === 'datetime') return sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(name);
  if (type === 'number' || type === 'money' || type === 'bigint') return sql`${col}::float8`.as(name);
  return col;
}

/**
 * The select of a list, detail or pull: readable columns plus, for each reference, the display name of the row it
 * points at (`<field>_name`, or `<field>_names` in order for a list of references), so grids need no second call.
 * Single references are left joins (one hash join per reference, not a subquery per row); lists of references are
 * a subquery, as they cannot be joined without multiplying rows. Run it with `replyRows`: the values are already
 * the reply's (replyColumn).
 */
export function selectRows(db: Db, res: ResourceDef) {
  const t = tableOf(res);
  const fields: Record<string, PgColumn | SQL.Aliased> = {};
  for (const c of readableColumns(res)) fields[c] = replyColumn(res, c, column(t, c));
  const joins: { table: AnyTable; on: SQL }[] = [];
  for (const [k, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const target = resourceByName(f.to)!;
    if (f.type === 'ref') {
      const a = alias(tableOf(target), `r_${k}`) as unknown as AnyTable;
      // A name is text whatever the display field's type (a line named by its number): the reply's schema says so.
      fields[`${k}_name`] = sql<string | null>`${column(a, target.display)}::text`.as(`${k}_name`);
      joins.push({ table: a, on: eq(column(a, 'id'), column(t, k)) });
    } else {
      const self = sql`${sql.identifier(res.name)}.${sql.identifier(k)}`;
      fields[`${k}_names`] = sql<string[] | null>`(select array_agg(r.${sql.identifier(target.display)}::text order by u.ord)
        from unnest(${self}) with ordinality u(id, ord) join ${sql.identifier(target.name)} r on r.id = u.id)`.as(`${k}_names`);
    }
  }
  let q = db.select(fields).from(t).$dynamic();
  for (const j of joins) q = q.leftJoin(j.table, j.on);
  return q;
}

/** Runs a `selectRows` query as the driver returns it: the rows of a reply, with no mapping on the way. */
export async function replyRows(db: Db, q: SQLWrapper): Promise<Record<string, unknown>[]> {
  const r = (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  return r.rows;
}
