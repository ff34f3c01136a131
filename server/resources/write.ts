import { eq, inArray, sql } from 'drizzle-orm';
import { resourceLabel } from '../../src/domain/i18n/resource-labels';
import type { Lang } from '../../src/domain/messages/catalog';
import { saveSchema } from '../../src/domain/registry/input-schema';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import { fieldErrorsOf } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import type { Auth } from '../auth/sessions';
import { referrersOf } from '../auth/permissions';
import { assertOwnRow } from '../auth/row-scope';
import { checkWrite } from '../auth/write-rules';
import type { Db } from '../db/connection';
import { tableOf, tombstones } from '../db/tables';
import { ApiError, badRequest, notFound } from '../lib/api-error';
import { hashPassword } from '../lib/secrets';
import { column } from '../db/columns';
import { detailRow } from './list';
import { behaviourOf } from './behaviour-registry';
import { keepRowFiles } from './row-files';
import { nextRev, recordHistory, staleVersion } from './write-primitives';

// The steps a write shares with the behaviours live in write-primitives.ts (a behaviour importing this file would close
// an import cycle through behaviours/); re-exported for the writers that import them from here.
export { nextRev, recordHistory, recordHistoryBatch, setDerived, staleVersion, systemUpdate } from './write-primitives';

type RowData = Record<string, unknown>;

/**
 * Validates a save's values against the declaration, then normalises them for storage: defaults on create,
 * empty unique text → null (so two blank codes do not collide), passwords hashed.
 */
export async function validateValues(db: Db, res: ResourceDef, raw: RowData, mode: 'create' | 'update'): Promise<RowData> {
  const parsed = saveSchema(res, mode).safeParse(raw);
  if (!parsed.success) {
    throw new ApiError(422, 'invalid_input', {}, fieldErrorsOf(parsed.error, raw));
  }
  const values: RowData = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) values[k] = v;
  for (const [k, f] of Object.entries(res.fields)) {
    if (mode === 'create' && values[k] === undefined && 'default' in f && f.default !== undefined) values[k] = f.default;
    if (f.type === 'text' && f.unique && values[k] === '') values[k] = null;
    // Date-times travel as ISO strings; the column wants a Date.
    if (f.type === 'datetime' && typeof values[k] === 'string') values[k] = new Date(values[k] as string);
    if (f.type === 'password') {
      if (values[k]) values[k] = await hashPassword(values[k] as string);
      else delete values[k];
    }
  }
  await checkReferences(db, res, values);
  return values;
}

/** Every referenced id must exist (list references have no foreign key, so the server is their only guard). */
async function checkReferences(db: Db, res: ResourceDef, values: RowData): Promise<void> {
  const errors: Record<string, FieldError> = {};
  for (const [k, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const v = values[k];
    const ids = [...new Set(f.type === 'ref' ? (v == null ? [] : [v as number]) : ((v as number[] | null) ?? []))];
    if (ids.length === 0) continue;
    const target = tableOf(resourceByName(f.to)!);
    const found = await db.select({ id: column(target, 'id') }).from(target).where(inArray(column(target, 'id'), ids));
    if (found.length !== ids.length) errors[k] = { key: 'ref_missing' };
  }
  if (Object.keys(errors).length) throw new ApiError(422, 'invalid_input', {}, errors);
}

export async function createRow(db: Db, res: ResourceDef, raw: RowData, auth: Auth): Promise<RowData> {
  const validated = await validateValues(db, res, raw, 'create');
  const behaviour = behaviourOf(res.name);
  return db.transaction(async tx => {
    const t = tableOf(res);
    const values = behaviour?.prepare
      ? await behaviour.prepare(tx, { res, auth, mode: 'create', before: null, values: validated }) : validated;
    const rev = await nextRev(tx);
    const [row] = await tx.insert(t).values({ ...values, rev, created_by: auth.accountId, updated_by: auth.accountId })
      .returning();
    await checkWrite(tx, res, auth, null, row!);
    await behaviour?.afterWrite?.(tx, { res, auth, action: 'create', before: null, after: row! });
    await recordHistory(tx, res, 'create', row!.id as number, null, row!, auth, rev);
    await keepRowFiles(tx, res, [{ before: null, after: row! }]);
    return (await detailRow(tx, res, row!.id as number))!;
  });
}

/**
 * Updates the fields sent. `version` must be the row's current version: a stale one answers 409 naming who changed
 * the row and when, so nobody overwrites a colleague's edit without seeing it.
 */
export async function updateRow(db: Db, res: ResourceDef, id: number, version: number, raw: RowData, auth: Auth):
  Promise<RowData> {
  const validated = await validateValues(db, res, raw, 'update');
  const behaviour = behaviourOf(res.name);
  return db.transaction(async tx => {
    const t = tableOf(res);
    const [stored] = await tx.select().from(t).where(eq(column(t, 'id'), id)).for('update');
    if (!stored) throw notFound();
    // Another's row is absent to a caller scoped to its own (before any 409 could name who changed it).
    await assertOwnRow(tx, auth, res, stored);
    if (stored.version !== version) throw await staleVersion(tx, stored);
    // A row that must stay as it is (behaviours/types.ts `fork`) is copied, and the change goes to the copy.
    const before = (await behaviour?.fork?.(tx, { res, auth, mode: 'update', before: stored, values: validated })) ?? stored;
    const target = before.id as number;
    const values = behaviour?.prepare
      ? await behaviour.prepare(tx, { res, auth, mode: 'update', before, values: validated }) : validated;
    const rev = await nextRev(tx);
    const [after] = await tx.update(t).set({
      ...values, rev, version: (before.version as number) + 1, updated_at: new Date(), updated_by: auth.accountId,
    }).where(eq(column(t, 'id'), target)).returning();
    await checkWrite(tx, res, auth, before, after!);
    await behaviour?.afterWrite?.(tx, { res, auth, action: 'update', before, after: after! });
    await recordHistory(tx, res, 'update', target, before, after!, auth, rev);
    await keepRowFiles(tx, res, [{ before, after: after! }]);
    return (await detailRow(tx, res, target))!;
  });
}

/** Cancels a document: it stays, struck through, because other documents and the books point at it. */
export async function cancelRow(db: Db, res: ResourceDef, id: number, version: number | undefined, auth: Auth): Promise<RowData> {
  if (res.kind !== 'document') throw badRequest('not_cancelable');
  return db.transaction(async tx => {
    const t = tableOf(res);
    const [before] = await tx.select().from(t).where(eq(column(t, 'id'), id)).for('update');
    if (!before) throw notFound();
    await assertOwnRow(tx, auth, res, before);
    if (version !== undefined && before.version !== version) throw await staleVersion(tx, before);
    if (before.canceled) throw new ApiError(409, 'already_canceled');
    const rev = await nextRev(tx);
    const [after] = await tx.update(t).set({
      canceled: true, rev, version: (before.version as number) + 1, updated_at: new Date(), updated_by: auth.accountId,
    }).where(eq(column(t, 'id'), id)).returning();
    await checkWrite(tx, res, auth, before, after!);
    await behaviourOf(res.name)?.afterWrite?.(tx, { res, auth, action: 'cancel', before, after: after! });
    await recordHistory(tx, res, 'cancel', id, before, after!, auth, rev);
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
