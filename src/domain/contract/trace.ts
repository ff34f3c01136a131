import { z } from 'zod';
import './zod-config';
import { TRACE_KINDS, type TraceKind } from '../rules/trace';
import type { Envelope } from './replies';
import { optionalInt, wireText } from './wire';

/**
 * The calls of traceability and the finished-goods views (docs/delivery.md "Finished-goods views", "Traceability").
 * Shared by the server's routes and the client.
 */
const ID = 2_147_483_647;
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blank, wireText(max).trim().optional());

/**
 * `GET /trace/`: a trace from one start (src/domain/rules/trace.ts): `kind` and the row's `id` (or its `code`: the
 * number on it), or for a lot its `lot` text and optionally its `item_id`. Anything else is 400 `trace_start`.
 */
export const traceParamsSchema = z.looseObject({
  kind: z.enum(TRACE_KINDS, { message: 'trace_start' }),
  id: optionalInt(1, ID),
  code: optionalText(60),
  lot: optionalText(60),
  item_id: optionalInt(1, ID),
}).refine(p => (p.kind === 'lot' ? p.lot !== undefined && p.id === undefined && p.code === undefined
  : (p.id === undefined) !== (p.code === undefined) && p.lot === undefined), { message: 'trace_start' });
export type TraceParams = z.infer<typeof traceParamsSchema>;

/** The cards a trace shows at most; beyond, `cut` says so (the first by id are kept). */
export const MAX_TRACE_CARDS = 500;

/**
 * The parts of a trace, named by the resource each is read from: a part the caller may not view (its resource's own
 * `view`) is left out and named in `hidden`; customers are named where the caller may read them (DESIGN §5: names by
 * reference). `itemlogs` covers the ledger's parts: materials issued, and the check-out movements of a shipment.
 */
export const TRACE_PARTS = ['cards', 'cardnodes', 'works', 'inventorydetails', 'predetails', 'baddetails', 'itemlogs', 'packages',
  'deliveries', 'deliverylines', 'customers'] as const;
export type TracePart = (typeof TRACE_PARTS)[number];

export interface TraceCard {
  id: number;
  show_id: string;
  order_id: number | null;
  order_show_id: string | null;
  detail_id: number | null;
  item_id: number | null;
  item_code: string | null;
  item_name: string | null;
  quantity: number;
  /** The card's good quantity. */
  finished_quantity: number;
  bad_quantity: number;
  status: string | null;
  canceled: boolean;
  customer_id: number | null;
  customer_name: string | null;
}

/** A step of a card's route (cardnodes): who, which machine, when, how many. */
export interface TraceStep {
  id: number;
  card_id: number;
  seq: number | null;
  worknode_id: number | null;
  worknode_name: string | null;
  status: string | null;
  person_name: string | null;
  device_name: string | null;
  started_at: string | null;
  finished_at: string | null;
  good_quantity: number | null;
  bad_quantity: number | null;
}

/** A piece-work record of a card: who worked on it (pay is never part of a trace). */
export interface TraceWork {
  id: number;
  card_id: number;
  work_date: string | null;
  worknode_name: string | null;
  person_name: string | null;
  device_name: string | null;
  quantity: number | null;
  bad_quantity: number | null;
}

/** An inspection of a card: finished goods (`inventorydetails`) or semi-finished (`predetails`). */
export interface TraceInspection {
  id: number;
  card_id: number;
  stage: 'finished' | 'semi';
  inspected_at: string | null;
  worknode_name: string | null;
  person_name: string | null;
  quantity: number | null;
  bad_quantity: number | null;
  grade: string | null;
}

/** A defect found on a card (`baddetails`), by reason. */
export interface TraceDefect {
  id: number;
  card_id: number;
  source: string | null;
  reason: string;
  quantity: number | null;
  person_name: string | null;
  found_at: string | null;
}

/**
 * A material issued: a ledger row of a posted goods out naming the card (`card_id`), or the card's order line
 * (`card_id` null, `detail_id` its line: issued to every card of it).
 */
