import { eq, sql } from 'drizzle-orm';
import { FACT_VERSION } from '../../../../src/domain/contract/facts';
import type { MutationName } from '../../../../src/domain/contract/sync';
import { facts } from '../../../../src/domain/resources/shopfloor/facts';
import type { Auth } from '../../../auth/sessions';
import { rows, type Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, notFound } from '../../../lib/api-error';
import { column } from '../../../db/columns';
import { recordHistory, staleVersion } from '../../../resources/write';
import { canAct } from '../../../auth/permissions';
import { stocklines } from '../../../../src/domain/resources/warehouse/stocklines';
import { writeCountedLines } from '../../stock/counted-lines';
import { applySignFacts, signAccessOf } from '../../delivery/sign-fact';
import { applyFormFacts, formAccessOf } from '../../forms/form-fact';
import { readArgs } from './args';
import { storeFactImages } from './fact-images';
import { decideFact, type Reason } from './decide';
import { storedReason } from './push';
import { loadWorld, type ComputerState } from './state';
import { writeInspections, writeSteps } from './write';

/**
 * Dead letters (docs/shopfloor.md "Facts on the server and dead letters"): a rejected fact is corrected and resubmitted,
 * or dismissed with a note, by a supervisor holding the `resolve` action of facts. Only a `rejected` fact is either
 * (409 `fact_not_rejected`), at the version the supervisor saw (409 stale otherwise, as a save).
 *
 * A resubmission runs the corrected arguments through the same rules as a push (decide.ts), against the database as it
 * now stands, on behalf of the kiosk that sent the fact (its work nodes, its machine) and at the fact's own time:
 * applied, the fact is `resolved` and its effects are written; refused again, it stays `rejected` with the new reason.
 * Either way the corrected arguments, the note and a new version are kept, with a history entry. A dismissal sets
 * `dismissed`. `resolved_by` and `resolved_at` say who settled the fact and when, once it is settled.
 */

export interface FactActionOutcome { id: number; version: number; status: string; reason: Reason | null }

type FactRowData = Record<string, unknown>;

const factsTable = tableOf(facts);

async function lockRejected(tx: Db, id: number, version: number): Promise<FactRowData> {
  const [before] = await tx.select().from(factsTable).where(eq(column(factsTable, 'id'), id)).for('update');
  if (!before) throw notFound();
  if (before.version !== version) throw await staleVersion(tx, before);
  if (before.status !== 'rejected') throw new ApiError(409, 'fact_not_rejected');
  return before;
}

async function settle(tx: Db, auth: Auth, before: FactRowData, values: FactRowData): Promise<FactActionOutcome> {
  const [after] = await tx.update(factsTable).set({
    ...values, version: (before.version as number) + 1, rev: sql`next_rev()`, updated_at: new Date(), updated_by: auth.accountId,
  }).where(eq(column(factsTable, 'id'), before.id as number)).returning();
  await recordHistory(tx, facts, 'update', Number(after!.id), before, after!, auth, Number(after!.rev));
  return {
    id: Number(after!.id), version: Number(after!.version), status: String(after!.status),
    reason: after!.status === 'rejected' ? storedReason(after!.reason, after!.reason_params) ?? null : null,
  };
}

export async function resubmitFact(db: Db, auth: Auth, p: { id: number; version: number; args: Record<string, unknown>; note?: string }):
  Promise<FactActionOutcome> {
  return db.transaction(async tx => {
    const before = await lockRejected(tx, p.id, p.version);
    // A correction that does not even read is the supervisor's to fix: nothing is written.
    const { stored, check, images } = readArgs(before.name as MutationName, FACT_VERSION, p.args);
    if (!check.ok) throw new ApiError(422, 'fact_bad_args', { detail: check.detail });
    const [c] = before.computer_id == null ? [] : await rows<{ id: number; code: string; worknode_ids: number[] | null; device_id: number | null }>(tx, sql`
      select id, code, worknode_ids, device_id from computers where id = ${before.computer_id as number}`);
    // A fact without its computer (none: every pushed fact has one) is bound to no work node.
    const computer: ComputerState = c
      ? { id: Number(c.id), code: c.code, worknode_ids: (c.worknode_ids ?? []).map(Number), device_id: c.device_id === null ? null : Number(c.device_id) }
      : { id: 0, code: '', worknode_ids: [], device_id: null };
    // A counted line is resubmitted by a supervisor who may write stocktake lines (their own grant, not the handheld's).
    // A receipt likewise by one who may sign for deliveries; images the correction carries are stored with it.
    const world = await loadWorld(tx, computer, [check.parsed], check.parsed.name === 'count' && canAct(auth, stocklines, 'create'),
      check.parsed.name === 'sign' ? signAccessOf(auth) : undefined, check.parsed.name === 'form' && formAccessOf(auth));
    for (const i of images) world.sign.files.add(i.id);
    await storeFactImages(tx, images, auth.accountId);
    const at = new Date(before.at as string | Date);
    const d = decideFact(world, check.parsed, at);
    const note = p.note ?? (before.note as string | null) ?? null;
    const common: FactRowData = {
      args: stored, v: FACT_VERSION, ...d.columns, note, reason: d.reason?.key ?? null, reason_params: d.reason?.params ?? null,
    };
    if (d.status === 'rejected') return settle(tx, auth, before, common);
    await writeSteps(tx, world, auth.accountId);
    if (d.inspection) {
      await writeInspections(tx, [{ factId: before.id as number, computerId: c ? computer.id : null, row: d.inspection }], auth.accountId);
    }
    if (d.counted) await writeCountedLines(tx, [d.counted], auth.accountId);
    if (d.signed) await applySignFacts(tx, auth, [d.signed]);
    // A form is written by the supervisor who resubmits it (their grant of forms), at the fact's time and terminal.
    if (d.form) await applyFormFacts(tx, auth, [{ factId: before.id as number, computerId: c ? computer.id : null, at, form: d.form }]);
    return settle(tx, auth, before, { ...common, status: 'resolved', resolved_by: auth.accountId, resolved_at: new Date() });
  });
}

export async function dismissFact(db: Db, auth: Auth, p: { id: number; version: number; note: string }): Promise<FactActionOutcome> {
  return db.transaction(async tx => {
    const before = await lockRejected(tx, p.id, p.version);
    return settle(tx, auth, before, { status: 'dismissed', note: p.note, resolved_by: auth.accountId, resolved_at: new Date() });
  });
}
