import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type SaveFormulaParams, type SaveFormulaReply } from '../../../../src/domain/contract/formulas';
import { translate } from '../../../../src/domain/messages/catalog';
import type { ResourceDef } from '../../../../src/domain/registry/resource';
import { formulamaterials } from '../../../../src/domain/resources/formulas/formulamaterials';
import { formulaoperations } from '../../../../src/domain/resources/formulas/formulaoperations';
import { formulas } from '../../../../src/domain/resources/formulas/formulas';
import { idempotent } from '../../../auth/idempotency';
import { assertAction, assertCreate, assertUpdate } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import type { Auth } from '../../../auth/sessions';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, badRequest, notFound } from '../../../lib/api-error';
import { optionalId } from '../../../lib/params';
import { authOf } from '../../../http/auth';
import type { RowData } from '../../../resources/behaviour-types';
import { column, replyRows, selectRows } from '../../../db/columns';
import { forkFormula, formulaInUse } from '../versions';
import { detailRow } from '../../../resources/list';
import { changedFields } from '../../production/changed';
import { rowById } from '../../production/rows';
import { createRow, deleteRow, staleVersion, updateRow } from '../../../resources/write';
import * as formulasApi from '../../../../src/domain/contract/endpoints/formulas';
import { route } from '../../../http/endpoint-route';

const idOf = optionalId;

type Kind = 'materials' | 'operations';
const LINES: Readonly<Record<Kind, { res: ResourceDef; order: string }>> = {
  materials: { res: formulamaterials, order: 'sort' },
  operations: { res: formulaoperations, order: 'seq' },
};

/** A line's refusal, its field errors keyed `<kind>.<index>.<field>` so the screen marks the right cell. */
function asLineError(e: unknown, kind: Kind, index: number): unknown {
  if (!(e instanceof ApiError) || Object.keys(e.fieldErrors).length === 0) return e;
  const prefixed = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`${kind}.${index}.${k}`, v]));
  return new ApiError(e.status, e.key, e.params, prefixed, e.extra);
}

async function lineRows(db: Db, kind: Kind, formulaId: number): Promise<RowData[]> {
  const { res, order } = LINES[kind];
  const t = tableOf(res);
  return replyRows(db, selectRows(db, res).where(eq(column(t, 'formula_id'), formulaId))
    .orderBy(asc(column(t, order)), asc(column(t, 'id'))));
}

interface LinePlan { kind: Kind; index: number; id?: number; version?: number; values: RowData }

/**
 * A formula and its lines written as one document (docs/formulas.md): every change is checked against the stored rows
 * first (versions, ownership of the lines, what really changes), then — when order lines use the formula — one new
 * version is made and the whole change goes to it; each row goes through the generic write path, so the rules of
 * formulas and lines (cycles, loss rates, sub-formulas), history and change numbers hold.
 */
