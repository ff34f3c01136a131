import { z } from 'zod';
import './zod-config';
import { TAP_ACTIONS } from '../rules/tap';
import type { Envelope } from './replies';
import { wireInt, wireJson } from './wire';
import type { MutationName } from './sync';

/**
 * The facts of the shop floor (docs/shopfloor.md): the arguments of each fact a kiosk or tablet queues offline, as
 * version 1 of their shape, and the dead-letter actions of supervisors. The kiosk writes facts with these schemas and
 * the server validates every pushed fact with them.
 */
const ID = z.number().int().positive().max(2_147_483_647);
/** A quantity as stored: at most 4 decimals, below 10^12. */
const QUANTITY = z.number().finite().min(0).max(999_999_999_999)
  .refine(n => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, { message: 'too_many_decimals' });
/** A scanned card number: what the label's QR code or Code 128 holds (show_id). */
const CARD = z.string().trim().min(1).max(64);

/** The version of the argument shapes below; a later shape is a new version, and the server keeps reading old ones. */
export const FACT_VERSION = 1;

/** `tap`: a card swiped at a work node (the action the kiosk decided: src/domain/rules/tap.ts). */
export const tapArgsSchema = z.strictObject({
  card: CARD,
  worknode_id: ID,
  person_id: ID,
  action: z.enum(TAP_ACTIONS),
  good: QUANTITY.nullable().optional(),
  bad: QUANTITY.nullable().optional(),
  device_id: ID.nullable().optional(),
  /** The card was not in the kiosk's offline copy: accepted on trust, checked by the server. */
  unverified: z.boolean().optional(),
});
export type TapArgs = z.infer<typeof tapArgsSchema>;

/** `precheck` (semi-finished inspection) and `inspect` (finished-goods inspection). */
export const inspectionArgsSchema = z.strictObject({
  card: CARD,
  worknode_id: ID.nullable().optional(),
  person_id: ID,
  quantity: QUANTITY,
  bad_quantity: QUANTITY.optional(),
  weight: QUANTITY.nullable().optional(),
  /** One of config `inspection_grades`. */
  grade: z.string().trim().max(20).nullable().optional(),
  /** Defects by reason (config `defect_reasons`), each with its quantity. */
  defects: z.array(z.strictObject({ reason: z.string().trim().min(1).max(50), quantity: QUANTITY })).max(50).optional(),
  /** Uploaded photos (file URLs of `/files/upload/`), at most 6. */
  photos: z.array(z.string().max(300)).max(6).optional(),
  remark: z.string().max(500).nullable().optional(),
  unverified: z.boolean().optional(),
});
export type InspectionArgs = z.infer<typeof inspectionArgsSchema>;

/**
 * `count`: a stocktake line counted on a handheld (docs/stock.md "Stocktake"): what was found at a place of the count
 * document's warehouse — an item (or a process card, whose item it is and whose number is the lot), the position and
 * stock status, the lot, and the quantity counted (zero: none found). The book it is compared with is the place's
 * balance at the fact's time, so goods moved between the scan and its arrival make no false difference.
 */
export const countArgsSchema = z.strictObject({
  doc_id: ID,
  item_id: ID.nullable().optional(),
  /** A scanned process card: the lot is its number, the item its item (when `item_id` is not given). */
  card: CARD.nullable().optional(),
  position_id: ID.nullable().optional(),
  status_id: ID.nullable().optional(),
  /** A batch code (a reel's number); a card's number when `card` is given. */
  lot: z.string().trim().max(60).nullable().optional(),
  quantity: QUANTITY,
  person_id: ID.nullable().optional(),
}).refine(a => a.item_id != null || (a.card != null && a.card !== ''), { message: 'required', path: ['item_id'] });
export type CountArgs = z.infer<typeof countArgsSchema>;

/**
 * An image a fact carries itself (docs/delivery.md "Proof of delivery", decision 205): as the device made it, a PNG or
 * JPEG data URL; as the server keeps the fact once it has stored the image as a file (in the push's transaction), the
 * file's URL. A fact names no image the server did not store from a fact or an upload.
 */
export const IMAGE_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
export const STORED_FILE_URL = /^\/files\/\?action=download&id=[A-Za-z0-9_-]{16,128}$/;
/** The length of the data URL of an image of `bytes` bytes, at most (base64 is 4 characters per 3 bytes). */
export const dataUrlLength = (bytes: number): number => 'data:image/jpeg;base64,'.length + Math.ceil(bytes / 3) * 4;
const factImage = (maxBytes: number) => z.string().max(dataUrlLength(maxBytes), { message: 'too_long' })
  .refine(v => IMAGE_DATA_URL.test(v) || STORED_FILE_URL.test(v), { message: 'invalid_value' });

