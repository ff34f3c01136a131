import { eq, sql } from 'drizzle-orm';
import { resourceLabel } from '../../src/domain/i18n/resource-labels';
import type { Lang } from '../../src/domain/messages/catalog';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Auth } from '../auth/sessions';
import { referrersOf } from '../auth/permissions';
import { assertOwnRow } from '../auth/row-scope';
import { checkWrite } from '../auth/write-rules';
import type { Db } from '../db/connection';
import { tableOf, tombstones } from '../db/tables';
import { ApiError, badRequest, notFound } from '../lib/api-error';
import { column } from '../db/columns';
import { detailRow } from './list';
import { behaviourOf } from './behaviour-registry';
import { keepRowFiles } from './row-files';
import { cancelMany, createMany, updateMany } from './write-many';
import { nextRev, recordHistory } from './write-primitives';

// The steps a write shares with the behaviours live in write-primitives.ts (a behaviour importing this file would close
// an import cycle through behaviours/); re-exported for the writers that import them from here.
export { nextRev, recordHistory, recordHistoryBatch, sameValue, setDerived, staleVersion, systemUpdate } from './write-primitives';

type RowData = Record<string, unknown>;

export { validateValues } from './validate';

/** Creates a row as the generic save does: a write of one row (write-many.ts), then the row as a reply shows it. */
export async function createRow(db: Db, res: ResourceDef, raw: RowData, auth: Auth): Promise<RowData> {
  return db.transaction(async tx => {
    const [row] = await createMany(tx, res, [raw], auth);
    return (await detailRow(tx, res, row!.id as number))!;
  });
}

/**
 * Updates the fields sent. `version` must be the row's current version: a stale one answers 409 naming who changed
 * the row and when, so nobody overwrites a colleague's edit without seeing it.
 */
export async function updateRow(db: Db, res: ResourceDef, id: number, version: number, raw: RowData, auth: Auth):
  Promise<RowData> {
  return db.transaction(async tx => {
    const [after] = await updateMany(tx, res, [{ id, version, values: raw }], auth);
    // A row that must stay as it is was forked: the reply names the copy the change went to.
    return (await detailRow(tx, res, after!.id as number))!;
  });
}

/** Cancels a document: it stays, struck through, because other documents and the books point at it. */
export async function cancelRow(db: Db, res: ResourceDef, id: number, version: number | undefined, auth: Auth): Promise<RowData> {
  if (res.kind !== 'document') throw badRequest('not_cancelable');
  return db.transaction(async tx => {
    await cancelMany(tx, res, [{ id, version }], auth);
    return (await detailRow(tx, res, id))!;
  });
}

export interface Reference { resource: string; id: number; name: string }

/** Rows that point at `id` (at most `per` of each referring resource), for the refusal of a delete. */
export async function referencesTo(db: Db, res: ResourceDef, id: number, per = 5): Promise<Reference[]> {
  const out: Reference[] = [];
  for (const r of referrersOf(res)) {
    const t = tableOf(r);
    const conds = Object.entries(r.fields)
      .filter(([, f]) => (f.type === 'ref' || f.type === 'refs') && f.to === res.name)
      .map(([k, f]) => (f.type === 'ref' ? eq(column(t, k), id) : sql`${id} = any(${column(t, k)})`));
    const found = await db.select({ id: column(t, 'id'), name: column(t, r.display) }).from(t)
      .where(sql.join(conds, sql` or `)).limit(per);
    for (const f of found) out.push({ resource: r.name, id: f.id as number, name: String(f.name ?? f.id) });
  }
  return out;
}

/** Deletes master data, refused while anything references the row; leaves a tombstone for offline caches. */
export async function deleteRow(db: Db, res: ResourceDef, id: number, auth: Auth): Promise<void> {
  if (res.kind !== 'master') throw badRequest('not_deletable');
  await db.transaction(async tx => {
    const t = tableOf(res);
    const [stored] = await tx.select().from(t).where(eq(column(t, 'id'), id)).for('update');
    if (!stored) throw notFound();
    await assertOwnRow(tx, auth, res, stored);
    // A row that must stay as it is (behaviours/types.ts `fork`) is copied, and the copy is deleted instead.
    const before = (await behaviourOf(res.name)?.fork?.(tx, { res, auth, mode: 'delete', before: stored, values: {} })) ?? stored;
    const target = before.id as number;
    const refs = await referencesTo(tx, res, target);
    if (refs.length) {
      const list = (lang: Lang) => refs.map(r => `${resourceLabel(lang, r.resource)} ${r.name}`).join('、');
      throw new ApiError(409, 'referenced', { list }, {},
        { references: refs });
    }
    const rev = await nextRev(tx);
    await tx.delete(t).where(eq(column(t, 'id'), target));
    await tx.insert(tombstones).values({ table_name: res.name, kid: target, rev })
      .onConflictDoUpdate({ target: [tombstones.table_name, tombstones.kid], set: { rev, deleted_at: new Date() } });
    await checkWrite(tx, res, auth, before, null);
    await behaviourOf(res.name)?.afterWrite?.(tx, { res, auth, action: 'delete', before, after: null });
    await recordHistory(tx, res, 'delete', target, before, null, auth, rev);
    await keepRowFiles(tx, res, [{ before, after: null }]);
  });
}
