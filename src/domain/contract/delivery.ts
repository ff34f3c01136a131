import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalInt, wireInt, wireJson, wireText } from './wire';

/**
 * The special calls of delivery requests and deliveries (docs/delivery.md). Shared by the server's routes and the
 * client.
 */
const ID = wireInt(1, 2_147_483_647);
/** A delivery request has few lines; an acceptance names at most this many. */
export const MAX_ACCEPT_LINES = 500;
/** The largest quantity a line may carry (numeric(18, 4)). */
const MAX_QUANTITY = 99_999_999_999_999;

/**
 * `POST /deliveryrequests/accept/`: the request at the version the shipping office saw, accepted into a draft
 * delivery from warehouse `warehouse_id` with the quantities named per request line (a line not named, or named with
 * 0, goes nowhere now); what a line leaves behind stays requested in a request split from this one.
 */
export const acceptRequestParamsSchema = z.looseObject({
  id: ID,
  version: ID,
  warehouse_id: ID,
  lines: wireJson(z.array(z.object({
    id: z.number({ message: 'bad_request' }).int().positive(),
    // At most the 4 decimals a quantity keeps; more are refused rather than rounded.
    quantity: z.number({ message: 'bad_request' }).min(0, { message: 'delivery_quantity' }).max(MAX_QUANTITY, { message: 'bad_request' })
      .refine(n => /^\d{1,15}(\.\d{1,4})?$/.test(String(n)), { message: 'bad_request' }),
  }), { message: 'invalid_json' }).min(1, { message: 'delivery_accept_nothing' }).max(MAX_ACCEPT_LINES, { message: 'too_many_lines' })),
});
export type AcceptRequestParams = z.infer<typeof acceptRequestParamsSchema>;

export interface AcceptRequestReply extends Envelope {
  id: number;
  version: number;
  /** The draft delivery made of what was accepted. */
  delivery_id: number;
  /** The request holding what was not accepted (null: everything was). */
  split_id: number | null;
}

/** `POST /deliveryrequests/refuse/`: the request refused, with the shipping office's reply to sales. */
export const refuseRequestParamsSchema = z.looseObject({
  id: ID,
  version: ID,
  reply: z.string({ message: 'delivery_refuse_reply' }).trim().min(1, { message: 'delivery_refuse_reply' })
    .max(200, { message: 'too_long' }),
});
export type RefuseRequestParams = z.infer<typeof refuseRequestParamsSchema>;

export interface RequestReply extends Envelope { id: number; version: number }

/** `POST /deliveries/ship/`: the draft delivery at the version the shipping office saw, shipped. */
export const shipDeliveryParamsSchema = z.looseObject({ id: ID, version: ID });
export type ShipDeliveryParams = z.infer<typeof shipDeliveryParamsSchema>;

export interface ShipDeliveryReply extends Envelope {
  id: number;
  version: number;
  /** The check-out stock document the shipping wrote and posted. */
  stockdoc_id: number;
  /** The ledger rows it wrote. */
  movements: number;
}

/** "lat,lng" in degrees, each within its range. */
const PLACE = /^(-?\d{1,3}(?:\.\d{1,8})?),\s*(-?\d{1,3}(?:\.\d{1,8})?)$/;
export function isPlace(s: string): boolean {
  const m = PLACE.exec(s.trim());
  return !!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180;
}
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A customer's signature for a shipped delivery (docs/delivery.md "Signing"): who signed, the signature image and a
 * photo as the file URLs `/files/upload/` answered (stored files; a data URL is not taken), where ("lat,lng", optional:
 * the phone may have no position) and when (the phone's clock, with its offset; absent: now). The same arguments
 * online (`POST /deliveries/sign/`) and as the driver's offline fact.
 */
export const signDeliveryArgsSchema = z.looseObject({
  delivery_id: ID,
  signer: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(60, { message: 'too_long' }),
  signature: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(500, { message: 'too_long' }),
  photo: z.preprocess(blank, z.string({ message: 'bad_request' }).trim().max(500, { message: 'too_long' }).optional()),
  place: z.preprocess(blank, z.string({ message: 'delivery_sign_place' }).max(60, { message: 'delivery_sign_place' })
    .refine(isPlace, { message: 'delivery_sign_place' }).optional()),
  at: z.preprocess(blank, z.iso.datetime({ offset: true, message: 'offset_required' }).optional()),
});
export type SignDeliveryArgs = z.infer<typeof signDeliveryArgsSchema>;

export interface SignDeliveryReply extends Envelope { id: number; version: number }

/**
 * `GET /deliveries/open_lines/`: the order lines of one customer that can still be delivered (orders confirmed, in
 * production or finished; lines live) with what is left of each, for a request or a delivery note to take lines from.
 */
export const openLinesParamsSchema = z.looseObject({
  customer_id: ID,
  order_id: optionalInt(1, 2_147_483_647),
  keyword: z.preprocess(blank, wireText(100).optional()),
});
export type OpenLinesParams = z.infer<typeof openLinesParamsSchema>;

/** An order line open for delivery, and how much of it is where (docs/delivery.md "What is left to deliver"). */
export interface OpenLine {
  detail_id: number;
  code: string | null;
  order_id: number;
  order_show_id: string | null;
  order_status: string;
  due_date: string | null;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  spec: string | null;
  unit: string | null;
  quantity: number;
  price: number | null;
  finished: number;
  delivered: number;
  /** Held by requests still requested and by draft delivery notes. */
  held: number;
  /** quantity − delivered − held, never below 0. */
  left: number;
  /** On hand in stock as lots of the line's cards (every warehouse). */
  in_stock: number;
}

export interface OpenLinesReply extends Envelope { dt: OpenLine[] }
