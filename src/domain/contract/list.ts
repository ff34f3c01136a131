import { z } from 'zod';
import './zod-config';
import { queryableField, refOfNameColumn } from '../registry/columns';
import type { Field, FieldValue, RefField, RefsField, TextsField } from '../registry/fields';
import { fieldSchema } from '../registry/input-schema';
import type { ResourceDef, SYSTEM_COLUMNS } from '../registry/resource';
import { optionalInt, wireFlag, wireJson, wireText } from './wire';

/**
 * The list call of every resource (DESIGN §4): `GET|POST <base>/list/` with `page`, `limit`, `keyword`, `sort`,
 * `filter`, `totals` and the echo tokens; any other parameter naming a readable field filters by equality
 * (`saler_id=3`), and a resource may read parameters of its own (customers' `checkselfonly`).
 *
 * Rules:
 * - `limit=-1` asks for every row; a resource answers it only up to its cap (`maxRowsOf`), past which the reply is
 *   400 `list_too_large`, and a page is at most `maxPageOf` rows. A list of a resource paged by the server is
 *   fetched a page at a time.
 * - Filters and sorts name readable fields (system columns included); each filter value is checked by its field's
 *   own validator, so a bad value is a 400 `bad_filter`, never a database error.
 * - `totals=1` adds the sums of the resource's summable fields over the whole filtered list (not just the page).
 * - `first=N` (spec §7, the items picker's parameter) asks for the first N rows of the list in its order — page 1 of
 *   N rows, whatever `page` and `limit` say — so `keyword_code=<scanned code>&first=1` is the one best match. N is a
 *   page size (1 … the largest page); anything else is a 400.
 */

export const FILTER_OPS = ['eq', 'ne', 'in', 'contains', 'gte', 'lte', 'between'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Rows a `limit=-1` list may carry unless the declaration says otherwise. */
export const DEFAULT_MAX_ROWS = 20_000;
/** The largest page a list serves. */
export const MAX_PAGE = 1_000;
export const MAX_FILTERS = 50;
export const MAX_KEYWORD = 200;
export const MAX_SORT_KEYS = 5;

/** How many rows one `limit=-1` reply of this resource may hold (a paged resource serves pages only). */
export function maxRowsOf(res: ResourceDef): number {
  return res.maxRows ?? (res.paging === 'server' ? MAX_PAGE : DEFAULT_MAX_ROWS);
}

export function maxPageOf(res: ResourceDef): number {
  return Math.max(maxRowsOf(res), MAX_PAGE);
}

type SystemColumn = (typeof SYSTEM_COLUMNS)[number] | 'canceled';
type RefNameColumn<R extends ResourceDef> = {
  [K in keyof R['fields'] & string]: R['fields'][K] extends RefField ? `${K}_name` : never;
}[keyof R['fields'] & string];
/** The names a list may filter and sort by: declared fields, system columns and references' display names. */
export type QueryField<R extends ResourceDef> = (keyof R['fields'] & string) | SystemColumn | RefNameColumn<R>;

/** The value one filter compares with: a list field (refs, texts) compares one element. */
type Scalar<R extends ResourceDef, K> = K extends keyof R['fields']
  ? R['fields'][K] extends RefsField ? number : R['fields'][K] extends TextsField ? string : FieldValue<R['fields'][K]>
  : K extends 'created_at' | 'updated_at' ? string : K extends 'canceled' ? boolean : K extends `${string}_name` ? string : number;

/** One filter of a list, typed by the declaration: the field's name and a value of its type. */
export type Filter<R extends ResourceDef = ResourceDef> = {
  [K in QueryField<R>]:
    | { field: K; op: 'eq' | 'ne' | 'contains' | 'gte' | 'lte'; value: Scalar<R, K> | null }
    | { field: K; op: 'in'; value: readonly Scalar<R, K>[] }
    | { field: K; op: 'between'; value: readonly [Scalar<R, K> | null, Scalar<R, K> | null] };
}[QueryField<R>];

/** A sort key: a field, `-field` for descending. */
export type SortKey<R extends ResourceDef = ResourceDef> = QueryField<R> | `-${QueryField<R>}`;

/** What a screen asks of a list, before it is put on the wire. */
export interface ListQuery<R extends ResourceDef = ResourceDef> {
  page?: number;
  /** Rows per page; -1 = all (up to the resource's cap). */
  limit?: number;
  keyword?: string;
  sort?: readonly SortKey<R>[];
  filter?: readonly Filter<R>[];
  /** Ask for the totals of the summable fields over the filtered list. */
  totals?: boolean;
  /** Parameters of the resource's own (`checkselfonly`, `nogroup` …). */
  extra?: Readonly<Record<string, string | number | boolean>>;
}

/** The wire parameters of a list query (structured values as JSON text, DESIGN §4). */
export function encodeListQuery(q: ListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q.extra ?? {})) out[k] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
  if (q.page !== undefined) out.page = q.page;
  if (q.limit !== undefined) out.limit = q.limit;
  if (q.keyword?.trim()) out.keyword = q.keyword.trim();
  if (q.sort?.length) out.sort = q.sort.join(',');
  if (q.filter?.length) out.filter = JSON.stringify(q.filter);
  if (q.totals) out.totals = 1;
  return out;
}

/** A filter after validation: its value parsed by the field's validator. */
export interface CheckedFilter {
  field: string;
  op: FilterOp;
  value: unknown;
  /** Came as a plain `field=value` parameter (a filter a caller may not use is then ignored, not refused). */
  plain?: true;
}
export interface CheckedSort { field: string; desc: boolean }

