import { inArray, sql } from 'drizzle-orm';
import { grantsBeyond, type Grants } from '../../src/domain/contract/permissions';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { rows, type Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { column } from '../db/columns';
import { checkConfigValue } from './config-values';
import { TYPED_CONFIG } from '../../src/domain/rules/config-types';
import { grantExceeds } from './permissions';
import { asIs, checkReferences, checkRowScope, type RowChange, type RowError } from './row-scope';
import { revokeAccount, type Auth } from './sessions';

/**
 * Rules every write obeys, checked inside the write's transaction once the row is written (so a refusal rolls the
 * write back, and the last-admin count sees the database as the write leaves it). `before` is the stored row before
 * the write (null for a create), `after` the row after it (null for a delete), both as the table holds them.
 *
 * - Row scope (row-scope.ts).
 * - No role grants more than it holds (DESIGN §5): a caller who is not an administrator may not create or edit a
 *   role beyond its own grants and menus (nor make one an administrator), may not give an account a role beyond
 *   them, and may not change or delete a role or an account that already holds more than the caller.
 * - Nobody deletes or disables their own account, removes their own roles, or (unless an administrator) changes
 *   their own person — which is what own-row scope compares with.
 * - At least one active account holding an administrator role remains, whatever is deleted, disabled or demoted.
 * - A config of a known type stores a value of that type (auth/config-values.ts).
 * - A password reset, a disable and a change of roles revoke the account's logins for good; the account's own
 *   password change keeps only the login it was made from.
 */

type RowData = Record<string, unknown>;

/** Serialises the writes that could remove the last administrator, so two of them cannot both pass the count. */
const ADMIN_LOCK = 7311003;

interface RoleShape { is_admin: boolean | null; menus: string[] | null; grants: Grants | null }

/** What a role holds beyond the caller: `is_admin`, menu paths and grants. Empty for an administrator caller. */
function roleBeyond(auth: Auth, role: RoleShape): string[] {
  if (auth.isAdmin) return [];
  if (role.is_admin) return ['is_admin'];
  const out = grantsBeyond(role.grants ?? {}, auth.permissions);
  for (const m of role.menus ?? []) if (!auth.menus.has(m)) out.push(m);
  return out;
}

async function rolesByIds(tx: Db, ids: readonly number[]): Promise<RoleShape[]> {
  if (ids.length === 0) return [];
  const t = tableOf(resourceByName('roles')!);
  return await tx.select({ is_admin: column(t, 'is_admin'), menus: column(t, 'menus'), grants: column(t, 'grants') })
    .from(t).where(inArray(column(t, 'id'), [...ids])) as RoleShape[];
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

async function assertAdminRemains(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
  const [r] = await rows<{ n: number | string }>(tx, sql`
    select count(*) as n from accounts a
    where coalesce(a.active, true) and exists (select 1 from roles r where r.id = any(a.role_ids) and r.is_admin)`);
  if (Number(r?.n ?? 0) === 0) throw new ApiError(409, 'last_admin');
}

async function checkAccount(tx: Db, auth: Auth, before: RowData | null, after: RowData | null): Promise<void> {
  const id = (before ?? after)!.id as number;
  const self = id === auth.accountId;
  const beforeRoleIds = idsOf(before?.role_ids);
  const afterRoleIds = idsOf(after?.role_ids);
  const heldBefore = await rolesByIds(tx, beforeRoleIds);
  if (!auth.isAdmin) {
    if (heldBefore.some(r => roleBeyond(auth, r).length)) throw new ApiError(403, 'outranked');
    if (after) {
      const given = await rolesByIds(tx, afterRoleIds.filter(r => !beforeRoleIds.includes(r)));
      if (given.some(r => r.is_admin)) throw new ApiError(403, 'admin_role_only');
      const beyond = given.flatMap(r => roleBeyond(auth, r));
      if (beyond.length) throw grantExceeds([...new Set(beyond)]);
    }
  }
  const removedRoles = beforeRoleIds.some(r => !afterRoleIds.includes(r));
  if (self) {
    const personChanged = !auth.isAdmin && !!before && !!after && before.person_id !== after.person_id;
    if (!after || after.active === false || (after && removedRoles) || personChanged) throw new ApiError(409, 'self_change');
  }
  if (!before) return;
  const rolesChanged = removedRoles || afterRoleIds.some(r => !beforeRoleIds.includes(r));
  const disabled = before.active !== false && (!after || after.active === false);
  const wasAdmin = before.active !== false && heldBefore.some(r => r.is_admin);
  if (wasAdmin && (disabled || removedRoles)) await assertAdminRemains(tx);
  if (disabled || rolesChanged) {
    await revokeAccount(tx, id, !after ? 'account deleted' : disabled ? 'account disabled' : 'roles changed');
  } else if (after && after.password !== before.password) {
    await revokeAccount(tx, id, self ? 'password changed' : 'password reset', self ? auth.tokenRowId : undefined);
  }
}

async function checkRole(tx: Db, auth: Auth, before: RowData | null, after: RowData | null): Promise<void> {
  if (before && roleBeyond(auth, before as unknown as RoleShape).length) throw new ApiError(403, 'outranked');
  if (after) {
    if (!auth.isAdmin && after.is_admin) throw new ApiError(403, 'admin_role_only');
    const beyond = roleBeyond(auth, after as unknown as RoleShape);
    if (beyond.length) throw grantExceeds(beyond);
  }
  if (before?.is_admin && !after?.is_admin) await assertAdminRemains(tx);
}

export async function checkWrite(tx: Db, res: ResourceDef, auth: Auth, before: RowData | null, after: RowData | null): Promise<void> {
  await checkWrites(tx, res, auth, [{ before, after }]);
}

/** `checkWrite` of the rows of one write of many: the row scope and references asked once for the lot. */
export async function checkWrites(tx: Db, res: ResourceDef, auth: Auth, changes: readonly RowChange[],
  rowError: RowError = asIs): Promise<void> {
  await checkRowScope(tx, auth, res, changes, rowError);
  await checkReferences(tx, auth, res, changes, rowError);
  for (const [i, { before, after }] of changes.entries()) {
    try {
      if (res.name === 'accounts') await checkAccount(tx, auth, before, after);
      else if (res.name === 'roles') await checkRole(tx, auth, before, after);
      else if (res.name === TYPED_CONFIG.resource) checkConfigValue(after);
    } catch (e) {
      throw rowError(i, e);
    }
  }
}
