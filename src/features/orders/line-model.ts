import type { DetailRow } from '../../domain/contract/orders';
import type { ListRow } from '../../domain/contract/rows';
import type { items } from '../../domain/resources/items/items';
import { roundTo, sumMoney, sumQuantities } from '../../domain/rules/numbers';
import { convertQuantity, PROPS_KEYS, type PropsKey } from '../../domain/rules/property-columns';
import { moneyText } from '../../resources/form/form-values';

/**
 * One order line as the entry grid edits it, and the rules of editing it (pure, tested without a browser).
 *
 * Rules:
 * - Numbers are kept as the text typed (a half-typed "12." must survive a render); they are read with `numberOf`.
 * - Choosing an item sets the line's units and, when the item has them, its workflow and price (the item's defaults).
 * - quantity2 / quantity3 follow the quantity through the item's rates (`convertQuantity`) while they are empty or
 *   still equal the conversion of the previous quantity; a different value typed by the user stays as typed.
 * - The amount is quantity × price at 4 decimals, as the server stores it (DESIGN §8); sums use the money and
 *   quantity sums of src/domain/rules/numbers.ts.
 * - `issues` are problems found when a row was pasted (an unknown item code …), shown on their cell until that cell
 *   is changed: nothing pasted is dropped silently.
 */
export type ItemRow = ListRow<typeof items>;

/** What a line needs of its item. */
export type ItemInfo = Pick<ItemRow, 'id' | 'code' | 'name' | 'unit' | 'unit2' | 'unit3' | 'rate2' | 'rate3' | 'workflow_id' | 'price'>
  & { workflow_id_name?: string | null };

export const ISSUE_KEYS = ['unknown_item', 'ambiguous_item', 'unknown_workflow', 'ambiguous_workflow', 'bad_date'] as const;
export type IssueKey = (typeof ISSUE_KEYS)[number];
/** A problem of a pasted cell: what was pasted and on which row of the clipboard. */
export interface Issue { key: IssueKey; text: string; row: number }

export interface LineDraft {
  /** Stable key of the line in this editor (React key, error mapping); not sent. */
  key: string;
  id: number | null;
  version: number | null;
  line_no: number | null;
  item_id: number | null;
  /** The item's display text (`code name`, or the row's `item_id_name`). */
  itemLabel: string;
  unit: string;
  quantity: string;
  unit2: string;
  quantity2: string;
  unit3: string;
  quantity3: string;
  workflow_id: number | null;
  workflowLabel: string;
  price: string;
  due_date: string | null;
  /** The property columns kept in `props`, as typed. */
  props: Record<PropsKey, string>;
  /** Keys of `props` the grid does not show; sent back as they came. */
  otherProps: Record<string, unknown>;
  remark: string;
  card_quantity: number;
  finished_quantity: number;
  issues: Partial<Record<string, Issue>>;
}

/** The fields of a line a person edits directly (text cells). */
export type LineTextField = 'unit' | 'unit2' | 'unit3' | 'price' | 'remark';

const emptyProps = (): Record<PropsKey, string> =>
  Object.fromEntries(PROPS_KEYS.map(k => [k, ''])) as Record<PropsKey, string>;

export function blankLine(key: string): LineDraft {
  return {
    key, id: null, version: null, line_no: null, item_id: null, itemLabel: '',
    unit: '', quantity: '', unit2: '', quantity2: '', unit3: '', quantity3: '',
    workflow_id: null, workflowLabel: '', price: '', due_date: null,
    props: emptyProps(), otherProps: {}, remark: '', card_quantity: 0, finished_quantity: 0, issues: {},
  };
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function itemLabelOf(item: Pick<ItemInfo, 'code' | 'name'>): string {
  return item.code ? `${item.code} ${item.name}` : item.name;
}

/** A saved line as the grid edits it. */
export function lineFromRow(row: DetailRow, key: string): LineDraft {
  const props = emptyProps();
  const otherProps: Record<string, unknown> = {};
  const stored = row.props;
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [k, v] of Object.entries(stored as Record<string, unknown>)) {
      if ((PROPS_KEYS as readonly string[]).includes(k)) props[k as PropsKey] = text(v);
      else otherProps[k] = v;
    }
  }
  return {
    key, id: row.id, version: row.version, line_no: row.line_no ?? null,
    item_id: row.item_id, itemLabel: text(row.item_id_name) || `#${row.item_id}`,
    unit: text(row.unit), quantity: text(row.quantity),
    unit2: text(row.unit2), quantity2: text(row.quantity2),
    unit3: text(row.unit3), quantity3: text(row.quantity3),
    workflow_id: row.workflow_id ?? null, workflowLabel: text(row.workflow_id_name),
    price: row.price === null || row.price === undefined ? '' : moneyText(row.price),
    due_date: row.due_date ? row.due_date.slice(0, 10) : null,
    props, otherProps, remark: text(row.remark),
    card_quantity: row.card_quantity ?? 0, finished_quantity: row.finished_quantity ?? 0, issues: {},
  };
}