/** A list request as the server reads it, validated against the declaration. */
export interface ListParams {
  page: number;
  /** Undefined: the resource's page size. */
  limit: number | undefined;
  keyword: string | undefined;
  sort: CheckedSort[];
  filter: CheckedFilter[];
  totals: boolean;
  token?: string;
  token1?: string;
  token2?: string;
  /** Every parameter as sent (resources read their own from here). */
  raw: Record<string, unknown>;
}

/** Parameters of the transport and the page, never read as field filters. */
export const LIST_TRANSPORT_KEYS: ReadonlySet<string> = new Set(['page', 'limit', 'first', 'keyword', 'sort', 'filter', 'totals',
  'frompath', 'token', 'token1', 'token2', 'timestamp', 'ios', 'lang', 'timeout', '_']);

const rawFilter = z.object({ field: z.string().max(64), op: z.enum(FILTER_OPS), value: z.unknown() }, { message: 'bad_filter' });

/** A filter value checked by its field's validator (a list field compares one element; text may be long). */
function checkValue(f: Field, v: unknown): { ok: true; value: unknown } | { ok: false } {
  const single: Field = f.type === 'refs' ? { type: 'ref', to: f.to } : f.type === 'texts' ? { type: 'text', max: 200 } : f;
  const r = fieldSchema(single.type === 'text' ? { ...single, max: 10_000 } : single).safeParse(v);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

/** A reference's display name is filtered by equality, a list of names, or a substring. */
const REF_NAME_OPS: ReadonlySet<FilterOp> = new Set(['eq', 'in', 'contains']);

function checkFilter(res: ResourceDef, flt: { field: string; op: FilterOp; value: unknown }): CheckedFilter | undefined {
  const f = queryableField(res, flt.field);
  if (!f) return undefined;
  if (refOfNameColumn(res, flt.field) && !REF_NAME_OPS.has(flt.op)) return undefined;
  const isList = f.type === 'refs' || f.type === 'texts';
  const one = (v: unknown) => { const r = checkValue(f, v); return r.ok ? r.value : undefined; };
  switch (flt.op) {
    case 'eq': case 'ne': {
      const r = checkValue(f, flt.value);
      return r.ok ? { ...flt, value: r.value } : undefined;
    }
    case 'in': {
      if (!Array.isArray(flt.value) || flt.value.length > 1000) return undefined;
      const vs = flt.value.map(one);
      return vs.includes(undefined) ? undefined : { ...flt, value: vs.filter(v => v !== null) };
    }
    case 'contains':
      if (isList) { const r = checkValue(f, flt.value); return r.ok && r.value !== null ? { ...flt, value: r.value } : undefined; }
      return typeof flt.value === 'string' || typeof flt.value === 'number' ? { ...flt, value: String(flt.value) } : undefined;
    case 'gte': case 'lte': {
      if (isList) return undefined;
      const r = checkValue(f, flt.value);
      return r.ok && r.value !== null ? { ...flt, value: r.value } : undefined;
    }
    case 'between': {
      if (isList || !Array.isArray(flt.value) || flt.value.length !== 2) return undefined;
      const [a, b] = flt.value.map(one);
      return a === undefined || b === undefined ? undefined : { ...flt, value: [a, b] };
    }
  }
}

const SORT = /^[-+]?[a-z_][a-z0-9_]*$/;

/**
 * The validator of a resource's list parameters (query string or form body). Its output is `ListParams`; a refusal's
 * first issue message is the message key (`bad_filter`, `bad_sort`, `bad_request`).
 */
export function listParamsSchema(res: ResourceDef) {
  const maxPage = maxPageOf(res);
  return z.looseObject({
    page: optionalInt(1, 1_000_000),
    limit: optionalInt(-1, maxPage).refine(n => n !== 0, { message: 'bad_request' }),
    first: optionalInt(1, maxPage),
    keyword: wireText(MAX_KEYWORD).optional(),
    sort: wireText(400).optional(),
    filter: wireJson(z.array(rawFilter, { message: 'bad_filter' }).max(MAX_FILTERS, { message: 'bad_filter' })).optional(),
    totals: wireFlag.optional(),
    token: wireText(200).optional(),
    token1: wireText(200).optional(),
    token2: wireText(200).optional(),
  }).transform((p, ctx): ListParams => {
    const sort: CheckedSort[] = [];
    for (const part of (p.sort ?? '').split(',').map(s => s.trim()).filter(Boolean).slice(0, MAX_SORT_KEYS)) {
      const field = part.replace(/^[-+]/, '');
      if (!SORT.test(part) || !queryableField(res, field)) {
        ctx.addIssue({ code: 'custom', message: 'bad_sort', path: ['sort'] });
        return z.NEVER;
      }
      sort.push({ field, desc: part.startsWith('-') });
    }
    const filter: CheckedFilter[] = [];
    for (const flt of p.filter ?? []) {
      const checked = checkFilter(res, flt);
      if (!checked) { ctx.addIssue({ code: 'custom', message: 'bad_filter', path: ['filter'] }); return z.NEVER; }
      filter.push(checked);
    }
    // `field=value` for any readable field: an equality filter, checked the same way.
    for (const [k, v] of Object.entries(p)) {
      if (LIST_TRANSPORT_KEYS.has(k) || v === undefined || v === '' || !queryableField(res, k)) continue;
      const checked = checkFilter(res, { field: k, op: 'eq', value: v });
      if (!checked) { ctx.addIssue({ code: 'custom', message: 'bad_filter', path: [k] }); return z.NEVER; }
      filter.push({ ...checked, plain: true });
    }
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return {
      page: p.first === undefined ? p.page ?? 1 : 1, limit: p.first ?? p.limit,
      keyword: p.keyword?.trim() || undefined, sort, filter, totals: p.totals ?? false,
      token: text(p.token), token1: text(p.token1), token2: text(p.token2), raw: p,
    };
  });
}
