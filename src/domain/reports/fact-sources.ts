import type { MeasureKind } from '../rules/aggregate';

/**
 * The facts reports are computed from (issue 14, docs/reports.md): what each source holds per fact, declared once for
 * the server (which reads them by date range, `GET /reports/facts/<source>/`), the offline copy (which keeps them per
 * day) and the aggregation worker (which groups them). A fact is one row of its source:
 *
 * - `steps`: a finished card step (its local finishing day) — the work nodes' output, by customer, salesperson,
 *   machine, item, operator, card and order; `value` is its good quantity at its order line's price (money).
 * - `works`: a live piece-work record (its work date) — by person, work node, item, machine, card and department;
 *   `amount` is its pay, sent only to callers who may see pay.
 * - `inspections`: a finished-goods inspection (`inventorydetails`, its local inspection day) — by item, work node,
 *   inspector and card.
 * - `taps`: a card swipe the server holds (`facts` named `tap`, applied or not; the local day of the device's time) —
 *   by operator, work node, terminal and card; `rejected` is 1 for a swipe the server refused (a dead letter).
 * - `stockmoves`: a movement of the stock ledger (`itemlogs`, the local day it took effect) — by item, warehouse,
 *   position, card (the lot of semi-finished and finished goods) and document; `received` / `issued` are its quantity
 *   when it adds / takes (a reversal counts by its own sign), `value_received` / `value_issued` their value.
 *
 * Every key is an id (0 for none) except `day`, a day number (days since 1970-01-01 of the local calendar date,
 * src/domain/rules/aggregate.ts `dayNumber`). A key's `ref` names the resource whose display names the server sends
 * beside the ids, when the caller may read it.
 */

export const REPORT_SOURCES = ['steps', 'works', 'inspections', 'taps', 'stockmoves'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export interface FactKeyDef {
  name: string;
  /** The resource the ids are of (names are sent for it); none for the day. */
  ref?: string;
}

export interface FactSourceDef {
  /** The resource a caller must be allowed to read to receive these facts (and whose row scope limits them). */
  resource: string;
  keys: readonly FactKeyDef[];
  measures: Readonly<Record<string, MeasureKind>>;
}

const day: FactKeyDef = { name: 'day' };
const ref = (name: string, to: string): FactKeyDef => ({ name, ref: to });

export const FACT_SOURCES: Readonly<Record<ReportSource, FactSourceDef>> = {
  steps: {
    resource: 'cardnodes',
    keys: [day, ref('worknode', 'worknodes'), ref('customer', 'customers'), ref('saler', 'persons'), ref('device', 'devices'),
      ref('item', 'items'), ref('person', 'persons'), ref('card', 'cards'), ref('order', 'orders')],
    measures: { good: 'quantity', bad: 'quantity', value: 'money' },
  },
  works: {
    resource: 'works',
    keys: [day, ref('person', 'persons'), ref('worknode', 'worknodes'), ref('item', 'items'), ref('device', 'devices'),
      ref('card', 'cards'), ref('department', 'departments')],
    measures: { quantity: 'quantity', bad: 'quantity', weight: 'quantity', metres: 'quantity', amount: 'money' },
  },
  taps: {
    resource: 'facts',
    keys: [day, ref('person', 'persons'), ref('worknode', 'worknodes'), ref('computer', 'computers'), ref('card', 'cards')],
    measures: { good: 'quantity', bad: 'quantity', rejected: 'count' },
  },
  stockmoves: {
    resource: 'itemlogs',
    keys: [day, ref('item', 'items'), ref('warehouse', 'warehouses'), ref('position', 'warepositions'), ref('card', 'cards'),
      ref('doc', 'stockdocs')],
    measures: { received: 'quantity', issued: 'quantity', value_received: 'money', value_issued: 'money' },
  },
  inspections: {
    resource: 'inventorydetails',
    keys: [day, ref('item', 'items'), ref('worknode', 'worknodes'), ref('person', 'persons'), ref('card', 'cards')],
    measures: { quantity: 'quantity', bad: 'quantity', weight: 'quantity' },
  },
};

export function isReportSource(s: string): s is ReportSource {
  return (REPORT_SOURCES as readonly string[]).includes(s);
}
