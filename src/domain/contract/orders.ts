import { z } from 'zod';
import './zod-config';
import { ORDER_STATUSES, type OrderStatus } from '../rules/order-status';
import type { ListRow } from './rows';
import type { Envelope } from './replies';
import { wireInt, wireJson, wireText } from './wire';
import type { details } from '../resources/orders/details';
import type { orders } from '../resources/orders/orders';

/**
 * The special calls of orders (docs/production.md): the order with its lines in one save, status transitions and the
 * spec's `fast` counts. Shared by the server (route schemas) and the orders client (src/data/orders-client.ts).
 */
const ID = wireInt(1, 2_147_483_647);

/** Lines one save may carry: an order of a carton plant has tens; a pasted sheet a few hundred. */
export const MAX_LINES = 500;

const record = z.record(z.string(), z.unknown(), { message: 'invalid_json' });

/**
 * `POST /orders/orders/save_with_lines/`: `item` = the order's fields (with `id` and `version` to update); `lines` =
 * the lines to create (no `id`) or update (`id` and `version`), fields of `details` except `order_id`; `removed` =
 * lines to cancel. One transaction: all or nothing. Field errors of a line come keyed `lines.<index>.<field>`.
 */
export const saveWithLinesParamsSchema = z.looseObject({
  item: wireJson(record),
  lines: wireJson(z.array(record, { message: 'invalid_json' }).max(MAX_LINES, { message: 'too_many_lines' })).optional(),
  removed: wireJson(z.array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }),
    { message: 'invalid_json' }).max(MAX_LINES)).optional(),
});
export type SaveWithLinesParams = z.infer<typeof saveWithLinesParamsSchema>;

export type OrderRow = ListRow<typeof orders>;
export type DetailRow = ListRow<typeof details>;

export interface SaveWithLinesReply extends Envelope {
  id: number;
  version: number;
  dt: OrderRow;
  /** The order's live lines after the save, by line number. */
  lines: DetailRow[];
}

/** `POST /orders/orders/transition/`: move an order to `to` (src/domain/rules/order-status.ts). */
export const transitionParamsSchema = z.looseObject({
  id: ID,
  version: ID,
  to: z.enum(ORDER_STATUSES, { message: 'bad_status' }),
});

export interface TransitionReply extends Envelope {
  id: number;
  version: number;
  dt: OrderRow;
}

/** `GET /orders/orders/fast/?action=order_details_count` (spec §7). */
export const fastParamsSchema = z.looseObject({
  action: z.enum(['order_details_count'], { message: 'bad_request' }),
});

export interface OrderDetailsCountReply extends Envelope {
  /** Live lines of live orders per order status. */
  dt: { status: OrderStatus; lines: number; quantity: number }[];
  /** Lines of orders not yet finished (open work). */
  total: number;
  /** Lines of draft and confirmed orders (not yet in production). */
  pretotal: number;
}

/** `shipped` of `GET /orders/orders/list/` (spec §7): 1 = only shipped orders, 0 = all but shipped. */
export const shippedParam = z.enum(['0', '1'], { message: 'bad_request' });

/** Text the search of an order number accepts (`show_id`, a prefix). */
export const showIdText = wireText(40);
