import type {
  FormulaItemsReply, FormulaUseRow, RequirementReply, SaveFormulaParams, SaveFormulaReply,
} from '../domain/contract/formulas';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiGet, apiPost, postForFile, type DownloadProgress } from './http';
import type { CallOptions } from './resource-client';

/**
 * The special calls of formulas (docs/formulas.md, contract src/domain/contract/formulas.ts). Formulas, their
 * materials and operations are read and saved through `resourceClient` like any resource.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function badReply(): ApiError {
  return new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
}

/** One order, or the orders dated in a range (`YYYY-MM-DD`, both days included). */
export type RequirementScope = { order_id: number } | { from: string; to: string };

const scopeParams = (s: RequirementScope): Record<string, string | number> =>
  ('order_id' in s ? { order_id: s.order_id } : { from: s.from, to: s.to });

/** `GET /formulas/requirement/`: the materials the orders need, per material, at 4 decimals. */
async function requirement(s: RequirementScope, o: CallOptions = {}): Promise<RequirementReply> {
  const r = await apiGet<RequirementReply>('/formulas/requirement/', scopeParams(s), { signal: o.signal });
  if (!isRecord(r) || !Array.isArray(r.dt) || !Array.isArray(r.without_formula)) throw badReply();
  return r;
}

/** `POST /formulas/requirement/export/`: the same rows as excel.xlsx, headed in the user's language. */
function exportRequirement(s: RequirementScope, o: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {}):
  Promise<{ file: Blob; rows: number | null }> {
  return postForFile('/formulas/requirement/export/', scopeParams(s), { signal: o.signal, onProgress: o.onProgress, silent: true });
}

/** `GET /formulas/items/?material_id=`: the current formulas that use a material, directly or through a sub-formula. */
async function itemsUsing(materialId: number, o: CallOptions = {}): Promise<FormulaUseRow[]> {
  const r = await apiGet<FormulaItemsReply>('/formulas/items/', { material_id: materialId }, { signal: o.signal });
  if (!isRecord(r) || !Array.isArray(r.dt)) throw badReply();
  return r.dt;
}

/**
 * `POST /formulas/save_with_lines/`: the formula with its lines in one transaction; when orders use it, the change
 * becomes one new version (the reply's `id`, `forked`, and a warning the data layer shows). A create carries the
 * caller's `Idempotency-Key`, one per formula being created.
 */
async function saveWithLines(params: SaveFormulaParams, o: CallOptions & { idempotencyKey?: string } = {}): Promise<SaveFormulaReply> {
  const creating = params.item.id === undefined || params.item.id === null;
  const r = await apiPost<SaveFormulaReply>('/formulas/save_with_lines/', params, {
    signal: o.signal, headers: creating && o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : undefined,
  });
  if (!isRecord(r) || typeof r.id !== 'number' || !isRecord(r.dt) || !Array.isArray(r.materials) || !Array.isArray(r.operations)) {
    throw badReply();
  }
  return r;
}

export const formulasClient = { requirement, exportRequirement, itemsUsing, saveWithLines };
