import type { ListQuery } from '../../domain/contract/list';
import type { ListReply } from '../../domain/contract/replies';
import { queryableField } from '../../domain/registry/columns';
import type { ResourceDef } from '../../domain/registry/resource';
import { summableFields } from '../../domain/rules/sums';

type Row = Record<string, unknown>;

/**
 * A list answered from the offline copy by the same contract as the server's (decision 47): the rows of
 * `server/resources/list.ts` for the same `ListQuery`, so a screen does not know where its rows came from.
 *
 * Rules, as on the server:
 * - A missing field is empty (pulled rows leave out their nulls).
 * - Filters: eq / ne (ne keeps empty values), in, contains (text: case-insensitive substring; a list field: one
 *   element), gte / lte / between (either end open). `extra` parameters naming a readable field filter by equality;
 *   other extras (a resource's own parameters) are the server's business and filter nothing here.
 * - Keyword: every word found in one of the declared search fields (case-insensitive).
 * - Sort: the asked keys, else the declaration's, else newest first; empty values last either way; ties by id,
 *   newest first. Paging by `page` and `limit` (default the resource's page size; -1 = every row).
 * - Totals: sums of the summable fields over every filtered row.
 */
export function localList(def: ResourceDef, rows: readonly Row[], q: ListQuery): ListReply<Row> {
  const preds: ((r: Row) => boolean)[] = [];
  for (const f of q.filter ?? []) preds.push(filterPredicate(def, f.field, f.op, f.value));
  for (const [k, v] of Object.entries(q.extra ?? {})) {
    if (v === '' || !queryableField(def, k)) continue;
    preds.push(filterPredicate(def, k, 'eq', v));
  }
  const words = (q.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length) {
    preds.push(r => {
      const texts = def.search.map(f => textOf(r[f]));
      return words.every(w => texts.some(t => t.includes(w)));
    });
  }
  const matched = preds.length ? rows.filter(r => preds.every(p => p(r))) : [...rows];
  matched.sort(comparator(def, q.sort?.length ? [...q.sort] : (def.sort ?? '-id').split(',').map(s => s.trim()).filter(Boolean)));
  const limit = q.limit ?? def.pageSize ?? 50;
  const page = Math.max(1, q.page ?? 1);
  const dt = limit === -1 ? matched : matched.slice((page - 1) * limit, page * limit);
  const reply: ListReply<Row> = { msg: 'OK', dt, total: matched.length };
  if (q.totals) reply.totals = totalsOf(def, matched);
  return reply;
}

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(textOf).join(' ');
  return String(v).toLowerCase();
}

const isEmpty = (v: unknown) => v === null || v === undefined;

/** A value for comparing: numbers as numbers, booleans from their wire forms, anything else as text. */
function norm(type: string, v: unknown): unknown {
  if (isEmpty(v)) return null;
  switch (type) {
    case 'int': case 'number': case 'money': case 'ref': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'bool': return v === true || v === 1 || v === '1' || v === 'true';
    case 'datetime': {
      // A moment, whatever offset its text carries (the server binds a Date).
      const t = Date.parse(String(v));
      return Number.isFinite(t) ? t : String(v);
    }
    default: return String(v);
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function filterPredicate(def: ResourceDef, field: string, op: string, raw: unknown): (r: Row) => boolean {
  const f = queryableField(def, field);
  if (!f) return () => true;
  const list = f.type === 'refs' || f.type === 'texts';
  const type = f.type === 'refs' ? 'ref' : f.type === 'texts' ? 'text' : f.type;
  const one = (v: unknown) => norm(type, v);
  // `in` ignores empty values, as the server's validator drops them.
  const value = Array.isArray(raw) ? (op === 'in' ? raw.map(one).filter(v => v !== null) : raw.map(one)) : one(raw);
  if (list) {
    const elements = (r: Row) => (Array.isArray(r[field]) ? (r[field] as unknown[]).map(one) : []);
    switch (op) {
      case 'eq': case 'contains': return value === null ? r => elements(r).length === 0 : r => elements(r).includes(value);
      case 'ne': return value === null ? r => elements(r).length > 0 : r => !elements(r).includes(value);
      case 'in': return r => elements(r).some(e => (value as unknown[]).includes(e));
      default: return () => true;
    }
  }
  const get = (r: Row) => one(r[field]);
  switch (op) {
    case 'eq': return value === null ? r => get(r) === null : r => get(r) === value;
    case 'ne': return value === null ? r => get(r) !== null : r => get(r) !== value;
    case 'in': return r => (value as unknown[]).includes(get(r));
    case 'contains': {
      const s = String(raw ?? '').toLowerCase();
      return r => textOf(r[field]).includes(s);
    }
    case 'gte': return r => { const v = get(r); return v !== null && compare(v, value) >= 0; };
    case 'lte': return r => { const v = get(r); return v !== null && compare(v, value) <= 0; };
    case 'between': {
      const [a, b] = value as [unknown, unknown];
      // Both ends open: no condition at all, empty values included (as on the server).
      if (a === null && b === null) return () => true;
      return r => {
        const v = get(r);
        return v !== null && (a === null || compare(v, a) >= 0) && (b === null || compare(v, b) <= 0);
      };
    }
    default: return () => true;
  }
}

function comparator(def: ResourceDef, keys: readonly string[]): (a: Row, b: Row) => number {
  const parts = keys.map(k => {
    const desc = k.startsWith('-');
    const field = k.replace(/^[-+]/, '');
    const type = queryableField(def, field)?.type ?? 'text';
    return { field, desc, type };
  });
  return (a, b) => {
    for (const p of parts) {
      const x = norm(p.type, a[p.field]);
      const y = norm(p.type, b[p.field]);
      if (x === null && y === null) continue;
      // Empty values last, ascending or descending (the server's `nulls last`).
      if (x === null) return 1;
      if (y === null) return -1;
      const c = compare(x, y);
      if (c !== 0) return p.desc ? -c : c;
    }
    return (b.id as number) - (a.id as number);
  };
}

function totalsOf(def: ResourceDef, rows: readonly Row[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const f of summableFields(def)) {
    let sum: number | null = null;
    for (const r of rows) {
      const n = Number(r[f]);
      if (!isEmpty(r[f]) && Number.isFinite(n)) sum = (sum ?? 0) + n;
    }
    // Money is kept at 4 decimals (DESIGN §8); summing floats must not show more.
    out[f] = sum === null ? null : Math.round(sum * 10_000) / 10_000;
  }
  return out;
}
