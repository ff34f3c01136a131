import type { FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { canAct, mayUpdateFields } from './permissions';
import { ownerParent } from '../../src/domain/contract/permissions';
import { callerOwner, isScoped } from './row-scope';
import type { Auth } from './sessions';

type RowData = Record<string, unknown>;

/**
 * The permission check of one import row (an import is a channel, not a permission of its own): a new row needs
 * `create`, a changed one `edit` (or a special action covering its fields), and a caller scoped to its own rows may
 * neither touch another's row nor name another owner; a new row without an owner becomes the caller's. A row refused
 * here is rejected with a reason on the field at fault; the other rows go on.
 */
export function importRowGate(auth: Auth, res: ResourceDef) {
  const keyField = res.naturalKey?.[0] ?? 'id';
  const scoped = isScoped(auth, res);
  const me = callerOwner(auth, res);
  return (values: RowData, existing: RowData | undefined): Record<string, FieldError> | null => {
    if (!existing && !canAct(auth, res, 'create')) return { [keyField]: { key: 'forbidden' } };
    if (existing && !mayUpdateFields(auth, res, Object.keys(values))) return { [keyField]: { key: 'forbidden' } };
    // A child owned through its parent is checked with the parent, in the write's transaction (checkWrite).
    if (!scoped || ownerParent(res)) return null;
    const owner = res.owner!;
    if (me === null) return { [owner]: { key: 'not_own_row' } };
    if (existing && existing[owner] !== me) return { [keyField]: { key: 'not_own_row' } };
    const given = values[owner];
    if (!existing && (given === undefined || given === null || given === '')) values[owner] = me;
    else if (given !== undefined && Number(given) !== me) return { [owner]: { key: 'not_own_row' } };
    return null;
  };
}
