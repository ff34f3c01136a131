import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isPresent, saveSchema } from '../../src/domain/registry/input-schema';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { hashPassword } from '../lib/secrets';
import { column } from '../db/columns';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';

/**
 * Idempotent bulk insertion of seed rows, matched by natural key.
 *
 * Rules:
 * - Seed rows name the rows they reference by natural key (`ref('departments', '生产部')`), never by id: ids are
 *   whatever the database hands out, and differ between a fresh database and one seeded before.
 * - A row whose key is already in the table is left as it is (a user may have edited it since); only missing rows
 *   are inserted. Looking first, rather than relying on ON CONFLICT alone, keeps restarts from burning identity and
 *   `rev` values on rows that are already there.
 * - ON CONFLICT DO NOTHING still guards every insert: a row that collides on another unique column (a user reused a
 *   demo code) is skipped instead of failing the start-up; whatever referenced it gets null, or is skipped too when
 *   the reference is required.
 * - Like the server's create (`validateValues`), declared defaults are applied and passwords hashed here, because the
 *   database holds no field defaults.
 */

/** A reference to one row of `to`, by its natural key. */
export class Ref {
  constructor(readonly to: string, readonly key: string) {}
}

/** An ordered list of references (a `refs` field), by natural key. */
export class RefList {
  constructor(readonly to: string, readonly keys: readonly string[]) {}
}

export function ref(to: string, key: string | null | undefined): Ref | null {
  return key == null ? null : new Ref(to, key);
}

export function refs(to: string, keys: readonly string[]): RefList {
  return new RefList(to, keys);
}

/** Field values, with `Ref`/`RefList` in place of ids. */
export type SeedRow = Record<string, unknown>;