/** The number a cell's text stands for; undefined when blank or not a plain decimal. */
export function numberOf(s: string): number | undefined {
  const t = s.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const numberText = (n: number | undefined): string => (n === undefined ? '' : String(n));

function withoutIssue(line: LineDraft, field: string): Partial<Record<string, Issue>> {
  if (!(field in line.issues)) return line.issues;
  const { [field]: _gone, ...rest } = line.issues;
  return rest;
}

/**
 * Whether a secondary quantity still follows the quantity: empty, or what the conversion of `before` gives. The
 * comparison is numeric so "2.50" typed by a person counts as the conversion 2.5.
 */
function follows(current: string, before: string, rate: number | null | undefined): boolean {
  if (current.trim() === '') return true;
  const q = numberOf(before);
  const was = q === undefined ? undefined : convertQuantity(q, rate);
  return was !== undefined && numberOf(current) === was;
}

function converted(current: string, before: string, after: string, rate: number | null | undefined): string {
  if (!rate || !follows(current, before, rate)) return current;
  const q = numberOf(after);
  return q === undefined ? (after.trim() === '' ? '' : current) : numberText(convertQuantity(q, rate));
}

/** Types the main quantity; the secondary and third quantities follow it where they still may (see above). */
export function setQuantity(line: LineDraft, value: string, item?: ItemInfo): LineDraft {
  return {
    ...line,
    quantity: value,
    quantity2: converted(line.quantity2, line.quantity, value, item?.rate2),
    quantity3: converted(line.quantity3, line.quantity, value, item?.rate3),
    issues: withoutIssue(line, 'quantity'),
  };
}

/** A plain field typed by the user (units, secondary quantities, price, remark, due date). */
export function setField<K extends LineTextField | 'quantity2' | 'quantity3' | 'due_date'>(line: LineDraft, field: K, value: LineDraft[K]): LineDraft {
  return { ...line, [field]: value, issues: withoutIssue(line, field) };
}

export function setProp(line: LineDraft, key: PropsKey, value: string): LineDraft {
  return { ...line, props: { ...line.props, [key]: value }, issues: withoutIssue(line, key) };
}

export function setWorkflow(line: LineDraft, id: number | null, label: string): LineDraft {
  return { ...line, workflow_id: id, workflowLabel: id === null ? '' : label, issues: withoutIssue(line, 'workflow_id') };
}

/**
 * Chooses the line's item: its units always, its workflow and price when it has them. A secondary quantity that
 * followed the quantity through the previous item's rate (or was empty) is converted again with the new item's rate;
 * one the user typed stays.
 */
export function pickItem(line: LineDraft, item: ItemInfo, previous?: ItemInfo): LineDraft {
  const next: LineDraft = {
    ...line,
    item_id: item.id,
    itemLabel: itemLabelOf(item),
    unit: text(item.unit),
    unit2: text(item.unit2),
    unit3: text(item.unit3),
    issues: withoutIssue(line, 'item_id'),
  };
  if (item.workflow_id !== null && item.workflow_id !== undefined) {
    next.workflow_id = item.workflow_id;
    next.workflowLabel = text(item.workflow_id_name) || `#${item.workflow_id}`;
    next.issues = withoutIssue(next, 'workflow_id');
  }
  if (item.price !== null && item.price !== undefined) next.price = moneyText(item.price);
  const q = numberOf(line.quantity);
  if (q !== undefined) {
    if (follows(line.quantity2, line.quantity, previous?.rate2)) next.quantity2 = numberText(convertQuantity(q, item.rate2));
    if (follows(line.quantity3, line.quantity, previous?.rate3)) next.quantity3 = numberText(convertQuantity(q, item.rate3));
  }
  return next;
}

/** What a line keeps of a picked item row. */
export function itemInfoOf(row: ItemInfo): ItemInfo {
  return {
    id: row.id, code: row.code, name: row.name, unit: row.unit, unit2: row.unit2, unit3: row.unit3,
    rate2: row.rate2, rate3: row.rate3, workflow_id: row.workflow_id, workflow_id_name: row.workflow_id_name ?? null,
    price: row.price,
  };
}

/** Clears the item (and nothing else: units and quantities stay for the next item chosen). */
export function clearItem(line: LineDraft): LineDraft {
  return { ...line, item_id: null, itemLabel: '', issues: withoutIssue(line, 'item_id') };
}

/** quantity × price at the 4 decimals money is stored with; null while either is missing or not a number. */
export function lineAmount(line: Pick<LineDraft, 'quantity' | 'price'>): number | null {
  const q = numberOf(line.quantity);
  const p = numberOf(line.price);
  return q === undefined || p === undefined ? null : roundTo(q * p, 4);
}

export function totalsOf(lines: readonly LineDraft[]): { quantity: number; amount: number } {
  return {
    quantity: sumQuantities(lines.map(l => numberOf(l.quantity) ?? null)),
    amount: sumMoney(lines.map(lineAmount)),
  };
}

/** A line nobody has written anything into (the empty line Alt+N added): not saved, not an error. */
export function isBlankLine(line: LineDraft): boolean {
  return line.id === null && line.item_id === null && Object.keys(line.issues).length === 0
    && [line.quantity, line.quantity2, line.quantity3, line.price, line.remark, ...Object.values(line.props)].every(v => v.trim() === '');
}

/** The fields (grid column ids) whose value differs between two versions of a line. */
export function changedFields(a: LineDraft, b: LineDraft): string[] {
  const out: string[] = [];
  for (const k of ['item_id', 'unit', 'quantity', 'unit2', 'quantity2', 'unit3', 'quantity3', 'workflow_id', 'price', 'due_date', 'remark'] as const) {
    if (a[k] !== b[k]) out.push(k);
  }
  for (const k of PROPS_KEYS) if (a.props[k] !== b.props[k]) out.push(k, 'props');
  return out;
}

/** A copy of a line as a new line (no id, nothing on cards yet). */
export function copyLine(line: LineDraft, key: string): LineDraft {
  return {
    ...line, key, id: null, version: null, line_no: null, card_quantity: 0, finished_quantity: 0,
    props: { ...line.props }, otherProps: { ...line.otherProps }, issues: { ...line.issues },
  };
}
