import { eq, sql } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import type { Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import { history, tableOf } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { column, readableColumns } from '../db/columns';

/**
 * The steps every server write of a row shares — its history, its change number, values derived from other rows, a
 * move the server makes on a user's request, the refusal of a stale version — below both the generic save path
 * (write.ts) and the resources' behaviours (behaviours/). A behaviour needs these while write.ts needs the behaviours,
 * so they live here and import nothing of either: a behaviour (or what it calls: production/, formulas/, piece-work/)
 * importing write.ts would close an import cycle, which ipos/no-cycle refuses (eslint.config.js; issue 28).
 */

type RowData = Record<string, unknown>;

/** What history keeps of a row: everything a client may read (never a password hash). */
function snapshot(res: ResourceDef, row: RowData): RowData {
  const out: RowData = {};
  for (const c of readableColumns(res)) if (c in row) out[c] = row[c];
  return out;
}

export async function recordHistory(db: Db, res: ResourceDef, action: string, kid: number, before: RowData | null,
  after: RowData | null, auth: Auth, rev: number): Promise<void> {
  await db.insert(history).values({
    table_name: res.name, kid, action, rev, by_id: auth.accountId, by_name: auth.name,
    before: before ? snapshot(res, before) : null, after: after ? snapshot(res, after) : null,
  });
}

/**
 * History of rows written together (an order's lines, a generation's cards, an import): one entry per row, each at the
 * row's own change number, in one statement from one JSON text per 5,000 rows (JSON.stringify is native; drizzle's
 * builder escaped each snapshot as a parameter, a fifth of a 500-line save: bench/orders).
 */
export async function recordHistoryBatch(db: Db, res: ResourceDef, action: string,
  changes: readonly { before: RowData | null; after: RowData }[], auth: Auth): Promise<void> {
  for (let i = 0; i < changes.length; i += 5_000) {
    const json = JSON.stringify(changes.slice(i, i + 5_000).map(({ before, after }) => ({
      kid: after.id as number, rev: Number(after.rev), before: before ? snapshot(res, before) : null, after: snapshot(res, after),
    })));
    await db.execute(sql`insert into history (table_name, kid, action, rev, by_id, by_name, before, after)
      select ${res.name}, x.kid, ${action}, x.rev, ${auth.accountId}::int, ${auth.name}, x.before, x.after
      from json_to_recordset(${json}::json) as x(kid integer, rev bigint, before jsonb, after jsonb)`);
  }
}

/**
 * Equal as stored: blanks alike, dates by their instant, JSON by content (keys in any order), numbers by value (numeric
 * columns read as text) — what a save compares to leave an unchanged field, row or formula version as it is.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) && blank(b)) return true;
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  if (typeof a === 'object' || typeof b === 'object') return canonical(a) === canonical(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).sort().map(k => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

export async function nextRev(db: Db): Promise<number> {
  const [r] = await db.execute(sql`select next_rev() as rev`).then(x => (x as unknown as { rows: { rev: number | string }[] }).rows);
  return Number(r!.rev);
}

/**
 * Server-set values derived from other rows (an order's sums, a line's carded quantity, a card's status): written
 * with a new change number, so lists and offline copies see them, but no new version — nobody edited the row, and a
 * colleague's open form must not turn stale because a line was added — and no history entry (the rows they derive
 * from carry the why). Nothing is written when every value is already the same.
 */
export async function setDerived(tx: Db, res: ResourceDef, id: number, values: RowData): Promise<boolean> {
  const t = tableOf(res);
  const changed = Object.entries(values).map(([k, v]) => sql`${column(t, k)} is distinct from ${v}`);
  if (changed.length === 0) return false;
  const done = await tx.update(t).set({ ...values, rev: sql`next_rev()` })
    .where(sql`${column(t, 'id')} = ${id} and (${sql.join(changed, sql` or `)})`).returning({ id: column(t, 'id') });
  return done.length > 0;
}

/**
 * A move the server makes on a user's request that is not a save of fields (an order's status transition, a card's
 * quantity after a split): a new version and change number and a history entry, like an edit. `before` is the row
 * as read `for update` by the caller.
 */
export async function systemUpdate(tx: Db, res: ResourceDef, before: RowData, values: RowData, auth: Auth,
  action: 'update' | 'cancel' = 'update'): Promise<RowData> {
  const t = tableOf(res);
  const id = before.id as number;
  // The change number taken by the update itself: one round trip fewer than asking for it first.
  const [after] = await tx.update(t).set({
    ...values, rev: sql`next_rev()`, version: (before.version as number) + 1, updated_at: new Date(), updated_by: auth.accountId,
  }).where(eq(column(t, 'id'), id)).returning();
  await recordHistory(tx, res, action, id, before, after!, auth, Number(after!.rev));
  return after!;
}

export async function staleVersion(db: Db, row: RowData): Promise<ApiError> {
  const accounts = tableOf(resourceByName('accounts')!);
  const [who] = row.updated_by == null ? [] :
    await db.select({ name: column(accounts, 'name') }).from(accounts).where(eq(column(accounts, 'id'), row.updated_by as number));
  const at = (row.updated_at as Date).toISOString();
  const by = (who?.name as string | undefined) ?? '?';
  return new ApiError(409, 'stale_version', { by, at: at.replace('T', ' ').slice(0, 19) }, {},
    { version: row.version, updated_by: row.updated_by, updated_by_name: by, updated_at: at });
}
