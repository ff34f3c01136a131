import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalInt, wireInt, wireText } from './wire';

/**
 * The special calls of stock (docs/stock.md). Shared by the server's route and the client.
 */
const ID = wireInt(1, 2_147_483_647);

/** `POST /warehouses/stockdocs/post/`: a draft stock document at its version, posted. */
export const postStockDocParamsSchema = z.looseObject({ id: ID, version: ID });
export type PostStockDocParams = z.infer<typeof postStockDocParamsSchema>;

export interface PostStockDocReply extends Envelope {
  id: number;
  version: number;
  /** The movements the posting wrote. */
  movements: number;
}

/**
 * `GET /warehouses/stockdocs/issue_proposal/`: what goods out to production should issue against one process card
 * (`card_id`) or one order line (`detail_id`) — exactly one of them — by the line's formula (docs/stock.md
 * "Issue to production").
 */
export const issueProposalParamsSchema = z.looseObject({
  card_id: optionalInt(1, 2_147_483_647),
  detail_id: optionalInt(1, 2_147_483_647),
}).refine(p => (p.card_id === undefined) !== (p.detail_id === undefined), { message: 'stock_issue_card_or_line' });
export type IssueProposalParams = z.infer<typeof issueProposalParamsSchema>;

/** One material of the proposal: what the formula needs, what posted goods out have issued already, what is left. */
export interface IssueProposalRow {
  item_id: number;
  code: string | null;
  name: string;
  unit: string | null;
  required: number;
  issued: number;
  /** `required − issued`, never below zero: the line the screen proposes. */
  quantity: number;
}

export interface IssueProposalReply extends Envelope {
  dt: IssueProposalRow[];
  /** The order line the demand comes from, its quantity (the card's for a card) and the formula used (null: none). */
  detail_id: number;
  demand: number;
  formula_id: number | null;
}

/** The longest an alert list is: the rows beyond are counted in `total`, not sent. */
export const MAX_ALERT_ROWS = 2_000;
/** Stock not moved for this many days is idle when config `stock_idle_days` is not set. */
export const DEFAULT_STOCK_IDLE_DAYS = 90;

/**
 * `GET /warehouses/inventory/warn/` and `/warn1/` (docs/stock.md "Alerts"): every warehouse, or the one named; a
 * keyword matches the item's code or name (case-insensitive substring).
 */
export const stockAlertParamsSchema = z.looseObject({
  warehouse_id: optionalInt(1, 2_147_483_647),
  keyword: z.preprocess(v => (typeof v === 'string' && v.trim() === '' ? undefined : v), wireText(100).optional()),
});
export type StockAlertParams = z.infer<typeof stockAlertParamsSchema>;

/** An item in a warehouse as both alert lists show it. */
export interface StockAlertItem {
  /** The stocklimits row (null: the item has none there). */
  limit_id: number | null;
  /** The item-in-warehouse balance (null: the item never moved there). */
  inventory_id: number | null;
  item_id: number;
  item_code: string | null;
  item_name: string;
  spec: string | null;
  unit: string | null;
  warehouse_id: number;
  warehouse_name: string;
  /** On hand in the warehouse (0 when it never moved there). */
  quantity: number;
  min_quantity: number | null;
  max_quantity: number | null;
  /** The last movement (ISO), or null. */
  moved_at: string | null;
}

/** Below its minimum: how much is missing, and the open demand on the item (decision 186). */
export interface StockShortRow extends StockAlertItem {
  /** minimum − on hand. */
  shortfall: number;
  /** Ordered by open order lines of the item itself (finished goods). */
  demand_orders: number;
  /** Needed as material by open order lines, through their formulas (docs/formulas.md). */
  demand_materials: number;
}

export type StockExcessReason = 'over_max' | 'idle';

/** Over its maximum, or not moved for the idle days (or both). */
export interface StockExcessRow extends StockAlertItem {
  reasons: StockExcessReason[];
  /** on hand − maximum when over it, else 0. */
  excess: number;
  /** Whole days since the last movement (null: never moved). */
  idle_days: number | null;
}

export interface StockShortReply extends Envelope { dt: StockShortRow[]; total: number; asOf: string }
export interface StockExcessReply extends Envelope { dt: StockExcessRow[]; total: number; idle_days: number; asOf: string }
