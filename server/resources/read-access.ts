import type { ListParams } from '../../src/domain/contract/list';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { listRows, type ListOptions, type ListResult } from './list';
import { extraListOptions } from './list-params';
import { hiddenOf } from '../auth/permissions';
import { redactorFor } from '../auth/redact';
import { ownerCondition } from '../auth/row-scope';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import type { Params } from '../lib/params';

/**
 * What a caller reads of a resource's list, one code path for every reader of lists (docs/decisions/permissions.md,
 * "Read paths"): the generic list, the streamed export (`/files/export/`) and the stored one (`/files/upload/` with a
 * resource). Each reads the same rows with the same columns: the resource's own list parameters, the caller's row
 * scope as one more condition, the sensitive fields it may not query, and every row through its redactor.
 */

/** The options of a list the caller reads: the resource's own parameters (`raw`), its row scope, its hidden fields. */
export function readOptions(auth: Auth, res: ResourceDef, raw: Params = {}, base: ListOptions = {}): ListOptions {
  const extra = extraListOptions(res, auth, raw);
  const owner = ownerCondition(auth, res);
  return {
    ...base, ...extra, where: [...(base.where ?? []), ...(extra.where ?? []), ...(owner ? [owner] : [])],
    hidden: hiddenOf(auth, res),
  };
}

/** A page (or, with `limit=-1`, all up to `cap`) of the caller's list, each row redacted for the caller. */
export async function readList(db: Db, auth: Auth, res: ResourceDef, p: ListParams, base: ListOptions = {}): Promise<ListResult> {
  const result = await listRows(db, res, p, readOptions(auth, res, p.raw, base));
  const redact = await redactorFor(db, auth, res);
  return { ...result, dt: result.dt.map(r => redact(r)) };
}