async function saveFormula(tx: Db, auth: Auth, p: SaveFormulaParams): Promise<{ id: number; forked: boolean }> {
  const { id: rawId, version: rawVersion, ...header } = p.item;
  const id = idOf(rawId);
  const sent = (kind: Kind) => (p[kind] ?? []).map((raw, index) => {
    const { id: lineId, version: lineVersion, formula_id: _ignored, ...values } = raw;
    return { kind, index, id: idOf(lineId), version: idOf(lineVersion), values };
  });
  const lines: LinePlan[] = [...sent('materials'), ...sent('operations')];
  const create = async (formulaId: number, l: LinePlan) => {
    assertCreate(auth, LINES[l.kind].res);
    try {
      await createRow(tx, LINES[l.kind].res, { ...l.values, formula_id: formulaId }, auth);
    } catch (e) { throw asLineError(e, l.kind, l.index); }
  };

  if (id === undefined) {
    assertCreate(auth, formulas);
    const f = await createRow(tx, formulas, header, auth);
    for (const l of lines) {
      if (l.id !== undefined) throw asLineError(new ApiError(422, 'invalid_input', {}, { id: { key: 'formula_line_other' } }), l.kind, l.index);
      await create(f.id as number, l);
    }
    return { id: f.id as number, forked: false };
  }

  const version = idOf(rawVersion);
  if (version === undefined) throw badRequest();
  // Lines before their formula: the generic write of a line locks the line, then its formula (behaviours), so taking
  // them in the same order here means two writers of one formula queue instead of deadlocking.
  for (const kind of ['materials', 'operations'] as const) {
    const t = tableOf(LINES[kind].res);
    await tx.select({ id: column(t, 'id') }).from(t).where(eq(column(t, 'formula_id'), id)).orderBy(asc(column(t, 'id'))).for('update');
  }
  const before = await rowById(tx, formulas, id, true);
  if (!before) throw notFound();
  if (before.version !== version) throw await staleVersion(tx, before);
  if (before.canceled) throw new ApiError(409, 'already_canceled');

  // What changes, read before anything is written.
  const headerChanges = await changedFields(tx, formulas, before, header);
  const updates: (LinePlan & { id: number; version: number })[] = [];
  const creates: LinePlan[] = [];
  for (const l of lines) {
    try {
      if (l.id === undefined) { creates.push(l); continue; }
      if (l.version === undefined) throw new ApiError(422, 'invalid_input', {}, { version: { key: 'required' } });
      const stored = await rowById(tx, LINES[l.kind].res, l.id, true);
      if (!stored || stored.formula_id !== id) throw new ApiError(422, 'invalid_input', {}, { id: { key: 'formula_line_other' } });
      if (stored.version !== l.version) throw await staleVersion(tx, stored);
      const changed = await changedFields(tx, LINES[l.kind].res, stored, l.values);
      if (Object.keys(changed).length) updates.push({ ...l, id: l.id, version: l.version, values: changed });
    } catch (e) { throw asLineError(e, l.kind, l.index); }
  }
  const removals: { kind: Kind; id: number }[] = [];
  for (const kind of ['materials', 'operations'] as const) {
    for (const r of p[kind === 'materials' ? 'removed_materials' : 'removed_operations'] ?? []) {
      const stored = await rowById(tx, LINES[kind].res, r.id, true);
      if (!stored || stored.formula_id !== id) throw new ApiError(422, 'formula_line_other');
      if (stored.version !== r.version) throw await staleVersion(tx, stored);
      assertAction(auth, LINES[kind].res, 'delete');
      removals.push({ kind, id: r.id });
    }
  }
  if (!Object.keys(headerChanges).length && !updates.length && !creates.length && !removals.length) return { id, forked: false };

  // Order lines use this version: the whole change goes to one new version, its rows found through the fork's maps.
  let target: RowData = before;
  let copyOf = (_kind: Kind, lineId: number): { id: number; version: number } => ({ id: lineId, version: -1 });
  if (await formulaInUse(tx, id)) {
    const fork = await forkFormula(tx, before, auth);
    target = fork.formula;
    copyOf = (kind, lineId) => {
      const c = fork[kind].get(lineId)!;
      return { id: c.id as number, version: c.version as number };
    };
  }
  const forked = target !== before;
  if (Object.keys(headerChanges).length) {
    assertUpdate(auth, formulas, Object.keys(headerChanges));
    await updateRow(tx, formulas, target.id as number, target.version as number, headerChanges, auth);
  }
  for (const r of removals) await deleteRow(tx, LINES[r.kind].res, forked ? copyOf(r.kind, r.id).id : r.id, auth);
  for (const u of updates) {
    assertUpdate(auth, LINES[u.kind].res, Object.keys(u.values));
    const at = forked ? copyOf(u.kind, u.id) : { id: u.id, version: u.version };
    try {
      await updateRow(tx, LINES[u.kind].res, at.id, at.version, u.values, auth);
    } catch (e) { throw asLineError(e, u.kind, u.index); }
  }
  for (const c of creates) await create(target.id as number, c);
  return { id: target.id as number, forked };
}

/** `POST /formulas/save_with_lines/` (contract src/domain/contract/formulas.ts): needs create or edit on formulas. */
export default async function saveFormulaRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, formulasApi.saveFormulaWithLines, async (p, req) => {
    const auth = authOf(req);
    const reply = async (tx: Db): Promise<SaveFormulaReply> => tx.transaction(async t => {
      const { id, forked } = await saveFormula(t, auth, p);
      const row = (await detailRow(t, formulas, id))!;
      const redact = await redactorFor(t, auth, formulas);
      const out: SaveFormulaReply = {
        msg: 'OK', id, version: row.version as number, dt: redact(row) as SaveFormulaReply['dt'], forked,
        materials: (await lineRows(t, 'materials', id)) as SaveFormulaReply['materials'],
        operations: (await lineRows(t, 'operations', id)) as SaveFormulaReply['operations'],
      };
      if (forked) out.msg1 = translate(req.lang, 'formula_new_version', { version: Number(row.version_no) });
      return out;
    });
    if (idOf(p.item.id) === undefined) {
      return idempotent(db, req, auth, formulasApi.saveFormulaWithLines.path, p, async tx => ({ ...await reply(tx) }));
    }
    return reply(db);
  });
}
