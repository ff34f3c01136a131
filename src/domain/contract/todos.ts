import type { Envelope } from './replies';

/**
 * `GET /todos/` (docs/reports.md "To-do list"): what waits on the caller, each kind only for a caller who may act on
 * it, counted, with the first few and where to go to do it. Shared by the server and src/data/todos-client.ts.
 */
export const TODO_KINDS = ['deadletters', 'orders_to_confirm', 'cards_queued', 'maintenance_due', 'stock_short',
  'forms_flagged'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** How many of a kind the reply lists (the count covers all). */
export const TODO_SAMPLE = 8;
/** Maintenance is due when planned within this many days (or overdue). */
export const MAINTENANCE_DUE_DAYS = 7;

export interface TodoEntry {
  id: number;
  /** What it is: an order's number, a card's, a machine's name … */
  label: string;
  /** A second line: the reason of a dead letter, a customer, a work node, a planned date. */
  detail: string | null;
  /** Where to open it (a route of the app). */
  path: string;
}

export interface TodoGroup {
  kind: TodoKind;
  count: number;
  /** Where to handle them all. */
  path: string;
  entries: TodoEntry[];
}

export interface TodosReply extends Envelope {
  groups: TodoGroup[];
  /** When the server counted (ISO). */
  asOf: string;
}
