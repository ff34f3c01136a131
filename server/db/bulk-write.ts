import { sql, type SQL } from 'drizzle-orm';
import type { JsonField, RefField } from '../../src/domain/registry/fields';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { tableShape } from '../../src/domain/registry/sql-shape';
import { rows, type Db } from './connection';
import { noteWritten } from './reference-checks';

/**
 * Set-based writes of a declared resource's rows: one insert or one update of many rows from one JSON text
 * (`json_to_recordset`: JSON.stringify is native, where arrays of parameters are escaped element by element —
 * bench/sync), its columns and their types taken from the declaration (`tableShape`, what the migrations make).
 *
 * Every row it writes is noted in the reference checks of a stretch written without the row-by-row foreign-key checks
 * (`withoutRowChecks`, decision 141) when `tx` is in one: the writer cannot forget to, as it never notes by hand. A
 * foreign-key column is written only from the rows (a value the statement computes — `computed` — may not be one:
 * refused by the types and at the call), so whatever it references is noted. Outside a stretch nothing is noted and
 * the triggers check the rows as they always do.
 *
 * The statement is submitted at the call (the transaction's client runs statements in call order): a writer may queue
 * its next statement behind it before awaiting it.
 */

/** The columns every table has (`systemColumns`); the server writes them, a row's JSON never carries a reference in them. */
type SystemColumn = 'version' | 'rev' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'canceled';

type Fields<R> = R extends ResourceDef<infer F> ? F : never;
type FieldName<R> = keyof Fields<R> & string;
/** A declared column a statement may compute: any but a foreign key (it would go unnoted). */
type ComputableColumn<R> = { [K in FieldName<R>]: Fields<R>[K] extends RefField ? never : K }[FieldName<R>] | SystemColumn;
type JsonColumn<R> = { [K in FieldName<R>]: Fields<R>[K] extends JsonField ? K : never }[FieldName<R>];

/** A row to write: its declared columns by name (values as JSON carries them: a Date becomes its ISO text). */
export type RowOf<R extends ResourceDef> = Partial<Record<FieldName<R> | SystemColumn, unknown>>;

/**
 * Columns whose values the statement computes rather than takes from the rows: the same for every row (`${by}::int`,
 * `now()`, `next_rev()`) or from the row's own values (`x.<column>`; an update's table is `t`). Never a foreign key.
 */
export type Computed<R extends ResourceDef> = { readonly [K in ComputableColumn<R>]?: SQL };

export interface InsertOptions<R extends ResourceDef> {
  computed?: Computed<R>;
  /**
   * JSON columns given as JSON text, one per row, spliced into the rows' JSON as they are (a push's arguments, which
   * came as text: no parse and stringify again).
   */
  jsonText?: { readonly [K in JsonColumn<R>]?: readonly string[] };
  /**
   * A column holding one value in every row is sent once, as a parameter, not once per row in the JSON (a ledger's
   * rows share their document, kind, time and writer: a third of its JSON, bench/stock). Only when neither `computed`
   * nor `tail` reads a row's column from `x` (such a column is not in `x` then).
   */
  sendOnce?: boolean;
  /** What follows the rows: `on conflict … do …`, `returning …`. */
  tail?: SQL;
  /**
   * A common table expression the same statement runs first (`name as (…)`): another write that goes with these rows,
   * one round trip fewer than a statement of its own (a data-modifying one runs whether or not it is referenced). It
   * writes no foreign-key column: it is not noted.
   */
  with?: SQL;
}

export interface UpdateOptions<R extends ResourceDef> {
  computed?: Computed<R>;
  /**
   * The rows are also found by `t.id = any(ids)`: joined only to the JSON rows, the planner can hash a scan of the
   * whole table when it is large (the cards: bench/sync); by the list it reads each row through its key.
   */
  byIdList?: boolean;
}

interface Shape {
  /** Column name → its SQL type, as the migrations make it. */
  types: ReadonlyMap<string, string>;
  /** The foreign-key columns. */
  references: ReadonlySet<string>;
  /**
   * The columns an insert always sends: those with a default (the system columns'), which one left out would take
   * rather than null, and the required ones, which refuse a null either way.
   */
  kept: ReadonlySet<string>;
}

const SHAPES = new WeakMap<ResourceDef, Shape>();

function shapeOf(res: ResourceDef): Shape {
  let s = SHAPES.get(res);
  if (!s) {
    const cols = tableShape(res).columns;
    s = {
      types: new Map(cols.map(c => [c.name, c.type])), references: new Set(cols.flatMap(c => (c.references ? [c.name] : []))),
      kept: new Set(cols.flatMap(c => (c.default !== undefined || c.identity || c.notNull ? [c.name] : []))),
    };
    SHAPES.set(res, s);
  }
  return s;
}

/**
 * The columns an insert sends: a nullable column without a default that is null in every row is left out (left out,
 * it is null all the same, and the JSON the database parses is smaller: a ledger's 500 rows carry seven columns
 * nobody filled, bench/stock). All of them when that would leave none.
 */
function sentColumns(shape: Shape, cols: readonly string[], written: readonly object[]): string[] {
  const sent = cols.filter(c => shape.kept.has(c) || written.some(r => (r as Readonly<Record<string, unknown>>)[c] != null));
  return sent.length > 0 ? sent : [...cols];
}

/** The columns the rows carry (those of the first row: a writer's rows have one shape), each declared. */
function columnsOf(res: ResourceDef, shape: Shape, first: object): string[] {
  const cols = Object.keys(first);
  for (const c of cols) if (!shape.types.has(c)) throw new Error(`bulk-write: ${res.name}.${c} is not a declared column`);
  return cols;
}

