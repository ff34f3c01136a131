import { eq, sql } from 'drizzle-orm';
import { decimalScale } from '../../src/domain/registry/fields';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import type { Auth } from '../auth/sessions';
import { checkWrite } from '../auth/write-rules';
import type { Db } from '../db/connection';
import { history, tableOf } from '../db/tables';
import { constraintField } from '../lib/constraints';
import { column, readableColumns } from '../db/columns';
import { behaviourOf } from './behaviour-registry';
import { keepRowFiles } from './row-files';

/**
 * The writes of an import, with the same bookkeeping as a save (write.ts): every written row takes a fresh change
 * number from `rev_seq`, an update bumps `version`, and each write leaves a history row with the before and after
 * snapshots. New rows go in as multi-row INSERTs, so 1,000 rows cost a handful of statements, not 2,000.
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

function snapshot(res: ResourceDef, row: RowData): RowData {
  const out: RowData = {};
  for (const c of readableColumns(res)) if (c in row) out[c] = row[c];
  return out;
}

/** Keeps a statement's parameters well under the 65,535 both engines allow. */
function chunks<T>(list: T[], perChunk: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += perChunk) out.push(list.slice(i, i + perChunk));
  return out;
}

const history$ = (res: ResourceDef, auth: Auth, action: string, kid: number, rev: number, before: RowData | null, after: RowData) => ({
  table_name: res.name, kid, action, rev, by_id: auth.accountId, by_name: auth.name,
  before: before ? snapshot(res, before) : null, after: snapshot(res, after),
});

/** Inserts new rows in multi-row statements; `onDone` gets each inserted row (matched by position in the VALUES list). */
export async function insertRows(tx: Db, res: ResourceDef, rows: NewRow[], auth: Auth): Promise<void> {
  if (rows.length === 0) return;
  const t = tableOf(res);
  const behaviour = behaviourOf(res.name);
  const perRow = Object.keys(res.fields).length + 4;
  for (const part of chunks(rows, Math.max(1, Math.floor(20_000 / perRow)))) {
    // A resource with server rules prepares each row as a save would (numbers, derived sums, refusals).
    const values = behaviour?.prepare
      ? await Promise.all(part.map(r => behaviour.prepare!(tx, { res, auth, mode: 'create', before: null, values: r.values })))
      : part.map(r => r.values);
    const inserted = await tx.insert(t).values(values.map(v => ({
      ...v, rev: sql`next_rev()`, created_by: auth.accountId, updated_by: auth.accountId,
    }))).returning();
    // PostgreSQL returns the rows of one INSERT … VALUES in the order of the list; the count check guards that.
    if (inserted.length !== part.length) throw new Error('import: insert returned a different number of rows');
    for (const row of inserted) {
      await checkWrite(tx, res, auth, null, row);
      await behaviour?.afterWrite?.(tx, { res, auth, action: 'create', before: null, after: row });
    }
    const hist = inserted.map(row => history$(res, auth, 'create', row.id as number, Number(row.rev), null, row));
    for (const h of chunks(hist, 2000)) await tx.insert(history).values(h);
    await keepRowFiles(tx, res, inserted.map(row => ({ before: null, after: row })));
    part.forEach((r, i) => r.onDone(inserted[i]!));
  }
}

/** Updates one row's changed fields: a new change number, version + 1, and a history row. */
export async function updateRow(tx: Db, res: ResourceDef, row: ChangedRow, auth: Auth): Promise<void> {
  const t = tableOf(res);
  const behaviour = behaviourOf(res.name);
  const changes = behaviour?.prepare
    ? await behaviour.prepare(tx, { res, auth, mode: 'update', before: row.before, values: row.changes }) : row.changes;
  const [after] = await tx.update(t).set({
    ...changes, rev: sql`next_rev()`, version: sql`${column(t, 'version')} + 1`,
    updated_at: new Date(), updated_by: auth.accountId,
  }).where(eq(column(t, 'id'), row.id)).returning();
  await checkWrite(tx, res, auth, row.before, after!);
  await behaviour?.afterWrite?.(tx, { res, auth, action: 'update', before: row.before, after: after! });
  await tx.insert(history).values(history$(res, auth, 'update', row.id, Number(after!.rev), row.before, after!));
  await keepRowFiles(tx, res, [{ before: row.before, after: after! }]);
  row.onDone(after!);
}
