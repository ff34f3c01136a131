import { formulas } from '../../resources/formulas/formulas';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  formulaItemsParamsSchema, requirementParamsSchema, saveFormulaParamsSchema, type FormulaItemsReply,
  type RequirementReply, type SaveFormulaReply,
} from '../formulas';

/** The special calls of formulas (docs/formulas.md; schemas in ../formulas.ts). */

/** Materials an order or a range of orders needs by their formulas (also needs `view` of order lines). */
export const formulaRequirement = endpoint<RequirementReply>()({
  method: 'GET', path: '/formulas/requirement/', params: requirementParamsSchema,
  access: { resource: formulas, op: 'read' }, offline: 'read', looksRight: hasArray('dt', 'without_formula'),
});

/** The same requirement as excel.xlsx (also needs `view` of order lines). */
export const formulaRequirementExport = endpoint<never>()({
  method: 'POST', path: '/formulas/requirement/export/', params: requirementParamsSchema,
  access: { resource: formulas, op: 'read', action: 'export' }, reply: 'file',
});

/** The current formulas that use a material. */
export const formulaItems = endpoint<FormulaItemsReply>()({
  method: 'GET', path: '/formulas/items/', params: formulaItemsParamsSchema,
  access: { resource: formulas, op: 'read' }, offline: 'read', looksRight: hasArray('dt'),
});

/** A formula with its materials and operations in one transaction; a create is answered once per key. */
export const saveFormulaWithLines = endpoint<SaveFormulaReply>()({
  method: 'POST', path: '/formulas/save_with_lines/', params: saveFormulaParamsSchema,
  access: { resource: formulas, op: 'write' }, idempotent: 'create',
  looksRight: r => isRecord(r) && typeof r.id === 'number' && isRecord(r.dt) && Array.isArray(r.materials)
    && Array.isArray(r.operations),
});
