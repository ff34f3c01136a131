import { sql, type SQL } from 'drizzle-orm';
import { scopeOf } from '../../src/domain/contract/permissions';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { tableOf } from '../db/tables';
import { ApiError, notFound } from '../lib/api-error';
import { column } from '../db/columns';
import type { Auth } from './sessions';

/**
 * Row scope (DESIGN §5): a role granted a resource with scope `own` works only on rows whose owner field
 * (`ResourceDef.owner`) names the caller — its person for a reference to persons, its account for one to accounts.
 * Enforced on list, detail, save, delete, import, export, history and pull. Rows of others answer 404, as if absent:
 * a salesperson learns nothing about a colleague's customers by guessing ids. A resource declared `ownerOnly` (a
 * user's messages) scopes every caller so, an admin included.
 */

type RowData = Record<string, unknown>;

/** Whether the caller works only on its own rows: a role granted scope `own`, or a resource whose rows are their owner's alone. */
export function isScoped(auth: Auth, res: ResourceDef): boolean {
  return res.ownerOnly === true || scopeOf(auth.permissions, res) === 'own';
}

/** The owner value that means "the caller"; null when the caller has none (an account without a person). */
export function callerOwner(auth: Auth, res: ResourceDef): number | null {
  const f = res.fields[res.owner ?? ''];
  if (f?.type !== 'ref') return null;
  return f.to === 'accounts' ? auth.accountId : auth.personId;
}

/** The condition limiting a list, export or pull to the caller's rows; undefined when the caller is not scoped. */
export function ownerCondition(auth: Auth, res: ResourceDef): SQL | undefined {
  if (!isScoped(auth, res)) return undefined;
  const me = callerOwner(auth, res);
  return me === null ? sql`false` : sql`${column(tableOf(res), res.owner!)} = ${me}`;
}

/**
 * `ownerCondition` on an alias of the resource's table (a report's or a count's own query), `true` when the caller is
 * not scoped.
 */
export function ownerConditionOn(auth: Auth, res: ResourceDef, alias: string): SQL {
  if (!isScoped(auth, res)) return sql`true`;
  const me = callerOwner(auth, res);
  return me === null ? sql`false` : sql`${sql.identifier(alias)}.${sql.identifier(res.owner!)} = ${me}`;
}

export function isOwnRow(auth: Auth, res: ResourceDef, row: RowData | null | undefined): boolean {
  if (!isScoped(auth, res)) return true;
  const me = callerOwner(auth, res);
  return !!row && me !== null && row[res.owner!] === me;
}

/** A detail, history or delete of another's row: 404. */
export function assertOwnRow(auth: Auth, res: ResourceDef, row: RowData | null | undefined): void {
  if (!isOwnRow(auth, res, row)) throw notFound();
}

/**
 * The values of a create by a scoped caller: the owner field left out becomes the caller; naming anyone else is
 * refused (a salesperson cannot create a customer for a colleague). A read-only owner (a message's recipient) is the
 * server's to set, never a save's: left alone here, so the save's own refusal answers (checkRowScope still refuses a
 * row that would not be the caller's).
 */
export function withOwner(auth: Auth, res: ResourceDef, values: RowData): RowData {
  if (!isScoped(auth, res) || res.fields[res.owner!]?.readOnly) return values;
  const me = callerOwner(auth, res);
  const field = res.owner!;
  const given = values[field];
  if (me === null) throw new ApiError(403, 'not_own_row', {}, { [field]: { key: 'not_own_row' } });
  if (given === undefined || given === null || given === '') return { ...values, [field]: me };
  if (Number(given) !== me) throw new ApiError(403, 'not_own_row', {}, { [field]: { key: 'not_own_row' } });
  return values;
}

/**
 * A write by a scoped caller, checked inside its transaction once the row is written: the row before it (update,
 * delete) must have been the caller's — else 404 — and the row after it (create, update) must still be.
 */
export function checkRowScope(auth: Auth, res: ResourceDef, before: RowData | null, after: RowData | null): void {
  if (!isScoped(auth, res)) return;
  if (before) assertOwnRow(auth, res, before);
  if (after && !isOwnRow(auth, res, after)) {
    throw new ApiError(403, 'not_own_row', {}, { [res.owner!]: { key: 'not_own_row' } });
  }
}
