import { eq } from 'drizzle-orm';
import { enumLabel } from '../../../src/domain/i18n/resource-labels';
import type { Lang } from '../../../src/domain/messages/catalog';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Param } from '../../lib/api-error';
import { column } from '../../db/columns';

export type RowData = Record<string, unknown>;

/**
 * One row by id, locked `for update` when `lock` (the writer's rules read it and must see it unchanged till commit).
 * The statement is submitted at the call (`then` called here: an `await` of drizzle's query would submit it a microtask
 * later), so a caller may queue a statement behind it before awaiting it.
 */
export function rowById(tx: Db, res: ResourceDef, id: number, lock = false): Promise<RowData | undefined> {
  const t = tableOf(res);
  const q = tx.select().from(t).where(eq(column(t, 'id'), id));
  return (lock ? q.for('update') : q).then(([row]) => row);
}

/** A status as a message parameter: its label in the reader's language. */
export function statusParam(res: ResourceDef, status: unknown): Param {
  return (lang: Lang) => enumLabel(lang, res.name, 'status', String(status));
}

/** Quantities compared and subtracted in whole 1/10 000 units (they are stored with 4 decimals). */
export { fromUnits, units } from '../../../src/domain/rules/numbers';
