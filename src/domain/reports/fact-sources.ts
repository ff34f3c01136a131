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
 * - `stockopening`: the stock at the START of its day (decision 180): per item, warehouse, position and card, the sum of
 *   the ledger's movements before that day (`quantity`, `value`), keys whose sums are both zero left out. Asked one day
 *   at a time (`maxDays: 1`): a day's record is that day's opening, so the offline copy keeps it per day like any other
 *   source; `/reports/warehouses` takes the opening of its first day and the movements of its range.
 * - `prechecks`: the semi-finished inspections (`predetails`, the local day they were made), split by their defects
 *   (decision 182): one fact per live inspection (`inspections` 1, `passed`, `bad`; reason 0) and one per defect row of
 *   it (`baddetails`: `defects` 1, `defect` its quantity, its reason) — by work node, person (the inspector), item, card
 *   and reason. A reason is free text: its id is the first defect row ever written with that text (stable: rows are
 *   never deleted and new ones take higher ids), named by its text.
 * - `finished`: finished goods (docs/delivery.md "Finished-goods views", decision 209) — one fact per movement of a card's
 *   lot in a finished-goods store (`itemlogs`, warehouse type `finished`, the local day it took effect) and one per live
 *   finished-goods inspection (`inventorydetails`, its local day) — by customer, order, item, card, warehouse and person
 *   (the inspector; for a movement, the person of the account that posted or cancelled it). `stock` is a movement's
 *   quantity (the change of the goods on hand); `checked_in` / `checkins` a check-in's (`checkin`) quantity and 1, and
 *   `delivered` a check-out's (`checkout`) quantity, a reversal counting against what it reverses; `inspections`,
 *   `inspected` (passed) and `bad` an inspection's. The inspections' measures go only to a caller who may view them.
 * - `finishedopening`: the finished goods on hand at the START of a day (like `stockopening`): per customer, order,
 *   item, card and warehouse, the movements of card lots in finished-goods stores before it, summed (`stock`).
 * - `finishedchecks`: the finished-goods inspections split by their defects, as `prechecks` is for the semi-finished:
 *   one fact per live inspection and one per defect row of it — by work node, reason, person (inspector), item, card.
 *
 * Every key is an id (0 for none) except `day`, a day number (days since 1970-01-01 of the local calendar date,
 * src/domain/rules/aggregate.ts `dayNumber`). A key's `ref` names the resource whose display names the server sends
 * beside the ids, when the caller may read it.
 */

export const REPORT_SOURCES = ['steps', 'works', 'inspections', 'taps', 'stockmoves', 'stockopening', 'prechecks', 'finished',
  'finishedopening', 'finishedchecks'] as const;
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
  /** The most days one call may ask for (default MAX_FACT_DAYS of the contract): 1 for a snapshot per day. */
  maxDays?: number;
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
  stockopening: {
    resource: 'itemlogs',
    keys: [day, ref('item', 'items'), ref('warehouse', 'warehouses'), ref('position', 'warepositions'), ref('card', 'cards')],
    measures: { quantity: 'quantity', value: 'money' },
    maxDays: 1,
  },
  prechecks: {
    resource: 'predetails',
    keys: [day, ref('worknode', 'worknodes'), ref('reason', 'baddetails'), ref('person', 'persons'), ref('item', 'items'),
      ref('card', 'cards')],
    measures: { inspections: 'count', passed: 'quantity', bad: 'quantity', defects: 'count', defect: 'quantity' },
  },
  finished: {
    resource: 'itemlogs',
    keys: [day, ref('customer', 'customers'), ref('order', 'orders'), ref('item', 'items'), ref('card', 'cards'),
      ref('warehouse', 'warehouses'), ref('person', 'persons')],
    measures: { inspections: 'count', inspected: 'quantity', bad: 'quantity', checkins: 'count', checked_in: 'quantity',
      delivered: 'quantity', stock: 'quantity' },
  },
  finishedopening: {
    resource: 'itemlogs',
    keys: [day, ref('customer', 'customers'), ref('order', 'orders'), ref('item', 'items'), ref('card', 'cards'),
      ref('warehouse', 'warehouses')],
    measures: { stock: 'quantity' },
    maxDays: 1,
  },
  finishedchecks: {
    resource: 'inventorydetails',
    keys: [day, ref('worknode', 'worknodes'), ref('reason', 'baddetails'), ref('person', 'persons'), ref('item', 'items'),
      ref('card', 'cards')],
    measures: { inspections: 'count', passed: 'quantity', bad: 'quantity', defects: 'count', defect: 'quantity' },
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