/** Rows per INSERT statement: large enough to be fast on PGlite, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function keyOf(row: Record<string, unknown>, cols: readonly string[]): string {
  return cols.map(c => String(row[c] ?? '')).join('\u001f');
}

function resourceOf(name: string): ResourceDef {
  const res = resourceByName(name);
  if (!res) throw new Error(`seed: unknown resource ${name}`);
  return res;
}

export class Seeder {
  /** Rows this run has inserted, over all tables. */
  inserted = 0;
  /** Natural key → id of every row the seed has put or found, per resource. */
  private readonly ids = new Map<string, Map<string, number>>();
  private readonly schemas = new Map<string, ReturnType<typeof saveSchema>>();

  constructor(private readonly db: Db) {}

  /** The id of a seeded row, or undefined when it could not be inserted. */
  id(to: string, key: string): number | undefined {
    const known = this.ids.get(to);
    if (!known) throw new Error(`seed order: ${to} is referenced before it is seeded`);
    return known.get(key);
  }

  /**
   * Inserts the rows whose key is not in the table yet and returns the keys it inserted. `keyCols` defaults to the
   * declaration's natural key; resources without one (journals) name their own.
   */
  async put(name: string, rows: readonly SeedRow[], keyCols?: readonly string[]): Promise<Set<string>> {
    const res = resourceOf(name);
    const cols = keyCols ?? res.naturalKey ?? [];
    if (cols.length === 0) throw new Error(`seed: ${name} has no natural key; pass one`);
    const known = this.ids.get(name) ?? new Map<string, number>();
    this.ids.set(name, known);

    const wanted = new Map<string, SeedRow>();
    for (const r of rows) {
      const k = keyOf(r, cols);
      if (wanted.has(k)) throw new Error(`seed: duplicate ${name} key ${k}`);
      wanted.set(k, r);
    }
    for (const [k, id] of await this.existing(res, cols, rows)) known.set(k, id);

    const missing = [...wanted].filter(([k]) => !known.has(k)).map(([, r]) => r);
    const prepared = (await Promise.all(missing.map(r => this.prepare(res, r)))).filter((r): r is SeedRow => r !== null);

    const t = tableOf(res);
    const returning: Record<string, PgColumn> = { id: column(t, 'id') };
    for (const c of cols) returning[c] = column(t, c);
    const inserted = new Set<string>();
    for (const part of chunks(prepared)) {
      const got = await this.db.insert(t).values(part).onConflictDoNothing().returning(returning);
      for (const g of got) {
        const k = keyOf(g, cols);
        known.set(k, g.id as number);
        inserted.add(k);
      }
    }
    this.inserted += inserted.size;
    return inserted;
  }

  /**
   * Inserts `rows` only when the table has no row at all, and returns how many it inserted. For generated history that
   * has no natural key and is dated from the seeding day (attendance): a later run on another day would otherwise add
   * a second, shifted month beside the first.
   */
  async putIntoEmpty(name: string, rows: readonly SeedRow[]): Promise<number> {
    const res = resourceOf(name);
    const t = tableOf(res);
    const [any] = await this.db.select({ id: column(t, 'id') }).from(t).limit(1);
    if (any) return 0;
    const prepared = (await Promise.all(rows.map(r => this.prepare(res, r)))).filter((r): r is SeedRow => r !== null);
    let count = 0;
    for (const part of chunks(prepared)) {
      count += (await this.db.insert(t).values(part).returning({ id: column(t, 'id') })).length;
    }
    this.inserted += count;
    return count;
  }

  /**
   * Sets a reference that could not be given on insert (a department's manager is a person, and persons need their
   * department first), on the rows this run inserted only: a value a user cleared on purpose stays cleared.
   */
  async link(name: string, field: string, pairs: readonly (readonly [key: string, target: Ref])[],
    only: ReadonlySet<string>): Promise<void> {
    const res = resourceOf(name);
    const keyCol = res.naturalKey?.[0];
    if (!keyCol) throw new Error(`seed: ${name} has no natural key`);
    const t = tableOf(res);
    for (const [key, target] of pairs) {
      if (!only.has(key)) continue;
      const id = this.id(target.to, target.key);
      if (id === undefined) continue;
      // Every write takes a fresh change number, so offline caches pull the change (DESIGN §3).
      await this.db.update(t).set({ [field]: id, rev: sql`next_rev()` })
        .where(and(eq(column(t, keyCol), key), isNull(column(t, field))));
    }
  }

  /** Key → id of the rows of `res` that already carry one of the rows' keys. */
  private async existing(res: ResourceDef, cols: readonly string[], rows: readonly SeedRow[]): Promise<Map<string, number>> {
    const t = tableOf(res);
    const select: Record<string, PgColumn> = { id: column(t, 'id') };
    for (const c of cols) select[c] = column(t, c);
    const firsts = [...new Set(rows.map(r => r[cols[0]!]))];
    const out = new Map<string, number>();
    for (const part of chunks(firsts)) {
      const found = await this.db.select(select).from(t).where(inArray(column(t, cols[0]!), part));
      for (const f of found) out.set(keyOf(f, cols), f.id as number);
    }
    return out;
  }

  /**
   * The row as it is stored: references resolved, defaults applied, checked against the declaration, passwords
   * hashed. Null when a required reference is missing (its target was skipped), so the row is skipped too.
   */
  private async prepare(res: ResourceDef, row: SeedRow): Promise<SeedRow | null> {
    const out: SeedRow = {};
    for (const [k, f] of Object.entries(res.fields)) {
      let v = this.resolve(row[k]);
      if (v === undefined && 'default' in f && f.default !== undefined) v = f.default;
      if (f.required && !isPresent(v)) return null;
      if (v !== undefined) out[k] = v;
    }
    // The seed passes the same validation as a save from the UI, so a demo row can be edited and saved as it is.
    const checked = Object.keys(row).map(k => [k, out[k]]);
    const parsed = this.schemaOf(res).safeParse(Object.fromEntries(checked));
    if (!parsed.success) throw new Error(`seed: invalid ${res.name} row ${JSON.stringify(row)}: ${parsed.error.message}`);
    for (const [k, f] of Object.entries(res.fields)) {
      if (f.type === 'password' && typeof out[k] === 'string') out[k] = await hashPassword(out[k]);
      // Date-times are validated as the ISO strings the API carries; the column wants a Date.
      if (f.type === 'datetime' && typeof out[k] === 'string') out[k] = new Date(out[k]);
    }
    return out;
  }

  private schemaOf(res: ResourceDef): ReturnType<typeof saveSchema> {
    let s = this.schemas.get(res.name);
    if (!s) this.schemas.set(res.name, s = saveSchema(res, 'create'));
    return s;
  }

  /** A reference's id (null when its target was skipped); a list keeps the targets that exist, in order. */
  private resolve(v: unknown): unknown {
    if (v instanceof Ref) return this.id(v.to, v.key) ?? null;
    if (v instanceof RefList) return v.keys.map(key => this.id(v.to, key)).filter((id): id is number => id !== undefined);
    return v;
  }
}
