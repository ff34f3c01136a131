import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { maxRowsOf, type CheckedFilter, type ListParams } from '../../src/domain/contract/list';
import { isHiddenKey } from '../../src/domain/contract/permissions';
import { queryableField, refOfNameColumn } from '../../src/domain/registry/columns';
import { resourceByName } from '../../src/domain/resources/all';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { searchIndexColumns } from '../../src/domain/registry/sql-shape';
import { summableFields } from '../../src/domain/rules/sums';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError, badRequest } from '../lib/api-error';
import { column, replyRows, selectRows } from '../db/columns';

/**
 * The generic list (DESIGN §4) over parameters the contract has already checked (src/domain/contract/list.ts):
 * keyword over the declared search fields, filters, sort, page and limit, and the totals of the summable fields.
 */

/** A value bound to a column: date-times travel as ISO text, a timestamp column wants a Date (text made a 500). */
function bindable(res: ResourceDef, field: string, v: unknown): unknown {
  return queryableField(res, field)?.type === 'datetime' && typeof v === 'string' ? new Date(v) : v;
}

/**
 * A filter on a reference's display name (`category_id_name`): the reference is one of the target's rows whose
 * display field matches. A subquery, not the list's join, so the count of the list needs no join either.
 */
function refNameCondition(res: ResourceDef, ref: string, flt: CheckedFilter): SQL {
  const target = resourceByName((res.fields[ref] as { to: string }).to)!;
  const tt = tableOf(target);
  const display = column(tt, target.display);
  const match = flt.op === 'contains' ? sql`lower(${display}::text) like lower(${`%${escapeLike(String(flt.value))}%`})`
    : flt.op === 'in' ? ((flt.value as unknown[]).length ? inArray(display, flt.value as unknown[]) : sql`false`)
    : flt.value === null ? sql`${display} is null` : eq(display, flt.value);
  return sql`${column(tableOf(res), ref)} in (select ${column(tt, 'id')} from ${tt} where ${match})`;
}

function condition(res: ResourceDef, flt: CheckedFilter): SQL | undefined {
  const ref = refOfNameColumn(res, flt.field);
  if (ref) return refNameCondition(res, ref, flt);
  const f = queryableField(res, flt.field)!;
  const col = column(tableOf(res), flt.field);
  const isArray = f.type === 'refs' || f.type === 'texts';
  const v = (x: unknown) => bindable(res, flt.field, x);
  switch (flt.op) {
    case 'eq':
      if (flt.value === null) return sql`${col} is null`;
      return isArray ? sql`${v(flt.value)} = any(${col})` : eq(col, v(flt.value));
    case 'ne':
      if (flt.value === null) return sql`${col} is not null`;
      // "Not this category" includes the rows without one, as a person reading the filter expects.
      return isArray ? sql`not (${flt.value} = any(coalesce(${col}, '{}')))` : sql`${col} is distinct from ${v(flt.value)}`;
    case 'in': {
      const vs = (flt.value as unknown[]).map(v);
      if (vs.length === 0) return sql`false`;
      return isArray ? sql`${col} && ${sql.param(vs)}` : inArray(col, vs);
    }
    case 'contains':
      if (isArray) return sql`${flt.value} = any(${col})`;
      return ilike(sql`${col}::text`, `%${escapeLike(String(flt.value))}%`);
    case 'gte': return gte(col, v(flt.value));
    case 'lte': return lte(col, v(flt.value));
    case 'between': {
      const [a, b] = flt.value as [unknown, unknown];
      return and(a === null ? undefined : gte(col, v(a)), b === null ? undefined : lte(col, v(b)));
    }
  }
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, m => `\\${m}`);
}

/**
 * The keyword: every word must be found in one of the search fields (case-insensitive substring). A resource paged by
 * the server has one trigram index over its text search fields joined by spaces (sql-shape.ts), and the condition is
 * written on exactly that expression so the index serves it; a caller who may not see one of them (hidden) searches
 * the others one by one.
 */
export function keywordCondition(res: ResourceDef, keyword: string, hidden: ReadonlySet<string>): SQL | undefined {
  const t = tableOf(res);
  const words = keyword.split(/\s+/).filter(Boolean).slice(0, 8);
  const fields = res.search.filter(f => !hidden.has(f));
  if (fields.length === 0) return sql`false`;
  const indexed = searchIndexColumns(res);
  const pattern = (w: string) => `%${escapeLike(w)}%`;
  if (indexed && fields.length === res.search.length && indexed.length === fields.length) {
    const expr = sql`lower(${sql.join(indexed.map(c => sql`coalesce(${column(t, c)}, '')`), sql` || ' ' || `)})`;
    return and(...words.map(w => sql`${expr} like lower(${pattern(w)})`));
  }
  return and(...words.map(w => or(...fields.map(f => sql`lower(${column(t, f)}::text) like lower(${pattern(w)})`))));
}

