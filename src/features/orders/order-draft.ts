import type { DetailRow, OrderRow } from '../../domain/contract/orders';
import { orders } from '../../domain/resources/orders/orders';
import { refLabelsOf, toFormValues, type FormValues, type RefLabels, type Row } from '../../resources/form/form-values';
import { blankLine, lineFromRow, type LineDraft } from './line-model';
import { lineSignature } from './save-plan';

/**
 * The state of one order being entered: its header (as the generic form's values, so the generic controls edit it),
 * its lines, the lines taken out, and what was loaded (to tell what changed).
 *
 * Rules: a new order starts dated today with one empty line to type into; a saved one starts from its row and its
 * live lines in line-number order.
 */
export interface OrderDraft {
  header: FormValues;
  headerStart: FormValues;
  refLabels: RefLabels;
  lines: LineDraft[];
  /** Signature of every saved line as loaded (save-plan.ts), by line key. */
  baseline: Record<string, string>;
  removed: { id: number; version: number }[];
}

let lastKey = 0;
/** A key for a line of this editor; unique within the page's life. */
export function newLineKey(): string {
  lastKey += 1;
  return `l${lastKey}`;
}

export function draftFrom(order: OrderRow | undefined, lineRows: readonly DetailRow[], today: string): OrderDraft {
  if (!order) {
    const header = { ...toFormValues(orders, undefined, 'create'), order_date: today };
    return { header, headerStart: header, refLabels: refLabelsOf(orders, undefined), lines: [blankLine(newLineKey())], baseline: {}, removed: [] };
  }
  const row = order as unknown as Row;
  const header = toFormValues(orders, row, 'edit');
  const lines = [...lineRows]
    .filter(r => r.canceled !== true)
    .sort((a, b) => (a.line_no ?? Number.MAX_SAFE_INTEGER) - (b.line_no ?? Number.MAX_SAFE_INTEGER) || a.id - b.id)
    .map(r => lineFromRow(r, newLineKey()));
  const baseline = Object.fromEntries(lines.map(l => [l.key, lineSignature(l)]));
  return { header, headerStart: header, refLabels: refLabelsOf(orders, row), lines, baseline, removed: [] };
}
