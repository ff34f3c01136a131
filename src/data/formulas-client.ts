import type { FormulaUseRow, RequirementReply, SaveFormulaParams, SaveFormulaReply } from '../domain/contract/formulas';
import {
  formulaItems, formulaRequirement, formulaRequirementExport, saveFormulaWithLines,
} from '../domain/contract/endpoints/formulas';
import { callEndpoint, downloadFrom } from './endpoint-call';
import type { DownloadProgress } from './http';
import type { CallOptions } from './resource-client';

/**
 * The special calls of formulas (docs/formulas.md, contract src/domain/contract/formulas.ts). Formulas, their
 * materials and operations are read and saved through `resourceClient` like any resource.
 */

/** One order, or the orders dated in a range (`YYYY-MM-DD`, both days included). */
export type RequirementScope = { order_id: number } | { from: string; to: string };

const scopeParams = (s: RequirementScope): Record<string, string | number> =>
  ('order_id' in s ? { order_id: s.order_id } : { from: s.from, to: s.to });

/** `GET /formulas/requirement/`: the materials the orders need, per material, at 4 decimals. */
function requirement(s: RequirementScope, o: CallOptions = {}): Promise<RequirementReply> {
  return callEndpoint(formulaRequirement, scopeParams(s), { signal: o.signal });
}

/** `POST /formulas/requirement/export/`: the same rows as excel.xlsx, headed in the user's language. */
function exportRequirement(s: RequirementScope, o: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {}):
  Promise<{ file: Blob; rows: number | null }> {
  return downloadFrom(formulaRequirementExport, scopeParams(s), { signal: o.signal, onProgress: o.onProgress, silent: true });
}

/** `GET /formulas/items/?material_id=`: the current formulas that use a material, directly or through a sub-formula. */
async function itemsUsing(materialId: number, o: CallOptions = {}): Promise<FormulaUseRow[]> {
  return (await callEndpoint(formulaItems, { material_id: materialId }, { signal: o.signal })).dt;
}

/**
 * `POST /formulas/save_with_lines/`: the formula with its lines in one transaction; when orders use it, the change
 * becomes one new version (the reply's `id`, `forked`, and a warning the data layer shows). A create carries the
 * caller's `Idempotency-Key`, one per formula being created.
 */
function saveWithLines(params: SaveFormulaParams, o: CallOptions & { idempotencyKey?: string } = {}): Promise<SaveFormulaReply> {
  const creating = params.item.id === undefined || params.item.id === null;
  return callEndpoint(saveFormulaWithLines, params, { signal: o.signal, idempotencyKey: creating ? o.idempotencyKey : undefined });
}

export const formulasClient = { requirement, exportRequirement, itemsUsing, saveWithLines };
