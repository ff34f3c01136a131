import { z } from 'zod';
import './zod-config';
import type { StockDocKind } from '../rules/stock';
import type { Envelope } from './replies';
import { optionalDay, optionalInt, wireFlag, wireInt, wireJson, wireText } from './wire';

/**
 * The special calls of finished goods in and packing (docs/delivery.md "Check-in" and "Packing"). Shared by the
 * server's routes and the client (src/data/packing-client.ts).
 */
const MAX_ID = 2_147_483_647;
const ID = wireInt(1, MAX_ID);
const id = z.number({ message: 'bad_request' }).int({ message: 'bad_request' }).min(1, { message: 'bad_request' })
  .max(MAX_ID, { message: 'bad_request' });

/** Lines one check-in or one packing may carry: a truck's worth of cards, a pallet's lots. */
export const MAX_SCAN_LINES = 200;

/** A quantity in a JSON line: above zero, at most four decimals (what `stocklines.quantity` keeps). */
const quantity = z.number({ message: 'bad_request' }).gt(0, { message: 'stock_line_quantity' }).max(1e11, { message: 'bad_request' })
  .refine(n => Math.abs(n * 1e4 - Math.round(n * 1e4)) < 1e-6, { message: 'bad_request' });

/** `GET /warehouses/checkin2/card/?code=`: a card by its number (what its label's QR code holds). */
export const checkinCardParamsSchema = z.looseObject({
  code: wireText(60).transform(s => s.trim()).refine(s => s !== '', { message: 'bad_request' }),
});
export type CheckinCardParams = z.infer<typeof checkinCardParamsSchema>;

/** A card as the check-in screen shows it: its order, customer and item, and what is left of its good quantity. */
export interface CheckinCard {
  card_id: number;
  show_id: string;
  order_show_id: string | null;
  customer: string | null;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  item_spec: string | null;
  unit: string | null;
  /** The card's status (waiting, running, done): a card still in production may have good units to check in. */
  status: string | null;
  /** Its good quantity (`cards.finished_quantity`). */
  good: number;
  /** What posted, uncancelled check-ins took of it. */
  checked_in: number;
  /** `good − checked_in`, never below zero: what may still be checked in. */
  left: number;
}

export interface CheckinCardReply extends Envelope { dt: CheckinCard }

/**
 * `POST /warehouses/checkin2/save/`: a check-in document of these cards into a finished goods warehouse (at one
 * location, or each line's), written and posted in one transaction; a create (a repeat with the same
 * `Idempotency-Key` answers the first reply and writes nothing).
 */
export const checkinSaveParamsSchema = z.looseObject({
  warehouse_id: ID,
  position_id: optionalInt(1, MAX_ID),
  date: optionalDay,
  remark: wireText(200).optional(),
  lines: wireJson(z.array(z.object({ card_id: id, quantity, position_id: id.nullable().optional() }, { message: 'invalid_json' }),
    { message: 'invalid_json' }).min(1, { message: 'checkin_lines_empty' }).max(MAX_SCAN_LINES, { message: 'too_many_lines' })),
});
export type CheckinSaveParams = z.infer<typeof checkinSaveParamsSchema>;

export interface StockDocPostedReply extends Envelope {
  /** The document written and posted. */
  id: number;
  show_id: string;
  version: number;
  /** Its movements in the ledger. */
  movements: number;
}

/**
 * `POST /warehouses/packings/pack/`: a packing document of one warehouse, written and posted in one transaction:
 * each line names a place of stock (`stocklots` id) and how much of it (absent: all of it); a place that is loose or
 * in another package goes into `package_id`, a place already in `package_id` comes out of it, loose (an unpacking).
 * A create, like the check-in's.
 */
export const packParamsSchema = z.looseObject({
  package_id: ID,
  warehouse_id: ID,
  remark: wireText(200).optional(),
  lines: wireJson(z.array(z.object({ place_id: id, quantity: quantity.optional() }, { message: 'invalid_json' }),
    { message: 'invalid_json' }).min(1, { message: 'pack_lines_empty' }).max(MAX_SCAN_LINES, { message: 'too_many_lines' })),
});
export type PackParams = z.infer<typeof packParamsSchema>;

export interface PackReply extends StockDocPostedReply {
  /** The package after the posting: its version (for the next close or weight), quantity and lots. */
  package: { id: number; version: number; quantity: number; lots: number; status: string };
}

/**
 * `POST /warehouses/packages/close/`: seals an open package at its version (refused when empty); with `open: true`
 * opens a sealed one again (refused once shipped).
 */
export const closePackageParamsSchema = z.looseObject({ id: ID, version: ID, open: wireFlag.optional() });
export type ClosePackageParams = z.infer<typeof closePackageParamsSchema>;

export interface ClosePackageReply extends Envelope { id: number; version: number; status: string }

/** The notes of `/warehouses/pages/`: receipt notes (入库单) or issue notes (出库单) of posted stock documents. */
export const STOCK_NOTE_TYPES = ['in', 'out'] as const;
export type StockNoteType = (typeof STOCK_NOTE_TYPES)[number];
/** The kinds of stock document each note prints. */
export const STOCK_NOTE_KINDS: Readonly<Record<StockNoteType, readonly StockDocKind[]>> = {
  in: ['in', 'in_temp', 'checkin'],
  out: ['out', 'checkout'],
};
