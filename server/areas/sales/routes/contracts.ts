import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContractTransitionReply, SaveContractParams, SaveContractReply } from '../../../../src/domain/contract/contracts';
import { activateContract, saveContractWithLines, terminateContract } from '../../../../src/domain/contract/endpoints/contracts';
import { contractlines } from '../../../../src/domain/resources/sales/contractlines';
import { contracts } from '../../../../src/domain/resources/sales/contracts';
import { contractDatesValid } from '../../../../src/domain/rules/contracts';
import { idempotent } from '../../../auth/idempotency';
import { assertAction, assertCreate, assertUpdate } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import { assertOwnRow, withOwner } from '../../../auth/row-scope';
import type { Auth } from '../../../auth/sessions';
import { column, replyRows, selectRows } from '../../../db/columns';
import { rows, type Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { ApiError, badRequest, notFound } from '../../../lib/api-error';
import { optionalId } from '../../../lib/params';
import { detailRow } from '../../../resources/list';
import { staleVersion, systemUpdate } from '../../../resources/write';
import { cancelMany, createMany, updateMany } from '../../../resources/write-many';
import { rowById, type RowData } from '../../production/rows';

const idOf = optionalId;

/** A line's refusal, its field errors keyed `lines.<index>.<field>` so the screen marks the right cell. */
function asLineError(e: unknown, index: number): unknown {
  if (!(e instanceof ApiError) || Object.keys(e.fieldErrors).length === 0) return e;
  const prefixed = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`lines.${index}.${k}`, v]));
  return new ApiError(e.status, e.key, e.params, prefixed, e.extra);
}

