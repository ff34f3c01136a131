import { eq, sql } from 'drizzle-orm';
import { decimalScale } from '../../src/domain/registry/fields';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { constraintField } from '../lib/constraints';
import { column } from '../db/columns';
import { afterWritten, insertValidated, prepareRows } from './write-many';

/**
 * The writes of an import, with the same bookkeeping as a save (write.ts): every written row takes a fresh change
 * number from `rev_seq`, an update bumps `version`, and each write leaves a history row with the before and after
 * snapshots. New rows go in as multi-row INSERTs (write-many.ts): 1,000 rows cost a handful of statements.
 */

type RowData = Record<string, unknown>;

export interface NewRow { values: RowData; onDone(row: RowData): void }
export interface ChangedRow { id: number; before: RowData; changes: RowData; onDone(row: RowData): void }

/** A PostgreSQL error raised by a bad value (class 22) or a constraint (class 23): the row's fault, not ours. */
export interface RowFault { code: string; constraint?: string; column?: string }

export function rowFaultOf(err: unknown): RowFault | undefined {
  const e = err as { cause?: RowFault; code?: unknown } | null;
  const pg = (typeof e?.cause?.code === 'string' ? e.cause : e) as RowFault | null;
  return typeof pg?.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(pg.code) ? pg : undefined;
}

/**
 * The field a fault is about and its message. Constraints are named `<table>_<column>_key|fkey` (sql-shape.ts); a
 * bad value (class 22) names no column, so the row's values are searched for the likely culprit: a NUL character
 * (PostgreSQL text cannot hold one), else a decimal too wide for its column, else the natural key stands for the row.
 */
export function faultError(res: ResourceDef, f: RowFault, values: RowData): [string, FieldError] {
  const named = constraintField(f.constraint) ?? f.column;
  const culprit = () => Object.keys(values).find(k => typeof values[k] === 'string' && (values[k] as string).includes('\u0000'))
    ?? Object.keys(values).find(k => {
      const scale = decimalScale(res.fields[k]);
      return scale !== undefined && Math.abs(Number(values[k])) >= 10 ** (18 - scale);
    });
  const field = named ?? culprit() ?? res.naturalKey?.[0] ?? 'id';
  if (f.code === '23505') return [field, { key: 'duplicate' }];
  if (f.code === '23503') return [field, { key: 'ref_missing' }];
  if (f.code === '23502') return [field, { key: 'required' }];
  return [field, { key: 'invalid_value' }];
}

/** Inserts new rows in multi-row statements (write-many.ts); `onDone` gets each inserted row. */
export async function insertRows(tx: Db, res: ResourceDef, rows: NewRow[], auth: Auth): Promise<void> {
  const inserted = await insertValidated(tx, res, rows.map(r => r.values), auth);
  rows.forEach((r, i) => r.onDone(inserted[i]!));
}

/** Updates one row's changed fields: a new change number, version + 1, and a history row. */
export async function updateRow(tx: Db, res: ResourceDef, row: ChangedRow, auth: Auth): Promise<void> {
  const t = tableOf(res);
  const [changes] = await prepareRows(tx, res, auth, 'update', [{ before: row.before, values: row.changes }]);
  const [after] = await tx.update(t).set({
    ...changes, rev: sql`next_rev()`, version: sql`${column(t, 'version')} + 1`,
    updated_at: new Date(), updated_by: auth.accountId,
  }).where(eq(column(t, 'id'), row.id)).returning();
  await afterWritten(tx, res, auth, 'update', [{ before: row.before, after: after! }]);
  row.onDone(after!);
}
