import { or, sql, type SQL } from 'drizzle-orm';
import type { Field } from '../../src/domain/registry/fields';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { tableOf, type AnyTable } from '../db/tables';
import { column } from '../db/columns';

/**
 * References of imported rows: a cell names the row it points at by its natural key (an item code), another
 * unique field (a category's code), its display name (as lists and exports show it) or its id. All tokens of one
 * referenced resource are looked up in one query. The first kind that matches wins, in that order; a name shared by
 * several rows is ambiguous and refused, never guessed.
 */

/** The part of an import row this step reads and fills. */
export interface RefWork {
  refTokens: Record<string, string[]>;
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
}

const ID_TOKEN = /^[1-9]\d{0,9}$/;
/** A message names the token it could not resolve; a pasted paragraph is cut. */
const shown = (token: string) => (token.length > 60 ? `${token.slice(0, 60)}…` : token);

/**
 * `col = any(array of the JSON list)`: one parameter however many tokens (PGlite and PostgreSQL cap a statement's
 * parameters), and still an index lookup.
 */
export function anyOfJson(col: SQL | ReturnType<typeof column>, list: readonly (string | number)[], pgType: 'text' | 'int'): SQL {
  return sql`${col} = any(array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)::${sql.raw(pgType)}))`;
}

function pgTypeOf(f: Field | undefined): 'text' | 'int' | undefined {
  if (!f) return undefined;
  if (f.type === 'text' || f.type === 'enum') return 'text';
  if (f.type === 'int' || f.type === 'ref') return 'int';
  return undefined;
}

/** Per identifying column, in priority order: value → ids of the rows holding it; plus every id found. */
interface Lookup { byColumn: Map<string, number[]>[]; ids: Set<number> }

/**
 * The columns a person names a row by, strongest first: the natural key, the other unique text fields (a category's
 * code), then the display name.
 */
function identifyingColumns(target: ResourceDef): string[] {
  const cols: string[] = [];
  if (target.naturalKey?.length === 1) cols.push(target.naturalKey[0]!);
  // Never a sensitive field (a badge number): a cell must not confirm a value its reader may not see.
  for (const [k, f] of Object.entries(target.fields)) if (f.unique && !f.sensitive) cols.push(k);
  cols.push(target.display);
  return [...new Set(cols)].filter(c => pgTypeOf(target.fields[c]) === 'text');
}

async function lookup(db: Db, target: ResourceDef, tokens: string[]): Promise<Lookup> {
  const t: AnyTable = tableOf(target);
  const cols = identifyingColumns(target);
  const numeric = tokens.filter(s => ID_TOKEN.test(s)).map(Number);
  const conds: SQL[] = cols.map(c => anyOfJson(column(t, c), tokens, 'text'));
  if (numeric.length) conds.push(anyOfJson(column(t, 'id'), numeric, 'int'));
  const select: Record<string, ReturnType<typeof column>> = { id: column(t, 'id') };
  cols.forEach((c, i) => { select[`c${i}`] = column(t, c); });
  const found = conds.length === 0 ? [] : await db.select(select).from(t).where(or(...conds));
  const out: Lookup = { byColumn: cols.map(() => new Map()), ids: new Set() };
  for (const r of found) {
    const id = r.id as number;
    out.ids.add(id);
    cols.forEach((_c, i) => {
      const v = r[`c${i}`];
      if (v === null || v === undefined) return;
      const m = out.byColumn[i]!;
      m.set(String(v), [...(m.get(String(v)) ?? []), id]);
    });
  }
  return out;
}

function resolveToken(l: Lookup, token: string): number | FieldError {
  for (const m of l.byColumn) {
    const ids = m.get(token);
    if (ids?.length === 1) return ids[0]!;
    if (ids && ids.length > 1) return { key: 'ref_ambiguous', params: { value: shown(token) } };
  }
  if (ID_TOKEN.test(token) && l.ids.has(Number(token))) return Number(token);
  return { key: 'ref_not_found', params: { value: shown(token) } };
}

/** Replaces every row's reference tokens by ids (one query per referenced resource); unknown tokens become errors. */
export async function resolveReferences(db: Db, res: ResourceDef, works: RefWork[]): Promise<void> {
  const fieldsByTarget = new Map<string, string[]>();
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    fieldsByTarget.set(f.to, [...(fieldsByTarget.get(f.to) ?? []), name]);
  }
  for (const [to, fields] of fieldsByTarget) {
    const tokens = new Set<string>();
    for (const w of works) for (const f of fields) for (const tok of w.refTokens[f] ?? []) tokens.add(tok);
    const l = tokens.size ? await lookup(db, resourceByName(to)!, [...tokens]) : undefined;
    for (const w of works) {
      for (const name of fields) {
        const toks = w.refTokens[name];
        if (toks === undefined) continue;
        const ids: number[] = [];
        for (const tok of toks) {
          const r = resolveToken(l!, tok);
          if (typeof r === 'number') ids.push(r);
          else if (!(name in w.errors)) w.errors[name] = r;
        }
        w.values[name] = res.fields[name]!.type === 'ref' ? (ids[0] ?? null) : ids;
      }
    }
  }
}