/** The computed columns, each declared and none a foreign key (the types refuse one; this, a cast around them). */
function computedOf(res: ResourceDef, shape: Shape, computed: Readonly<Record<string, SQL | undefined>> | undefined): [string, SQL][] {
  const out = Object.entries(computed ?? {}).flatMap(([c, v]) => (v === undefined ? [] : [[c, v] as [string, SQL]]));
  for (const [c] of out) {
    if (!shape.types.has(c)) throw new Error(`bulk-write: ${res.name}.${c} is not a declared column`);
    if (shape.references.has(c)) {
      throw new Error(`bulk-write: ${res.name}.${c} references another table: it is written from the rows, where it is noted`);
    }
  }
  return out;
}

/**
 * Whether a column holds one value in every row: a string, a number, a boolean or null, the same in each (an object's
 * JSON is left to the rows).
 */
function sameInEveryRow(written: readonly object[], c: string): boolean {
  const v = (written[0] as Readonly<Record<string, unknown>>)[c];
  if (v !== null && v !== undefined && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
  return written.every(r => (r as Readonly<Record<string, unknown>>)[c] === v);
}

/** `x("a" integer, "b" text, …)`: the JSON rows as a record set of the declared types. */
const recordType = (shape: Shape, cols: readonly string[]): SQL =>
  sql.raw(`x(${cols.map(c => `"${c}" ${shape.types.get(c)!}`).join(', ')})`);

const quoted = (cols: readonly string[], prefix = ''): SQL => sql.raw(cols.map(c => `${prefix}"${c}"`).join(', '));

/**
 * Inserts `written` into `res`'s table in one statement (none when there are no rows), the rows' columns from the
 * JSON, `computed` beside them, `tail` after; returns what `tail` returns.
 */
export function insertRows<R extends ResourceDef, T = Record<string, unknown>>(tx: Db, res: R, written: readonly RowOf<R>[],
  options: InsertOptions<R> = {}): Promise<T[]> {
  if (written.length === 0) return Promise.resolve([]);
  const shape = shapeOf(res);
  const cols = sentColumns(shape, columnsOf(res, shape, written[0]!), written);
  const spliced = Object.entries(options.jsonText ?? {}) as [string, readonly string[] | undefined][];
  for (const [c, texts] of spliced) {
    if (shape.types.get(c) !== 'jsonb') throw new Error(`bulk-write: ${res.name}.${c} is not a JSON column`);
    if (texts?.length !== written.length) throw new Error(`bulk-write: ${res.name}.${c}: one JSON text per row`);
  }
  const computed = computedOf(res, shape, options.computed);
  // Noted from the rows, whichever way a column is sent below.
  noteWritten(tx, res.name, written);
  // Only the columns sent (a key list filters nested objects too: not when a JSON column is sent); with `sendOnce`, a
  // column of one value in every row as a parameter.
  const keyed = !cols.some(c => shape.types.get(c) === 'jsonb');
  const same = options.sendOnce && keyed && written.length > 1 ? cols.filter(c => c !== 'id' && sameInEveryRow(written, c)) : [];
  // At least one column per row: the record set needs a column to yield its rows.
  const once = same.length < cols.length ? same : same.slice(1);
  const perRow = once.length === 0 ? cols : cols.filter(c => !once.includes(c));
  const json = spliced.length === 0 ? JSON.stringify(written, keyed ? perRow : undefined) : `[${written.map((row, i) => {
    const own = JSON.stringify(row);
    const more = spliced.map(([c, texts]) => `"${c}":${texts![i]!}`).join(',');
    return own === '{}' ? `{${more}}` : `${own.slice(0, -1)},${more}}`;
  }).join(',')}]`;
  const first = written[0]! as Readonly<Record<string, unknown>>;
  const constants: [string, SQL][] = once.map(c => [c, sql`${first[c] ?? null}::${sql.raw(shape.types.get(c)!)}`]);
  const fromJson = [...perRow, ...spliced.map(([c]) => c)];
  const besides = [...constants, ...computed];
  const names = [...fromJson, ...besides.map(([c]) => c)];
  return rows<T>(tx, sql`${options.with ? sql`with ${options.with} ` : sql``}
    insert into ${sql.identifier(res.name)} (${quoted(names)})
    select ${quoted(fromJson, 'x.')}${besides.length ? sql`, ${sql.join(besides.map(([, v]) => v), sql`, `)}` : sql``}
    from json_to_recordset(${json}::json) as ${recordType(shape, fromJson)}
    ${options.tail ?? sql``}`);
}

/**
 * Updates `res`'s rows named by the rows' `id` in one statement (none when there are no rows): each column the rows
 * carry set from them (`t.c = x.c`), `computed` beside them.
 */
export function updateRows<R extends ResourceDef>(tx: Db, res: R, written: readonly (RowOf<R> & { id: number })[],
  options: UpdateOptions<R> = {}): Promise<unknown> {
  if (written.length === 0) return Promise.resolve([]);
  const shape = shapeOf(res);
  const cols = columnsOf(res, shape, written[0]!);
  if (!cols.includes('id')) throw new Error(`bulk-write: an update of ${res.name} names its rows by id`);
  const set = cols.filter(c => c !== 'id');
  const computed = computedOf(res, shape, options.computed);
  noteWritten(tx, res.name, written);
  const assignments = [
    ...set.map(c => sql.raw(`"${c}" = x."${c}"`)), ...computed.map(([c, v]) => sql`${sql.identifier(c)} = ${v}`),
  ];
  const ids = options.byIdList ? sql` and t.id = any(${sql.param(written.map(r => r.id))}::int[])` : sql``;
  return rows(tx, sql`
    update ${sql.identifier(res.name)} t set ${sql.join(assignments, sql`, `)}
    from json_to_recordset(${JSON.stringify(written)}::json) as ${recordType(shape, cols)}
    where t.id = x.id${ids}`);
}
