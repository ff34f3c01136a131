import { inArray, sql } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { asIs, checkRowScope, type RowChange, type RowError } from '../auth/row-scope';
import type { Auth } from '../auth/sessions';
import { checkWrites } from '../auth/write-rules';
import { insertRows } from '../db/bulk-write';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { ApiError, notFound } from '../lib/api-error';
import { column } from '../db/columns';
import { behaviourOf } from './behaviour-registry';
import type { WriteAction } from './behaviour-types';
import { keepRowFiles } from './row-files';
import { validateMany } from './validate';
import { recordHistoryBatch, sameValue, staleVersion } from './write-primitives';

/**
 * The writes of many rows of one resource in one transaction — an order's lines, an import's rows — set-based: the
 * rows are validated, prepared (the behaviour's rules), checked, followed up and recorded in a few statements for the
 * lot, not a dozen per row, so a 500-line order holds the embedded database a fraction of a second (issue 29 item 5,
 * bench/orders). A single save is a write of one row (write.ts), so both paths keep the same rules.
 *
 * Each row gets its own change number, version and history entry, as a single save would give it.
 */

type RowData = Record<string, unknown>;

/** The rows by the fields they carry (one INSERT a shape), each with its place in the list. */
function groupedByShape(list: readonly RowData[]): { index: number; row: RowData }[][] {
  const groups = new Map<string, { index: number; row: RowData }[]>();
  list.forEach((row, index) => {
    const key = Object.keys(row).sort().join(',');
    const g = groups.get(key);
    if (g) g.push({ index, row }); else groups.set(key, [{ index, row }]);
  });
  return [...groups.values()];
}

/** The behaviour's `prepare` of the rows: its batch form, or the single one row after row, in order. */
export async function prepareRows(tx: Db, res: ResourceDef, auth: Auth, mode: 'create' | 'update',
  rows: readonly { before: RowData | null; values: RowData }[], rowError: RowError = asIs): Promise<RowData[]> {
  const b = behaviourOf(res.name);
  if (b?.prepareMany) return b.prepareMany(tx, { res, auth, mode, rows, rowError });
  if (!b?.prepare) return rows.map(r => r.values);
  const out: RowData[] = [];
  for (const [i, r] of rows.entries()) {
    try {
      out.push(await b.prepare(tx, { res, auth, mode, before: r.before, values: r.values }));
    } catch (e) {
      throw rowError(i, e);
    }
  }
  return out;
}

/** The behaviour's `afterWrite` of the rows: its batch form, or the single one row after row. */
export async function afterWrites(tx: Db, res: ResourceDef, auth: Auth, action: WriteAction,
  changes: readonly RowChange[], rowError: RowError = asIs): Promise<void> {
  const b = behaviourOf(res.name);
  if (b?.afterWriteMany) return b.afterWriteMany(tx, { res, auth, action, changes, rowError });
  for (const [i, c] of changes.entries()) {
    try {
      await b?.afterWrite?.(tx, { res, auth, action, before: c.before, after: c.after });
    } catch (e) {
      throw rowError(i, e);
    }
  }
}

/** The bookkeeping after rows are written: the write rules, the behaviour's follow-up, history, the files named. */
export async function afterWritten(tx: Db, res: ResourceDef, auth: Auth, action: WriteAction, changes: RowChange[],
  rowError: RowError = asIs): Promise<void> {
  await checkWrites(tx, res, auth, changes, rowError);
  await afterWrites(tx, res, auth, action, changes, rowError);
  await recordHistoryBatch(tx, res, action, changes.map(c => ({ before: c.before, after: c.after! })), auth);
  await keepRowFiles(tx, res, changes);
}

/**
 * Inserts validated rows (validate.ts's `validateMany`): prepared, one INSERT per shape of row, then checked and
 * recorded. Returns the stored rows in the order given.
 */
export async function insertValidated(tx: Db, res: ResourceDef, values: readonly RowData[], auth: Auth,
  rowError: RowError = asIs): Promise<RowData[]> {
  if (values.length === 0) return [];
  const prepared = await prepareRows(tx, res, auth, 'create', values.map(v => ({ before: null, values: v })), rowError);
  // Rows of one shape (the same fields given) go in as one INSERT from one JSON text (db/bulk-write.ts); the ids it
  // returns are read back through the declaration, so the rows are typed as every other read types them.
  const ids: number[] = new Array<number>(prepared.length);
  const by = auth.accountId;
  for (const group of groupedByShape(prepared)) {
    // Who wrote it travels in each row, so a row of no fields (one a server-only resource makes) still names a column.
    const made = await insertRows<ResourceDef, { id: number }>(tx, res,
      group.map(g => ({ ...g.row, created_by: by, updated_by: by })), { tail: sql`returning id` });
    // PostgreSQL numbers and returns the rows in the order it reads them from the JSON; the count check guards that.
    if (made.length !== group.length) throw new Error(`${res.name}: an insert returned a different number of rows`);
    group.forEach((g, k) => { ids[g.index] = Number(made[k]!.id); });
  }
  const t = tableOf(res);
  const byId = new Map((await tx.select().from(t).where(inArray(column(t, 'id'), ids))).map(r => [Number(r.id), r]));
  const inserted = ids.map(id => byId.get(id)!);
  await afterWritten(tx, res, auth, 'create', inserted.map(after => ({ before: null, after })), rowError);
  return inserted;
}