/**
 * A signature drawn on a phone's screen, as PNG: a few tens of KB for a full-width pad at a phone's pixel ratio, far
 * below this bound.
 */
export const SIGNATURE_MAX_BYTES = 200_000;
/**
 * A proof-of-delivery photo, as JPEG: the phone makes it at most 1600 px and about 300 KB (src/data/photo-upload.ts);
 * the bound leaves room for that size's last try.
 */
export const SIGN_PHOTO_MAX_BYTES = 400_000;

/** `lat,lng` in decimal degrees, as the phone's position gives them (at most 7 decimals: about a centimetre). */
const PLACE = /^(-?\d{1,2}(?:\.\d{1,7})?),(-?\d{1,3}(?:\.\d{1,7})?)$/;
export function placeOk(v: string): boolean {
  const m = PLACE.exec(v);
  return !!m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180;
}

/**
 * `sign`: the customer's receipt of a shipped delivery, taken on the driver's phone (docs/delivery.md "Proof of
 * delivery"): who signed (their name as they give it), the signature drawn on the screen, a photo of the goods at the
 * dock, and where the phone was (`lat,lng`, when it could tell). The time of signing is the fact's `at`; the driver is
 * `person_id` (the account's person). The server signs the delivery once, as the fact's time and place say.
 */
export const signArgsSchema = z.strictObject({
  delivery_id: ID,
  signer: z.string().trim().min(1, { message: 'required' }).max(60, { message: 'too_long' }),
  signature: factImage(SIGNATURE_MAX_BYTES),
  photo: factImage(SIGN_PHOTO_MAX_BYTES).nullable().optional(),
  place: z.string().max(60).refine(placeOk, { message: 'invalid_value' }).nullable().optional(),
  person_id: ID.nullable().optional(),
});
export type SignArgs = z.infer<typeof signArgsSchema>;

/** A photo or signature inside a `form` fact, at most (src/data/photo-upload.ts makes photos of about 300 KB). */
export const FORM_IMAGE_MAX_BYTES = 400_000;
/** A `form` fact's arguments with its images inside, at most, as JSON text. */
export const FORM_FACT_MAX_LENGTH = 3 * 1024 * 1024;

/**
 * `form`: a form filled on a terminal (docs/sales-office.md "Offline fill on a tablet", decision 267): the template
 * version shown, who filled it (the badge-in person), the answers by field key — photos and signatures as data URLs,
 * stored as files by the push (fact-images.ts) — and a remark. The fact's `at` is when it was filled. Judged by the
 * server with checkForm against the version named, as the tablet judged it before queueing.
 */
export const formArgsSchema = z.strictObject({
  template_id: ID,
  person_id: ID,
  values: z.record(z.string().max(40), z.unknown()),
  remark: z.string().max(500).nullable().optional(),
});
export type FormArgs = z.infer<typeof formArgsSchema>;

/**
 * The images each fact carries itself, by field, with the most bytes each may have: the server takes them out of the
 * fact's arguments and stores them as files (server/areas/shopfloor/facts/fact-images.ts).
 */
export const FACT_IMAGES: Readonly<Partial<Record<MutationName, Readonly<Record<string, number>>>>> = {
  sign: { signature: SIGNATURE_MAX_BYTES, photo: SIGN_PHOTO_MAX_BYTES },
};

/** The argument schema of each fact, by name. */
export const FACT_ARGS: Readonly<Record<MutationName, z.ZodType>> = {
  tap: tapArgsSchema, precheck: inspectionArgsSchema, inspect: inspectionArgsSchema, count: countArgsSchema, sign: signArgsSchema,
  form: formArgsSchema,
};

/** `POST /sync/facts/resubmit/`: a rejected fact's corrected arguments, run through the rules again. */
export const resubmitParamsSchema = z.looseObject({
  id: wireInt(1, 2_147_483_647),
  version: wireInt(1, 2_147_483_647),
  args: wireJson(z.record(z.string(), z.unknown(), { message: 'invalid_json' })),
  note: z.string().trim().max(500).optional(),
});
export type ResubmitParams = z.infer<typeof resubmitParamsSchema>;

/** `POST /sync/facts/dismiss/`: a rejected fact set aside, with the supervisor's note. */
export const dismissParamsSchema = z.looseObject({
  id: wireInt(1, 2_147_483_647),
  version: wireInt(1, 2_147_483_647),
  note: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(500, { message: 'too_long' }),
});
export type DismissParams = z.infer<typeof dismissParamsSchema>;

/** Either action answers the fact as it now stands; a resubmission still refused says why. */
export interface FactActionReply extends Envelope { id: number; version: number; status: string; reason?: string | null }
