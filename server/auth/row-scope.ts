import { sql, type SQL } from 'drizzle-orm';
import { ownerParent, scopeOf } from '../../src/domain/contract/permissions';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { rows, type Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError, notFound } from '../lib/api-error';
import { column } from '../db/columns';
import type { Auth } from './sessions';

/**
 * Row scope (DESIGN §5): a role granted a resource with scope `own` works only on rows whose owner (`ResourceDef.owner`)
 * is the caller — its person for a reference to persons, its account for one to accounts. Enforced on list, detail,
 * save, delete, import, export, history, prints and pull. Rows of others answer 404, as if absent: a salesperson
 * learns nothing about a colleague's customers by guessing ids. A resource declared `ownerOnly` (a user's messages)
 * scopes every caller so, an admin included.
 *
 * A child owned through its parent (`owner: 'order_id.saler_id'`: an order's lines, cards, a customer's agreed prices)
 * is its parent's owner's: scoped when the caller is scoped on it or on the parent, read only where the parent is the
 * caller's, written only naming a parent the caller owns. And a scoped caller's write may only name rows of a resource
 * it is scoped on that are its own (`checkReferences`: an order for a colleague's customer is refused).
 */

type RowData = Record<string, unknown>;

/** Whether the caller works only on its own rows: a role granted scope `own` (here or on the parent), or `ownerOnly`. */
export function isScoped(auth: Auth, res: ResourceDef): boolean {
  return res.ownerOnly === true || scopeOf(auth.permissions, res) === 'own';
}

/** The resource whose field names the owner at the end of an owner path (the orders for an order's lines). */
function rootOf(res: ResourceDef): ResourceDef {
  const up = ownerParent(res);
  return up ? rootOf(up.parent) : res;
}

/** The owner value that means "the caller" (at the root of the owner path); null when the caller has none. */
export function callerOwner(auth: Auth, res: ResourceDef): number | null {
  const root = rootOf(res);
  const f = root.fields[root.owner ?? ''];
  if (f?.type !== 'ref') return null;
  return f.to === 'accounts' ? auth.accountId : auth.personId;
}

/**
 * The condition "this row is the caller's" on `ref` (how the resource's own columns are named: its table, or an
 * alias), whether or not the caller is scoped; through a parent, a sub-select of the parent's rows that are.
 */
function owned(auth: Auth, res: ResourceDef, col: (field: string) => SQL, depth = 0): SQL {
  const up = ownerParent(res);
  if (up) {
    const alias = `own_${depth}`;
    const inner = owned(auth, up.parent, f => sql`${sql.identifier(alias)}.${sql.identifier(f)}`, depth + 1);
    return sql`${col(up.via)} in (select ${sql.identifier(alias)}.id from ${sql.identifier(up.parent.name)} ${sql.identifier(alias)} where ${inner})`;
  }
  const me = callerOwner(auth, res);
  return me === null ? sql`false` : sql`${col(res.owner!)} = ${me}`;
}

/** The condition limiting a list, export or pull to the caller's rows; undefined when the caller is not scoped. */
export function ownerCondition(auth: Auth, res: ResourceDef): SQL | undefined {
  if (!isScoped(auth, res)) return undefined;
  const t = tableOf(res);
  return owned(auth, res, f => sql`${column(t, f)}`);
}

/**
 * `ownerCondition` on an alias of the resource's table (a report's or a count's own query), `true` when the caller is
 * not scoped.
 */
export function ownerConditionOn(auth: Auth, res: ResourceDef, alias: string): SQL {
  if (!isScoped(auth, res)) return sql`true`;
  return owned(auth, res, f => sql`${sql.identifier(alias)}.${sql.identifier(f)}`);
}

/**
 * Of `found` (rows of `res` as stored), those the caller may work on: all when it is not scoped; else those it owns —
 * directly by their owner field, or through their parent (one query for the lot).
 */
export async function ownRows<T extends RowData>(db: Db, auth: Auth, res: ResourceDef, found: readonly T[]): Promise<T[]> {
  if (!isScoped(auth, res)) return [...found];
  const up = ownerParent(res);
  if (!up) {
    const me = callerOwner(auth, res);
    return me === null ? [] : found.filter(r => r[res.owner!] === me);
  }
  const ids = [...new Set(found.map(r => r[up.via]).filter((v): v is number => typeof v === 'number'))];
  if (ids.length === 0) return [];
  const pt = tableOf(up.parent);
  const mine = await rows<{ id: number }>(db, sql`select ${column(pt, 'id')} as id from ${pt}
    where ${column(pt, 'id')} = any(${sql.param(ids)}::int[]) and ${owned(auth, up.parent, f => sql`${column(pt, f)}`)}`);
  const set = new Set(mine.map(r => Number(r.id)));
  return found.filter(r => set.has(r[up.via] as number));
}