/** The contract and state of the lines named, by id (a line not found is absent). */
async function lineContracts(tx: Db, ids: readonly number[]): Promise<Map<number, { contract_id: number; canceled: boolean }>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; contract_id: number; canceled: boolean }>(tx, sql`
    select id, contract_id, canceled from contractlines where id = any(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(found.map(r => [Number(r.id), { contract_id: Number(r.contract_id), canceled: r.canceled }]));
}

/** The contract's live lines, in line order, as replies carry rows. */
export async function contractLinesOf(db: Db, contractId: number): Promise<RowData[]> {
  const t = tableOf(contractlines);
  return replyRows(db, selectRows(db, contractlines)
    .where(and(eq(column(t, 'contract_id'), contractId), eq(column(t, 'canceled'), false)))
    .orderBy(asc(column(t, 'line_no')), asc(column(t, 'id'))));
}

/**
 * The contract and its lines written as one document, as an order's save is (production/routes/orders.ts): header,
 * new and changed lines, removed lines (cancelled), in one transaction. Each row goes through the generic write path,
 * so the rules of contracts and lines (sales/behaviours), history and change numbers hold. The header is written
 * first, so a new customer is checked before the lines; a line written to an active contract is refused by its rules.
 */
async function saveWithLines(tx: Db, auth: Auth, p: SaveContractParams): Promise<number> {
  const { id: rawId, version: rawVersion, ...header } = p.item;
  const id = idOf(rawId);
  let contractId: number;
  if (id === undefined) {
    assertCreate(auth, contracts);
    contractId = (await createMany(tx, contracts, [withOwner(auth, contracts, header)], auth))[0]!.id as number;
  } else {
    const version = idOf(rawVersion);
    if (version === undefined) throw badRequest();
    await updateMany(tx, contracts, [{ id, version, values: header }], auth, {
      onlyChanged: true, check: (_before, changes) => assertUpdate(auth, contracts, Object.keys(changes)),
    });
    contractId = id;
  }

  const creates: { index: number; values: RowData }[] = [];
  const updates: { index: number; id: number; version: number; values: RowData }[] = [];
  for (const [i, raw] of (p.lines ?? []).entries()) {
    const { id: lineRawId, version: lineRawVersion, contract_id: _ignored, ...values } = raw;
    const lineId = idOf(lineRawId);
    if (lineId === undefined) {
      creates.push({ index: i, values: { ...values, contract_id: contractId } });
      continue;
    }
    const lineVersion = idOf(lineRawVersion);
    if (lineVersion === undefined) throw asLineError(new ApiError(422, 'invalid_input', {}, { version: { key: 'required' } }), i);
    updates.push({ index: i, id: lineId, version: lineVersion, values });
  }
  const removed = p.removed ?? [];
  const stored = await lineContracts(tx, [...updates.map(u => u.id), ...removed.map(r => r.id)]);
  for (const u of updates) {
    if (stored.get(u.id)?.contract_id !== contractId) {
      throw asLineError(new ApiError(422, 'invalid_input', {}, { id: { key: 'contract_line_other' } }), u.index);
    }
  }
  if (removed.some(r => stored.get(r.id)?.contract_id !== contractId)) throw new ApiError(422, 'contract_line_other');

  await updateMany(tx, contractlines, updates, auth, {
    onlyChanged: true, check: (_before, changes) => assertUpdate(auth, contractlines, Object.keys(changes)),
  }, (k, e) => asLineError(e, updates[k]!.index));
  if (creates.length > 0) assertCreate(auth, contractlines);
  await createMany(tx, contractlines, creates.map(c => c.values), auth, (k, e) => asLineError(e, creates[k]!.index));
  if (removed.length > 0) assertAction(auth, contractlines, 'delete');
  await cancelMany(tx, contractlines, removed.filter(r => !stored.get(r.id)!.canceled), auth);
  return contractId;
}

/** The contract of `id` at `version`, locked, the caller's (404 otherwise), not cancelled. */
async function lockedContract(tx: Db, auth: Auth, id: number, version: number): Promise<RowData> {
  const before = await rowById(tx, contracts, id, true);
  if (!before) throw notFound();
  await assertOwnRow(tx, auth, contracts, before);
  if (before.version !== version) throw await staleVersion(tx, before);
  if (before.canceled) throw new ApiError(409, 'contract_canceled');
  return before;
}

/** The special calls of contracts (docs/sales-office.md §1, contract src/domain/contract/contracts.ts). */
export default async function contractsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  const transitionReply = async (tx: Db, auth: Auth, id: number): Promise<ContractTransitionReply> => {
    const row = (await detailRow(tx, contracts, id))!;
    return { msg: 'OK', id, version: row.version as number, dt: (await redactorFor(tx, auth, contracts))(row) as ContractTransitionReply['dt'] };
  };

  route(app, saveContractWithLines, async (p, req) => {
    const auth = authOf(req);
    const reply = async (tx: Db): Promise<SaveContractReply> => tx.transaction(async t => {
      const id = await saveWithLines(t, auth, p);
      const row = (await detailRow(t, contracts, id))!;
      const redact = await redactorFor(t, auth, contracts);
      const redactLine = await redactorFor(t, auth, contractlines);
      return {
        msg: 'OK', id, version: row.version as number, dt: redact(row) as SaveContractReply['dt'],
        lines: (await contractLinesOf(t, id)).map(redactLine) as SaveContractReply['lines'],
      };
    });
    if (idOf(p.item.id) === undefined) {
      return idempotent(db, req, auth, saveContractWithLines.path, p, async tx => ({ ...await reply(tx) }));
    }
    return reply(db);
  });

  route(app, activateContract, async ({ id, version }, req) => {
    const auth = authOf(req);
    return db.transaction(async tx => {
      const before = await lockedContract(tx, auth, id, version);
      if (before.status !== 'draft') throw new ApiError(409, 'contract_not_draft');
      const [{ n }] = await rows<{ n: number }>(tx, sql`
        select count(*)::int as n from contractlines where contract_id = ${id} and not canceled`) as [{ n: number }];
      if (n === 0) throw new ApiError(422, 'contract_empty');
      if (!contractDatesValid(String(before.valid_from), String(before.valid_to))) {
        throw new ApiError(422, 'invalid_input', {}, { valid_to: { key: 'contract_dates' } });
      }
      // The approval gate (docs/sales-office.md §4: assertApproved(tx, auth, 'contracts', before)) goes here.
      await systemUpdate(tx, contracts, before, { status: 'active', activated_at: new Date(), activated_by: auth.accountId }, auth);
      return transitionReply(tx, auth, id);
    });
  });

  route(app, terminateContract, async ({ id, version, reason }, req) => {
    const auth = authOf(req);
    return db.transaction(async tx => {
      const before = await lockedContract(tx, auth, id, version);
      if (before.status !== 'active' && before.status !== 'expired') throw new ApiError(409, 'contract_not_active');
      // Orders already naming it keep it (decision 257): a terminated contract is only refused to new namings.
      await systemUpdate(tx, contracts, before, {
        status: 'terminated', terminated_at: new Date(), terminated_by: auth.accountId, termination_reason: reason,
      }, auth);
      return transitionReply(tx, auth, id);
    });
  });
}