export interface ListOptions {
  /** Extra conditions from a resource's own list parameters (e.g. customers' `checkselfonly`) and the row scope. */
  where?: SQL[];
  /** Plain `field=value` parameters the resource reads itself (in `where`), not as the generic equality. */
  ownParams?: readonly string[];
  /**
   * Fields the caller may not see (sensitive, server/auth/redact.ts): not searched by keyword, and a filter or sort
   * by one is refused like one by an unknown field, so no value can be guessed through the list.
   */
  hidden?: readonly string[];
  /** Sort to use when the request names none. */
  defaultSort?: string;
  /** The most rows `limit=-1` may return, instead of the resource's cap (server-side exports). */
  cap?: number;
}

export interface ListResult {
  dt: Record<string, unknown>[];
  total: number;
  totals?: Record<string, number | null>;
}

function orderOf(res: ResourceDef, p: ListParams, defaultSort: string | undefined): SQL[] {
  const t = tableOf(res);
  const sorts = p.sort.length ? p.sort : (defaultSort ?? res.sort ?? '-id').split(',').map(s => s.trim()).filter(Boolean)
    .map(s => ({ field: s.replace(/^[-+]/, ''), desc: s.startsWith('-') }));
  const order = sorts.map(s => {
    // A reference's name sorts by the joined row's display field (selectRows joins it as `r_<field>`).
    const ref = refOfNameColumn(res, s.field);
    const target = ref ? resourceByName((res.fields[ref] as { to: string }).to)! : undefined;
    const col = ref ? sql`${sql.identifier(`r_${ref}`)}.${sql.identifier(target!.display)}` : sql`${column(t, s.field)}`;
    return s.desc ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
  });
  // Ties break by id (newest first), so pages never overlap or skip a row.
  order.push(desc(column(t, 'id')));
  return order;
}

/** The where clause of a list: the resource's own conditions, the keyword and the filters. */
export function whereOf(res: ResourceDef, p: ListParams, opts: ListOptions = {}): SQL | undefined {
  const hidden = new Set(opts.hidden ?? []);
  const conds: (SQL | undefined)[] = [...(opts.where ?? [])];
  if (p.keyword) conds.push(keywordCondition(res, p.keyword, hidden));
  for (const flt of p.filter) {
    // A hidden field is refused as a filter; as a plain `field=value` it filters nothing, so it tells nothing either.
    if (isHiddenKey(hidden, flt.field)) {
      if (flt.plain) continue;
      throw badRequest('bad_filter');
    }
    // A plain parameter the resource gives a meaning of its own (cards' `show_id` prefix) is not also an equality.
    if (flt.plain && opts.ownParams?.includes(flt.field)) continue;
    conds.push(condition(res, flt));
  }
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

/** Sums of the summable fields over the filtered rows (money at its 4 stored decimals; DESIGN §8). */
async function totalsOf(db: Db, res: ResourceDef, where: SQL | undefined): Promise<Record<string, number | null>> {
  const t = tableOf(res);
  const fields = summableFields(res);
  if (fields.length === 0) return {};
  const select: Record<string, SQL> = {};
  for (const f of fields) select[f] = sql`sum(${column(t, f)})`.mapWith(v => (v === null ? null : Number(v)));
  const [r] = await db.select(select).from(t).where(where);
  return (r ?? {}) as Record<string, number | null>;
}

/**
 * One page of a list, or all of it (`limit=-1`) up to the resource's cap: asking for more than the cap is refused
 * (400 `list_too_large`) rather than building a reply that holds the server's memory.
 */
export async function listRows(db: Db, res: ResourceDef, p: ListParams, opts: ListOptions = {}): Promise<ListResult> {
  const t = tableOf(res);
  const where = whereOf(res, p, opts);
  const hidden = new Set(opts.hidden ?? []);
  if (p.sort.some(s => isHiddenKey(hidden, s.field))) throw badRequest('bad_sort');
  const order = orderOf(res, p, opts.defaultSort);
  const limit = p.limit ?? res.pageSize ?? 50;
  const cap = opts.cap ?? maxRowsOf(res);
  let q = selectRows(db, res).where(where).orderBy(...order);
  // All rows: one more than the cap tells whether the list is over it.
  q = limit === -1 ? q.limit(cap + 1) : q.limit(limit).offset((p.page - 1) * limit);
  const dt = await replyRows(db, q);
  if (limit === -1 && dt.length > cap) throw new ApiError(400, 'list_too_large', { max: cap });
  // The count is a query of its own: a window count would make the database build every row's select list
  // (reference names included) before the limit applies.
  let total = dt.length;
  if (limit !== -1 && (p.page > 1 || dt.length === limit)) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t).where(where);
    total = c?.n ?? 0;
  }
  const result: ListResult = { dt, total };
  if (p.totals) result.totals = await totalsOf(db, res, where);
  return result;
}

export async function detailRow(db: Db, res: ResourceDef, id: number): Promise<Record<string, unknown> | undefined> {
  const t = tableOf(res);
  const [r] = await replyRows(db, selectRows(db, res).where(eq(column(t, 'id'), id)).limit(1));
  return r;
}

