import { z } from 'zod';
import './zod-config';
import type { formulamaterials } from '../resources/formulas/formulamaterials';
import type { formulaoperations } from '../resources/formulas/formulaoperations';
import type { formulas } from '../resources/formulas/formulas';
import type { Envelope } from './replies';
import type { ListRow } from './rows';
import { DAY_MS, optionalDay, optionalInt, wireInt, wireJson } from './wire';

/**
 * The special calls of formulas (docs/formulas.md): the material requirement of orders and its excel.xlsx export,
 * and which formulas use a material. Shared by the server (route schemas) and the formulas client.
 */
const ID_MAX = 2_147_483_647;

/** The longest date range one requirement covers: the spec's longest shortcut (3 years = 1 095 days, §9) and a bit. */
export const MAX_REQUIREMENT_DAYS = 1_100;


/**
 * `GET /formulas/requirement/` and `POST /formulas/requirement/export/`: one order (`order_id`), or the orders whose
 * `order_date` lies in [`from`, `to`] (both given, at most MAX_REQUIREMENT_DAYS apart).
 */
export const requirementParamsSchema = z.looseObject({
  order_id: optionalInt(1, ID_MAX),
  from: optionalDay,
  to: optionalDay,
}).refine(p => p.order_id !== undefined || (p.from !== undefined && p.to !== undefined), { message: 'order_or_range' })
  .refine(p => p.from === undefined || p.to === undefined || p.from <= p.to, { message: 'order_or_range' })
  .refine(p => p.from === undefined || p.to === undefined
    || (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY_MS < MAX_REQUIREMENT_DAYS,
  { message: 'range_too_long' });
export type RequirementParams = z.infer<typeof requirementParamsSchema>;

/** One material's total need (4 decimals) over the orders asked for. */
export interface RequirementRow {
  item_id: number;
  code: string | null;
  name: string;
  spec: string | null;
  unit: string | null;
  quantity: number;
}

/** A live line counted without a formula (neither its own nor a current one of its item): it needs nothing listed. */
export interface LineWithoutFormula { detail_id: number; code: string | null; item_id: number; item_name: string }

/** Lines without formula listed in a reply, at most. */
export const MAX_LINES_WITHOUT_FORMULA = 200;

export interface RequirementReply extends Envelope {
  dt: RequirementRow[];
  total: number;
  /** Live lines of live orders counted. */
  lines: number;
  without_formula: LineWithoutFormula[];
  /** All lines without formula (the list stops at MAX_LINES_WITHOUT_FORMULA). */
  without_formula_total: number;
}

/** `GET /formulas/items/?material_id=`: the current formulas that use a material. */
export const formulaItemsParamsSchema = z.looseObject({ material_id: wireInt(1, ID_MAX) });

/**
 * A current formula using the material: directly (`quantity`, `unit` and `loss_rate` of its lines of it, summed
 * when several) or through a sub-formula (`via`: the sub-formula's label, `quantity` null).
 */
export interface FormulaUseRow {
  formula_id: number;
  code: string;
  name: string;
  version_no: number;
  item_id: number;
  item_name: string;
  quantity: number | null;
  unit: string | null;
  loss_rate: number | null;
  via: string | null;
}

export interface FormulaItemsReply extends Envelope { dt: FormulaUseRow[]; total: number }

/** Lines of one kind one save may carry (a recipe has tens). */
export const MAX_FORMULA_LINES = 500;

const record = z.record(z.string(), z.unknown(), { message: 'invalid_json' });
const lineList = wireJson(z.array(record, { message: 'invalid_json' }).max(MAX_FORMULA_LINES, { message: 'bad_request' })).optional();
const removedList = wireJson(z.array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }),
  { message: 'invalid_json' }).max(MAX_FORMULA_LINES, { message: 'bad_request' })).optional();

/**
 * `POST /formulas/save_with_lines/`: `item` = the formula's fields (with `id` and `version` to update); `materials`
 * and `operations` = lines to create (no `id`) or update (`id` and `version`), fields except `formula_id`;
 * `removed_materials`, `removed_operations` = lines to delete. One transaction, all or nothing, and at most one new
 * version: when order lines use the formula, the whole change goes to one new version (the reply's `id`, and `msg1`
 * says so). Field errors of a line come keyed `materials.<index>.<field>` / `operations.<index>.<field>`.
 */
export const saveFormulaParamsSchema = z.looseObject({
  item: wireJson(record),
  materials: lineList,
  operations: lineList,
  removed_materials: removedList,
  removed_operations: removedList,
});
export type SaveFormulaParams = z.infer<typeof saveFormulaParamsSchema>;

export type FormulaRow = ListRow<typeof formulas>;
export type FormulaMaterialRow = ListRow<typeof formulamaterials>;
export type FormulaOperationRow = ListRow<typeof formulaoperations>;

export interface SaveFormulaReply extends Envelope {
  id: number;
  version: number;
  dt: FormulaRow;
  /** The formula's lines after the save, in their order (`sort`, `seq`). */
  materials: FormulaMaterialRow[];
  operations: FormulaOperationRow[];
  /** A new version was made (the previous one is used by orders). */
  forked: boolean;
}