/** Validates and inserts new rows (a save's values as sent). */
export async function createMany(tx: Db, res: ResourceDef, raws: readonly RowData[], auth: Auth,
  rowError: RowError = asIs): Promise<RowData[]> {
  return insertValidated(tx, res, await validateMany(tx, res, raws, 'create', rowError), auth, rowError);
}

/** The stored rows of `ids`, locked for the write, by id; a missing one is the caller's to refuse. */
async function lockedRows(tx: Db, res: ResourceDef, ids: readonly number[]): Promise<Map<number, RowData>> {
  if (ids.length === 0) return new Map();
  const t = tableOf(res);
  const found = await tx.select().from(t).where(inArray(column(t, 'id'), [...new Set(ids)]))
    .orderBy(column(t, 'id')).for('update');
  return new Map(found.map(r => [Number(r.id), r]));
}

export interface RowUpdate { id: number; version?: number; values: RowData }

export interface UpdateOptions {
  /** Writes only the fields whose value changes; a row with none is left as it is (no version, no history). */
  onlyChanged?: boolean;
  /** The caller's own check of a row about to change (it belongs to this document; the fields it may change). */
  check?(before: RowData, changes: RowData, index: number): void;
}

/**
 * Updates rows by id: each locked, the caller's (else 404), at the version sent (else 409 naming who changed it),
 * then prepared for the lot; one UPDATE a row (their values differ), then checked and recorded for the lot. A row
 * that must stay as it is (a behaviour's `fork`) is copied and the copy changed. Returns the rows as written, in order
 * (null for a row left unchanged).
 */
export async function updateMany(tx: Db, res: ResourceDef, updates: readonly RowUpdate[], auth: Auth,
  options: UpdateOptions = {}, rowError: RowError = asIs): Promise<(RowData | null)[]> {
  if (updates.length === 0) return [];
  const validated = await validateMany(tx, res, updates.map(u => u.values), 'update', rowError);
  const stored = await lockedRows(tx, res, updates.map(u => u.id));
  // Another's row is absent to a caller scoped to its own (before any 409 could name who changed it).
  await checkRowScope(tx, auth, res, updates.map(u => ({ before: stored.get(u.id) ?? null, after: null })), rowError);
  const behaviour = behaviourOf(res.name);
  const writes: { index: number; before: RowData; values: RowData }[] = [];
  for (const [i, u] of updates.entries()) {
    const row = stored.get(u.id);
    if (!row) throw rowError(i, notFound());
    try {
      if (u.version !== undefined && row.version !== u.version) throw await staleVersion(tx, row);
      let values = validated[i]!;
      if (options.onlyChanged) {
        values = Object.fromEntries(Object.entries(values).filter(([k, v]) => !sameValue(v, row[k])));
        if (Object.keys(values).length === 0) continue;
      }
      options.check?.(row, values, i);
      const before = (await behaviour?.fork?.(tx, { res, auth, mode: 'update', before: row, values })) ?? row;
      writes.push({ index: i, before, values });
    } catch (e) {
      throw rowError(i, e);
    }
  }
  const atWrite: RowError = (k, e) => rowError(writes[k]!.index, e);
  const prepared = await prepareRows(tx, res, auth, 'update', writes, atWrite);
  const t = tableOf(res);
  const changes: RowChange[] = [];
  for (const [k, w] of writes.entries()) {
    const [after] = await tx.update(t).set({
      ...prepared[k], rev: sql`next_rev()`, version: (w.before.version as number) + 1, updated_at: new Date(),
      updated_by: auth.accountId,
    }).where(sql`${column(t, 'id')} = ${w.before.id as number}`).returning();
    changes.push({ before: w.before, after: after! });
  }
  await afterWritten(tx, res, auth, 'update', changes, atWrite);
  const out: (RowData | null)[] = updates.map(() => null);
  writes.forEach((w, k) => { out[w.index] = changes[k]!.after; });
  return out;
}

/** Cancels documents by id (they stay, struck through): each the caller's, at the version sent when one is. */
export async function cancelMany(tx: Db, res: ResourceDef, targets: readonly { id: number; version?: number }[],
  auth: Auth, check?: (before: RowData, index: number) => void, rowError: RowError = asIs): Promise<RowData[]> {
  if (res.kind !== 'document') throw new ApiError(400, 'not_cancelable');
  if (targets.length === 0) return [];
  const stored = await lockedRows(tx, res, targets.map(x => x.id));
  await checkRowScope(tx, auth, res, targets.map(x => ({ before: stored.get(x.id) ?? null, after: null })), rowError);
  const befores: RowData[] = [];
  for (const [i, x] of targets.entries()) {
    const before = stored.get(x.id);
    if (!before) throw rowError(i, notFound());
    try {
      check?.(before, i);
      if (x.version !== undefined && before.version !== x.version) throw await staleVersion(tx, before);
      if (before.canceled) throw new ApiError(409, 'already_canceled');
    } catch (e) {
      throw rowError(i, e);
    }
    befores.push(before);
  }
  const t = tableOf(res);
  const changes: RowChange[] = [];
  for (const before of befores) {
    const [after] = await tx.update(t).set({
      canceled: true, rev: sql`next_rev()`, version: (before.version as number) + 1, updated_at: new Date(),
      updated_by: auth.accountId,
    }).where(sql`${column(t, 'id')} = ${before.id as number}`).returning();
    changes.push({ before, after: after! });
  }
  await afterWritten(tx, res, auth, 'cancel', changes, rowError);
  return changes.map(c => c.after!);
}