export interface TraceMaterial {
  id: number;
  card_id: number | null;
  detail_id: number | null;
  doc_id: number;
  doc_show_id: string | null;
  at: string;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  lot: string;
  warehouse_name: string | null;
  quantity: number;
  unit: string | null;
}

/**
 * A check-out of a card's goods (a ledger row of a posted `checkout`): to which delivery and its line, in which package,
 * how much. Its document's number and warehouse only for a caller who may view the ledger; its delivery only for one
 * who may view that delivery.
 */
export interface TraceShipment {
  id: number;
  card_id: number;
  package_id: number | null;
  delivery_id: number | null;
  deliveryline_id: number | null;
  doc_id: number | null;
  doc_show_id: string | null;
  warehouse_name: string | null;
  at: string;
  item_id: number;
  lot: string;
  quantity: number;
}

export interface TracePackage {
  id: number;
  show_id: string | null;
  kind: string | null;
  stage: string | null;
  status: string | null;
  /** The cards ever packed in it (its packing's ledger rows). */
  card_ids: number[];
}

export interface TraceDelivery {
  id: number;
  show_id: string | null;
  customer_id: number | null;
  customer_name: string | null;
  date: string | null;
  status: string | null;
  canceled: boolean;
  shipped_at: string | null;
  signed_at: string | null;
  signer: string | null;
}

export interface TraceDeliveryLine {
  id: number;
  delivery_id: number;
  code: string | null;
  detail_id: number | null;
  item_id: number | null;
  package_id: number | null;
  card_id: number | null;
  lot: string | null;
  quantity: number;
  canceled: boolean;
}

export interface TraceReply extends Envelope {
  start: { kind: TraceKind; id: number | null; lot: string | null; item_id: number | null; label: string };
  /** The parts the caller may not view, left out. */
  hidden: TracePart[];
  /** Rows left out because they are not the caller's (row scope: another salesperson's delivery). */
  withheld: number;
  /** More cards than MAX_TRACE_CARDS: the first are shown. */
  cut: boolean;
  cards: TraceCard[];
  steps: TraceStep[];
  works: TraceWork[];
  inspections: TraceInspection[];
  defects: TraceDefect[];
  materials: TraceMaterial[];
  shipments: TraceShipment[];
  packages: TracePackage[];
  deliveries: TraceDelivery[];
  deliverylines: TraceDeliveryLine[];
  asOf: string;
}

/** Rows of the finished stock by card a page holds at most (and an export). */
export const MAX_FINISHED_CARD_ROWS = 5_000;

/**
 * `GET /warehouses/cards/list/` (`/warehouses/cards`, decision 210): the places of the finished-goods stores whose lot
 * is a card, with something on hand; narrowed to one warehouse, customer or order, packed or loose, and a keyword
 * (card, order, item, customer or package number or name); paged.
 */
export const finishedCardsParamsSchema = z.looseObject({
  warehouse_id: optionalInt(1, ID),
  customer_id: optionalInt(1, ID),
  order_id: optionalInt(1, ID),
  packed: z.preprocess(blank, z.enum(['packed', 'loose'], { message: 'bad_request' }).optional()),
  keyword: optionalText(100),
  page: optionalInt(1, 1_000_000),
  limit: optionalInt(1, MAX_FINISHED_CARD_ROWS),
});
export type FinishedCardsParams = z.infer<typeof finishedCardsParamsSchema>;

export interface FinishedCardRow {
  /** The place (`stocklots`). */
  id: number;
  card_id: number;
  card_show_id: string | null;
  order_id: number | null;
  order_show_id: string | null;
  customer_id: number | null;
  customer_name: string | null;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  warehouse_id: number;
  warehouse_name: string | null;
  position_name: string | null;
  status_name: string | null;
  package_id: number | null;
  package_show_id: string | null;
  quantity: number;
  unit: string | null;
  moved_at: string | null;
}

export interface FinishedCardsReply extends Envelope {
  dt: FinishedCardRow[];
  total: number;
  /** The quantity on hand of every row of the filtered list. */
  quantity: number;
  asOf: string;
}
