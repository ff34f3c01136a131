import { PROPS_KEYS, type PropsKey } from '../../domain/rules/property-columns';

/**
 * The columns of the order lines grid, in their order. Editable columns are also the order of Tab / Enter and of
 * the columns of rows pasted from a spreadsheet: item (code or name), quantity, price, then the units and secondary
 * quantities, workflow, due date, the property columns of spec §9 and the remark. Among the property columns the
 * line's own ones keep the spec's order (main quantity, main unit, secondary quantity, secondary unit).
 */
export type CellKind = 'item' | 'workflow' | 'number' | 'money' | 'text' | 'date' | 'prop' | 'readonly';

export type ColumnId =
  | 'item_id' | 'quantity' | 'price' | 'amount' | 'unit' | 'quantity2' | 'unit2' | 'quantity3' | 'unit3'
  | 'workflow_id' | 'due_date' | PropsKey | 'remark' | 'card_quantity' | 'finished_quantity';

export interface LineColumn {
  id: ColumnId;
  kind: CellKind;
  /** Width of the cell in px. */
  width: number;
  /** A property column kept in `props` (its label is in src/i18n/orders.ts, not the declaration). */
  prop?: true;
}

const col = (id: ColumnId, kind: CellKind, width: number): LineColumn => ({ id, kind, width });

export const LINE_COLUMNS: readonly LineColumn[] = [
  col('item_id', 'item', 220),
  col('quantity', 'number', 90),
  col('price', 'money', 90),
  col('amount', 'readonly', 100),
  col('unit', 'text', 64),
  col('quantity2', 'number', 90),
  col('unit2', 'text', 64),
  col('quantity3', 'number', 90),
  col('unit3', 'text', 64),
  col('workflow_id', 'workflow', 160),
  col('due_date', 'date', 130),
  ...PROPS_KEYS.map((k): LineColumn => ({ id: k, kind: 'prop', width: 90, prop: true })),
  col('remark', 'text', 160),
  col('card_quantity', 'readonly', 80),
  col('finished_quantity', 'readonly', 80),
];

/** The columns a person types into, in order: Tab / Enter move through them; pasted columns map onto them. */
export const EDITABLE_COLUMNS: readonly LineColumn[] = LINE_COLUMNS.filter(c => c.kind !== 'readonly');
