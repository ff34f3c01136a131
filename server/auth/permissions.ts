import {
  can, hiddenFields, mayRead, referrersOf as referrers,
} from '../../src/domain/contract/permissions';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { ApiError, forbidden } from '../lib/api-error';
import type { Auth } from './sessions';

/**
 * The permission rule on the server (DESIGN §5, src/domain/contract/permissions.ts): a role's grants, never its menu
 * paths, decide what it may do. Which endpoint needs which action:
 * list, detail → view (or view of a resource referencing this one); history → view; save → create, or edit, or a
 * special action covering every field sent (`actionFields`); delete and cancel → delete; import → import (and per row
 * create or edit); server-side export → export and view; `/sync/pull/` → as list.
 */

export function referrersOf(res: ResourceDef): readonly ResourceDef[] {
  return referrers(res);
}

export function canAct(auth: Auth, res: ResourceDef, action: string): boolean {
  return can(auth.permissions, res.name, action);
}

/** List and detail: the resource's own `view`, or `view` of a resource that references it. */
export function canRead(auth: Auth, res: ResourceDef): boolean {
  return mayRead(auth.permissions, res);
}

/** Whether a save of any kind may be attempted (the handler then checks the kind it is). */
export function canSaveSomething(auth: Auth, res: ResourceDef): boolean {
  return canAct(auth, res, 'create') || canAct(auth, res, 'edit')
    || Object.keys(res.actionFields ?? {}).some(a => canAct(auth, res, a));
}

/** A create needs `create`. */
export function assertCreate(auth: Auth, res: ResourceDef): void {
  if (!canAct(auth, res, 'create')) throw forbidden();
}

/**
 * An update needs `edit`, or a special action whose fields cover every field sent (the device board sets `status`
 * with the `status` action alone).
 */
export function mayUpdateFields(auth: Auth, res: ResourceDef, fields: readonly string[]): boolean {
  if (canAct(auth, res, 'edit')) return true;
  return Object.entries(res.actionFields ?? {})
    .some(([a, allowed]) => canAct(auth, res, a) && fields.length > 0 && fields.every(f => allowed.includes(f)));
}

export function assertUpdate(auth: Auth, res: ResourceDef, fields: readonly string[]): void {
  if (!mayUpdateFields(auth, res, fields)) throw forbidden();
}

/** Sensitive fields the caller may not see (nor filter, sort or search by). */
export function hiddenOf(auth: Auth, res: ResourceDef): string[] {
  return hiddenFields(auth.permissions, res);
}

/**
 * A spreadsheet of a list, streamed or stored: `view` of the resource itself (not by reference) and `export`. What it
 * holds is what the caller's list shows (server/resources/read-access.ts).
 */
export function assertExport(auth: Auth, res: ResourceDef): void {
  if (!canAct(auth, res, 'view') || !canAct(auth, res, 'export')) throw forbidden();
}

/** 403 unless the caller holds `action`. */
export function assertAction(auth: Auth, res: ResourceDef, action: string): void {
  if (!canAct(auth, res, action)) throw forbidden();
}

/** The 403 of a write that would hand out more than the caller holds, naming what. */
export function grantExceeds(list: readonly string[]): ApiError {
  return new ApiError(403, 'grant_exceeds', { list: list.slice(0, 10).join(', ') }, {}, { beyond: list });
}
