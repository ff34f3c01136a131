import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fieldSchema } from '../../src/domain/registry/input-schema';
import type { Field } from '../../src/domain/registry/fields';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { badRequest } from '../lib/api-error';
import { int, jsonParam, str, type Params } from '../lib/params';
import { column, isQueryable, selectRows } from './columns';

/** Parameters that steer a list and are never read as field filters. */
const LIST_KEYS = new Set(['page', 'limit', 'keyword', 'sort', 'filter', 'frompath', 'token', 'token1', 'token2',
  'timestamp', 'ios', 'lang', 'timeout', '_']);

export const FILTER_OPS = ['eq', 'ne', 'in', 'contains', 'gte', 'lte', 'between'] as const;
const filterSchema = z.array(z.object({
  field: z.string().max(64), op: z.enum(FILTER_OPS), value: z.unknown(),
})).max(50);
export type Filter = z.infer<typeof filterSchema>[number];

const SYSTEM_FIELDS: Record<string, Field> = {
  id: { type: 'int' }, version: { type: 'int' }, rev: { type: 'int', max: Number.MAX_SAFE_INTEGER },
  created_at: { type: 'datetime' }, updated_at: { type: 'datetime' }, created_by: { type: 'ref', to: 'accounts' },
  updated_by: { type: 'ref', to: 'accounts' }, canceled: { type: 'bool' },
};

function fieldOf(res: ResourceDef, name: string): Field | undefined {
  if (!isQueryable(res, name)) return undefined;
  return res.fields[name] ?? SYSTEM_FIELDS[name];
}

/** A filter value, checked by the field's own validator (an array field compares one element). */
function value(f: Field, v: unknown): unknown {
  const single: Field = f.type === 'refs' ? { type: 'ref', to: f.to } : f.type === 'texts' ? { type: 'text', max: 200 } : f;
  const r = fieldSchema(single.type === 'text' ? { ...single, max: 10_000 } : single).safeParse(v);
  if (!r.success) throw badRequest('bad_filter');
  // Date-times are validated as ISO strings; a timestamp column binds a Date (a string made the driver throw: 500).
  if (single.type === 'datetime' && typeof r.data === 'string') return new Date(r.data);
  return r.data;
}

function condition(res: ResourceDef, flt: Filter): SQL | undefined {
  const f = fieldOf(res, flt.field);
  if (!f) throw badRequest('bad_filter');
  const col = column(tableOf(res), flt.field);
  const isArray = f.type === 'refs' || f.type === 'texts';
  switch (flt.op) {
    case 'eq': {
      const v = value(f, flt.value);
      if (v === null) return sql`${col} is null`;
      return isArray ? sql`${v} = any(${col})` : eq(col, v);
    }
    case 'ne': {
      const v = value(f, flt.value);
      if (v === null) return sql`${col} is not null`;
      // "Not this category" includes the rows without one, as a person reading the filter expects.
      return isArray ? sql`not (${v} = any(coalesce(${col}, '{}')))` : sql`${col} is distinct from ${v}`;
    }
    case 'in': {
      if (!Array.isArray(flt.value) || flt.value.length > 1000) throw badRequest('bad_filter');
      const vs = flt.value.map(v => value(f, v)).filter(v => v !== null);
      if (vs.length === 0) return sql`false`;
      return isArray ? sql`${col} && ${sql.param(vs)}` : inArray(col, vs);
    }
    case 'contains': {
      if (isArray) return sql`${value(f, flt.value)} = any(${col})`;
      if (typeof flt.value !== 'string' && typeof flt.value !== 'number') throw badRequest('bad_filter');
      return ilike(sql`${col}::text`, `%${escapeLike(String(flt.value))}%`);
    }
    case 'gte': case 'lte': {
      if (isArray) throw badRequest('bad_filter');
      const v = value(f, flt.value);
      if (v === null) throw badRequest('bad_filter');
      return flt.op === 'gte' ? gte(col, v) : lte(col, v);
    }
    case 'between': {
      if (isArray || !Array.isArray(flt.value) || flt.value.length !== 2) throw badRequest('bad_filter');
      const [a, b] = flt.value.map(v => value(f, v));
      return and(a === null ? undefined : gte(col, a), b === null ? undefined : lte(col, b));
    }
  }
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, m => `\\${m}`);
}

export interface ListOptions {
  /** Extra conditions from a resource's own list parameters (e.g. customers' `checkselfonly`). */
  where?: SQL[];
  /** Sort to use when the request names none. */
  defaultSort?: string;
}

export interface ListResult { dt: Record<string, unknown>[]; total: number }

/**
 * The generic list (DESIGN §4): keyword over the declared search fields, `filter` JSON, a plain `field=value` for
 * any queryable field, `sort` (`-field`, comma-separated), `page` (1-based) and `limit` (-1 = all).
 */
export async function listRows(db: Db, res: ResourceDef, p: Params, opts: ListOptions = {}): Promise<ListResult> {
  const t = tableOf(res);
  const conds: (SQL | undefined)[] = [...(opts.where ?? [])];

  const keyword = str(p, 'keyword')?.trim();
  if (keyword) {
    if (keyword.length > 200) throw badRequest();
    const like = `%${escapeLike(keyword)}%`;
    conds.push(or(...res.search.map(f => ilike(column(t, f), like))));
  }
  const filter = jsonParam(p, 'filter');
  if (filter !== undefined) {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) throw badRequest('bad_filter');
    for (const flt of parsed.data) conds.push(condition(res, flt));
  }
  for (const [k, v] of Object.entries(p)) {
    if (LIST_KEYS.has(k) || !fieldOf(res, k) || v === undefined || v === '') continue;
    conds.push(condition(res, { field: k, op: 'eq', value: v }));
  }

  const order: SQL[] = [];
  const sortSpec = str(p, 'sort') || opts.defaultSort || res.sort || '-id';
  for (const part of sortSpec.split(',').slice(0, 5)) {
    const name = part.trim().replace(/^[-+]/, '');
    if (!name) continue;
    if (!fieldOf(res, name)) throw badRequest('bad_sort');
    order.push(part.trim().startsWith('-') ? sql`${column(t, name)} desc nulls last` : asc(column(t, name)));
  }
  order.push(desc(column(t, 'id')));

  const limit = int(p, 'limit', res.pageSize ?? 50)!;
  const page = int(p, 'page', 1)!;
  if (page < 1 || limit < -1 || limit === 0 || limit > 100_000) throw badRequest();

  const where = and(...conds.filter((c): c is SQL => c !== undefined));
  let q = selectRows(db, res).where(where).orderBy(...order);
  if (limit !== -1) q = q.limit(limit).offset((page - 1) * limit);
  const dt = (await q) as Record<string, unknown>[];
  // The count is a query of its own: a window count would make the database build every row's select list
  // (reference names included) before the limit applies.
  let total = dt.length;
  if (limit !== -1 && (page > 1 || dt.length === limit)) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t).where(where);
    total = c?.n ?? 0;
  }
  return { dt, total };
}

export async function detailRow(db: Db, res: ResourceDef, id: number): Promise<Record<string, unknown> | undefined> {
  const t = tableOf(res);
  const [r] = await selectRows(db, res).where(eq(column(t, 'id'), id)).limit(1);
  return r as Record<string, unknown> | undefined;
}
