import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Db } from '../db/connection';
import { badgeHash, badgeSalt } from './badge-hash';
import { isHiddenKey, readsByReferenceOnly } from '../../src/domain/contract/permissions';
import { canAct, hiddenOf } from './permissions';
import type { Auth } from './sessions';

/**
 * Sensitive fields leave the server only for roles that may edit their resource (DESIGN §5): every row a list,
 * detail, save reply, pull, export or history entry carries passes through the redactor of its caller. A caller that
 * reads the resource by reference only (it may view another that names it) gets each row's id and display name. A kiosk
 * granted `persons.badges` gets `card_no_hash` in place of the badge number (badge-hash.ts).
 */

type RowData = Record<string, unknown>;
export type Redact = <T extends RowData | null | undefined>(row: T) => T;

const identity: Redact = row => row;

/** What a row read by reference only keeps: its id, its display name, and whether it is cancelled (a picker's needs). */
const BY_REFERENCE_KEYS = new Set(['id', 'canceled']);

export async function redactorFor(db: Db, auth: Auth, res: ResourceDef): Promise<Redact> {
  if (readsByReferenceOnly(auth.permissions, res)) {
    return (<T extends RowData | null | undefined>(row: T): T => {
      if (!row) return row;
      const out: RowData = {};
      for (const [k, v] of Object.entries(row)) if (BY_REFERENCE_KEYS.has(k) || k === res.display) out[k] = v;
      return out as T;
    }) as Redact;
  }
  const hiddenList = hiddenOf(auth, res);
  if (hiddenList.length === 0) return identity;
  const hidden = new Set(hiddenList);
  const withBadgeHash = res.name === 'persons' && hidden.has('card_no') && canAct(auth, res, 'badges');
  const salt = withBadgeHash ? await badgeSalt(db) : null;
  return (<T extends RowData | null | undefined>(row: T): T => {
    if (!row) return row;
    const out: RowData = {};
    for (const [k, v] of Object.entries(row)) if (!isHiddenKey(hidden, k)) out[k] = v;
    if (salt) {
      const card = row.card_no;
      out.card_no_hash = typeof card === 'string' && card.trim() !== '' ? badgeHash(salt, card) : null;
    }
    return out as T;
  }) as Redact;
}
