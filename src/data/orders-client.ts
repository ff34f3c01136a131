import type { GenerateParams, GenerateReply } from '../domain/contract/cards';
import {
  generateCards as generateCardsEndpoint, orderDetailsCount as orderDetailsCountEndpoint, saveOrderWithLines,
  transitionOrder,
} from '../domain/contract/endpoints/orders';
import type {
  OrderDetailsCountReply, SaveWithLinesParams, SaveWithLinesReply, TransitionReply,
} from '../domain/contract/orders';
import type { OrderStatus } from '../domain/rules/order-status';
import { callEndpoint } from './endpoint-call';

/**
 * The special calls of orders (docs/production.md, declared in src/domain/contract/endpoints/orders.ts) and the card
 * generation an order line starts. The generic calls of orders and lines (detail, list, history, cancel) are their resource
 * clients'. Screens never build these URLs.
 *
 * Rules:
 * - A create through `saveWithLines` and every card generation carry an `Idempotency-Key` (decision 53): the caller
 *   keeps one key per intended write, so a second click or a retry after a lost reply is answered once.
 * - Replies are checked for the fields the screens rely on (the declarations' `looksRight`); anything else means the
 *   address is not our server.
 */
export interface WriteOptions {
  signal?: AbortSignal;
  /** The request id of a create (one per order being created, per generation asked). */
  idempotencyKey?: string;
}

/**
 * The order and its lines in one transaction. An update names the order's `id` and `version` in `item`; the key is
 * sent only for a create (an update is repeatable by its version).
 */
export function saveWithLines(params: SaveWithLinesParams, o: WriteOptions = {}): Promise<SaveWithLinesReply> {
  const creating = params.item.id === undefined || params.item.id === null;
  return callEndpoint(saveOrderWithLines, params, { signal: o.signal, idempotencyKey: creating ? o.idempotencyKey : undefined });
}

/** Moves the order at `version` to `to`. */
export function transition(params: { id: number; version: number; to: OrderStatus }, o: { signal?: AbortSignal } = {}): Promise<TransitionReply> {
  return callEndpoint(transitionOrder, params, { signal: o.signal });
}

/** Live lines per order status, open and pre-production work. */
export function orderDetailsCount(o: { signal?: AbortSignal } = {}): Promise<OrderDetailsCountReply> {
  return callEndpoint(orderDetailsCountEndpoint, { action: 'order_details_count' }, { signal: o.signal });
}

/** Cards from one order line, by count or by card size (the last card takes the remainder). */
export function generateCards(params: GenerateParams, o: WriteOptions = {}): Promise<GenerateReply> {
  return callEndpoint(generateCardsEndpoint, params, { signal: o.signal, idempotencyKey: o.idempotencyKey });
}
