import { cardnodes } from '../../resources/orders/cardnodes';
import { cards } from '../../resources/orders/cards';
import { details } from '../../resources/orders/details';
import { orders } from '../../resources/orders/orders';
import {
  generateParamsSchema, perNodeParamsSchema, splitParamsSchema, type GenerateReply, type PerNodeReply, type SplitReply,
} from '../cards';
import { endpoint, hasArray, isRecord } from '../endpoint';
import { orderQueryParamsSchema, type OrderQueryReply } from '../order-query';
import {
  fastParamsSchema, saveWithLinesParamsSchema, transitionParamsSchema, type OrderDetailsCountReply,
  type SaveWithLinesReply, type TransitionReply,
} from '../orders';

/** The special calls of orders and process cards (docs/production.md; schemas in ../orders.ts and ../cards.ts). */

/** The order and its lines in one transaction; a create is answered once per key. */
export const saveOrderWithLines = endpoint<SaveWithLinesReply>()({
  method: 'POST', path: '/orders/orders/save_with_lines/', params: saveWithLinesParamsSchema,
  access: { resource: orders, op: 'write' }, idempotent: 'create',
  looksRight: r => isRecord(r) && typeof r.id === 'number' && isRecord(r.dt) && Array.isArray(r.lines),
});

/** Moves an order to another status; the move's own action is checked by the handler once it knows the move. */
export const transitionOrder = endpoint<TransitionReply>()({
  method: 'POST', path: '/orders/orders/transition/', params: transitionParamsSchema,
  access: { resource: orders, op: 'read' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && isRecord(r.dt),
});

/** Spec §7 `fast?action=order_details_count`: live lines per order status. */
export const orderDetailsCount = endpoint<OrderDetailsCountReply>()({
  method: 'GET', path: '/orders/orders/fast/', params: fastParamsSchema,
  access: { resource: details, op: 'read' }, offline: 'read', looksRight: hasArray('dt'),
});

/** Cards from an order line, by count or size; a repeat with the same key makes no second set. */
export const generateCards = endpoint<GenerateReply>()({
  method: 'POST', path: '/orders/cards/generate/', params: generateParamsSchema,
  access: { resource: cards, op: 'write' }, idempotent: 'create', looksRight: hasArray('dt'),
});

/** A new card split from another at its version. */
export const splitCard = endpoint<SplitReply>()({
  method: 'POST', path: '/orders/cards/split/', params: splitParamsSchema,
  access: { resource: cards, op: 'write' },
  looksRight: r => isRecord(r) && isRecord(r.dt) && isRecord(r.split),
});

/** The live cards' steps per work node and status, in the caller's row scope of orders. */
export const cardsPerNode = endpoint<PerNodeReply>()({
  method: 'GET', path: '/orders/cardnodes/per_node/', params: perNodeParamsSchema,
  access: { resource: cardnodes, op: 'read' }, offline: 'read', looksRight: hasArray('dt'),
});

/**
 * The public order query (spec §7): an order's progress by its number and check code, for customers without a login;
 * attempts are limited per address. Not found answers 404.
 */
export const queryOrder = endpoint<OrderQueryReply>()({
  method: 'GET', path: '/orders/query/', params: orderQueryParamsSchema, access: 'public',
  looksRight: r => isRecord(r) && isRecord(r.dt) && Array.isArray(r.dt.lines),
});
