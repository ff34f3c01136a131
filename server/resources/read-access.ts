import type { ResourceDef } from '../../src/domain/registry/resource';
import type { ListOptions } from './list';
import { hiddenOf } from '../auth/permissions';
import { ownerCondition } from '../auth/row-scope';
import type { Auth } from '../auth/sessions';

/**
 * The options of a list the caller reads (list, server-side export): its row scope as one more condition, and the
 * sensitive fields it may not query. The rows still pass through the caller's redactor (redact.ts) before leaving.
 */
export function readOptions(auth: Auth, res: ResourceDef, base: ListOptions = {}): ListOptions {
  const owner = ownerCondition(auth, res);
  return { ...base, where: [...(base.where ?? []), ...(owner ? [owner] : [])], hidden: hiddenOf(auth, res) };
}
