import { z } from 'zod';
import './zod-config';
import type { CardNodeStatus } from '../rules/card-status';
import type { cards } from '../resources/orders/cards';
import type { Envelope } from './replies';
import type { ListRow } from './rows';
import { optionalDecimal, optionalInt, wireDecimal, wireInt } from './wire';

/**
 * The special calls of process cards (docs/production.md): generation from an order line, split, and the cards per
 * work node. Shared by the server (route schemas) and the cards client (src/data/cards-client.ts).
 */
const ID = wireInt(1, 2_147_483_647);
const QUANTITY_MAX = 999_999_999_999;

/** Cards one generation may make. */
export const MAX_CARDS_PER_GENERATION = 10_000;

/**
 * `POST /orders/cards/generate/`: `detail_id` and either `count` (N cards, the last takes the remainder) or `size`
 * (cards of this quantity, the last takes the remainder); `quantity` defaults to what the line has not yet put on
 * cards. Exactly one of `count` and `size`.
 */
export const generateParamsSchema = z.looseObject({
  detail_id: ID,
  count: optionalInt(1, MAX_CARDS_PER_GENERATION, 'too_many_cards'),
  size: optionalDecimal(0.0001, QUANTITY_MAX),
  quantity: optionalDecimal(0.0001, QUANTITY_MAX),
}).refine(p => (p.count === undefined) !== (p.size === undefined), { message: 'count_or_size' });
export type GenerateParams = z.infer<typeof generateParamsSchema>;

export interface GeneratedCard { id: number; show_id: string; seq: number; quantity: number }

export interface GenerateReply extends Envelope {
  total: number;
  dt: GeneratedCard[];
}

/**
 * The quantities of `n` cards over `quantity`: by count (equal parts at 4 decimals, the last takes the remainder)
 * or by size (full cards of `size`, the last takes the remainder). Their sum is exactly `quantity` (at 4 decimals).
 * Pure, so the screen can preview what the server will make.
 */
export function splitQuantities(quantity: number, by: { count: number } | { size: number }): number[] {
  const total = Math.round(quantity * 10_000);
  if (total <= 0) return [];
  const parts: number[] = [];
  if ('count' in by) {
    const n = Math.max(1, Math.min(by.count, total));
    const each = Math.floor(total / n);
    for (let i = 0; i < n - 1; i++) parts.push(each);
    parts.push(total - each * (n - 1));
  } else {
    const size = Math.round(by.size * 10_000);
    if (size <= 0) return [];
    let left = total;
    while (left > size) { parts.push(size); left -= size; }
    parts.push(left);
  }
  return parts.map(p => p / 10_000);
}

/** `POST /orders/cards/split/`: a new card of `quantity` split from card `id` (at `version`); the card keeps the rest. */
export const splitParamsSchema = z.looseObject({
  id: ID,
  version: ID,
  quantity: wireDecimal(0.0001, QUANTITY_MAX),
});

export type CardRow = ListRow<typeof cards>;

export interface SplitReply extends Envelope {
  /** The card split from, after the split. */
  dt: CardRow;
  /** The new card. */
  split: CardRow;
}

/** `GET /orders/cardnodes/per_node/`: optional narrowing to one order, customer, salesperson or item. */
export const perNodeParamsSchema = z.looseObject({
  order_id: optionalInt(1, 2_147_483_647),
  customer_id: optionalInt(1, 2_147_483_647),
  saler_id: optionalInt(1, 2_147_483_647),
  item_id: optionalInt(1, 2_147_483_647),
});

export interface PerNodeRow {
  worknode_id: number;
  worknode_name: string;
  sort: number;
  waiting: number;
  running: number;
  done: number;
  waiting_quantity: number;
  running_quantity: number;
  done_quantity: number;
}

export interface PerNodeReply extends Envelope {
  dt: PerNodeRow[];
}

export type { CardNodeStatus };
