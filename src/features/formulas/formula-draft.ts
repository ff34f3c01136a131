import type { FormulaMaterialRow, FormulaOperationRow, FormulaRow, SaveFormulaParams } from '../../domain/contract/formulas';

/**
 * The formula screen's editable state and what a save sends (`POST /formulas/save_with_lines/`): the header's
 * fields, the lines as they stand (new ones without id), and the saved lines the user removed. Values are kept as the
 * inputs hold them; empty inputs travel as empty (the server clears or refuses them).
 */
export interface HeaderDraft {
  code: string;
  name: string;
  item_id: number | null;
  category_id: number | null;
  remark: string;
}

export interface MaterialDraft {
  key: string;
  id?: number;
  version?: number;
  item_id: number | null;
  quantity: string;
  unit: string;
  loss_rate: string;
  level: string;
  sub_formula_id: number | null;
  remark: string;
  labels: { item_id?: string; sub_formula_id?: string };
}

export interface OperationDraft {
  key: string;
  id?: number;
  version?: number;
  worknode_id: number | null;
  seq: string;
  parameters: string;
  duration: string;
  remark: string;
  labels: { worknode_id?: string };
}

export interface FormulaDraft {
  header: HeaderDraft;
  headerLabels: { item_id?: string; category_id?: string };
  materials: MaterialDraft[];
  operations: OperationDraft[];
  removedMaterials: { id: number; version: number }[];
  removedOperations: { id: number; version: number }[];
}

let nextKey = 0;
const newKey = () => `n${++nextKey}`;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function emptyMaterial(): MaterialDraft {
  return { key: newKey(), item_id: null, quantity: '', unit: '', loss_rate: '', level: '1', sub_formula_id: null, remark: '', labels: {} };
}

export function emptyOperation(seq: number): OperationDraft {
  return { key: newKey(), worknode_id: null, seq: String(seq), parameters: '', duration: '', remark: '', labels: {} };
}

/** The draft of a saved formula (or of a new one when `row` is null). */
export function draftOf(row: FormulaRow | null, materials: readonly FormulaMaterialRow[], operations: readonly FormulaOperationRow[]): FormulaDraft {
  return {
    header: { code: text(row?.code), name: text(row?.name), item_id: row?.item_id ?? null, category_id: row?.category_id ?? null, remark: text(row?.remark) },
    headerLabels: { item_id: row?.item_id_name ?? undefined, category_id: row?.category_id_name ?? undefined },
    materials: materials.map(m => ({
      key: `m${m.id}`, id: m.id, version: m.version, item_id: m.item_id, quantity: text(m.quantity), unit: text(m.unit),
      loss_rate: text(m.loss_rate), level: text(m.level), sub_formula_id: m.sub_formula_id, remark: text(m.remark),
      labels: { item_id: m.item_id_name ?? undefined, sub_formula_id: m.sub_formula_id_name ?? undefined },
    })),
    operations: operations.map(o => ({
      key: `o${o.id}`, id: o.id, version: o.version, worknode_id: o.worknode_id, seq: text(o.seq), parameters: text(o.parameters),
      duration: text(o.duration), remark: text(o.remark), labels: { worknode_id: o.worknode_id_name ?? undefined },
    })),
    removedMaterials: [],
    removedOperations: [],
  };
}

/** What a save sends; the server leaves unchanged rows alone, so every line is sent as it stands. */
export function saveParams(d: FormulaDraft, saved: { id: number; version: number } | null): SaveFormulaParams {
  const blank = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    item: { ...(saved ?? {}), ...d.header, remark: blank(d.header.remark) },
    materials: d.materials.map(m => ({
      ...(m.id === undefined ? {} : { id: m.id, version: m.version }), item_id: m.item_id, quantity: blank(m.quantity), unit: blank(m.unit),
      loss_rate: blank(m.loss_rate), level: blank(m.level), sub_formula_id: m.sub_formula_id, remark: blank(m.remark),
    })),
    operations: d.operations.map(o => ({
      ...(o.id === undefined ? {} : { id: o.id, version: o.version }), worknode_id: o.worknode_id, seq: blank(o.seq),
      parameters: blank(o.parameters), duration: blank(o.duration), remark: blank(o.remark),
    })),
    removed_materials: d.removedMaterials,
    removed_operations: d.removedOperations,
  };
}