export async function isOwnRow(db: Db, auth: Auth, res: ResourceDef, row: RowData | null | undefined): Promise<boolean> {
  if (!row) return false;
  return (await ownRows(db, auth, res, [row])).length === 1;
}

/** A detail, history or delete of another's row: 404. */
export async function assertOwnRow(db: Db, auth: Auth, res: ResourceDef, row: RowData | null | undefined): Promise<void> {
  if (!(await isOwnRow(db, auth, res, row))) throw notFound();
}

/**
 * The values of a create by a scoped caller: the owner field left out becomes the caller; naming anyone else is
 * refused (a salesperson cannot create a customer for a colleague). A read-only owner (a message's recipient) is the
 * server's to set, never a save's: left alone here, so the save's own refusal answers (checkRowScope still refuses a
 * row that would not be the caller's). A child owned through its parent has no owner field: its parent is checked
 * once it is written (checkRowScope).
 */
export function withOwner(auth: Auth, res: ResourceDef, values: RowData): RowData {
  if (!isScoped(auth, res) || ownerParent(res) || res.fields[res.owner!]?.readOnly) return values;
  const me = callerOwner(auth, res);
  const field = res.owner!;
  const given = values[field];
  if (me === null) throw new ApiError(403, 'not_own_row', {}, { [field]: { key: 'not_own_row' } });
  if (given === undefined || given === null || given === '') return { ...values, [field]: me };
  if (Number(given) !== me) throw new ApiError(403, 'not_own_row', {}, { [field]: { key: 'not_own_row' } });
  return values;
}

/** The field a refusal of a row that is not the caller's points at: its owner field, or the reference to its parent. */
const ownerFieldOf = (res: ResourceDef): string => ownerParent(res)?.via ?? res.owner!;

/** Maps the refusal of the `index`-th row of a write of many to the error its caller reports (a line's cell). */
export type RowError = (index: number, e: unknown) => unknown;
export const asIs: RowError = (_i, e) => e;

export interface RowChange { before: RowData | null; after: RowData | null }

/**
 * A write by a scoped caller, checked inside its transaction once the rows are written: each row before it (update,
 * delete) must have been the caller's — else 404 — and each row after it (create, update) must still be. One query
 * for the lot (an order's 500 lines ask for their order once).
 */
export async function checkRowScope(tx: Db, auth: Auth, res: ResourceDef, changes: readonly RowChange[],
  rowError: RowError = asIs): Promise<void> {
  if (!isScoped(auth, res)) return;
  const befores = changes.flatMap(c => (c.before ? [c.before] : []));
  const ownBefore = new Set(await ownRows(tx, auth, res, befores));
  const lostAt = changes.findIndex(c => c.before && !ownBefore.has(c.before));
  if (lostAt >= 0) throw rowError(lostAt, notFound());
  const afters = changes.flatMap(c => (c.after ? [c.after] : []));
  const ownAfter = new Set(await ownRows(tx, auth, res, afters));
  const givenAt = changes.findIndex(c => c.after && !ownAfter.has(c.after));
  if (givenAt >= 0) throw rowError(givenAt, new ApiError(403, 'not_own_row', {}, { [ownerFieldOf(res)]: { key: 'not_own_row' } }));
}

/**
 * The references a write sets: each one it changes that names a row of a resource the caller is scoped on must name
 * one of the caller's rows (a salesperson's order is for one of its own customers). Checked inside the write's
 * transaction, after the rows are written, one query per referenced resource; a reference left as it was is not
 * checked again (a customer handed to a colleague since does not freeze the orders made for it).
 */
export async function checkReferences(tx: Db, auth: Auth, res: ResourceDef, changes: readonly RowChange[],
  rowError: RowError = asIs): Promise<void> {
  for (const [field, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref') continue;
    const target = resourceByName(f.to)!;
    if (!target.owner || !isScoped(auth, target)) continue;
    const set = changes.map(({ before, after }) => {
      const v = after?.[field];
      return typeof v === 'number' && !(before && before[field] === v) ? v : undefined;
    });
    const ids = [...new Set(set.filter((v): v is number => v !== undefined))];
    if (ids.length === 0) continue;
    const tt = tableOf(target);
    const found = await rows<RowData>(tx, sql`select * from ${tt} where ${column(tt, 'id')} = any(${sql.param(ids)}::int[])`);
    const own = new Set((await ownRows(tx, auth, target, found)).map(r => Number(r.id)));
    const at = set.findIndex(v => v !== undefined && !own.has(v));
    if (at >= 0) throw rowError(at, new ApiError(403, 'not_own_row', {}, { [field]: { key: 'not_own_row' } }));
  }
}
