import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { wireJson } from './wire';

/**
 * `POST /prints/do/` (spec §7): `item` = `{category, ids}` — what to print — and `action` — how: the browser's
 * print dialog, a job for the local helper, or a preview (not logged). The reply lists the label sheets with their
 * `print_url`: a signed link to the sheet's HTML that works for a few minutes without a login (the local helper has
 * none). Every print but a preview is logged (`printlogs`) and counted on the printed rows.
 */
/** Process card labels, package labels and delivery notes (docs/delivery.md), the A4 receipt and issue notes of stock documents. */
export const PRINT_CATEGORIES = ['cards', 'packages', 'stockdocs', 'deliveries', 'bills'] as const;
export type PrintCategory = (typeof PRINT_CATEGORIES)[number];
export const PRINT_ACTIONS = ['browser', 'helper', 'preview'] as const;
export type PrintAction = (typeof PRINT_ACTIONS)[number];

/** Rows one print may carry. */
export const MAX_PRINT_ROWS = 1_000;

export const printDoParamsSchema = z.looseObject({
  item: wireJson(z.object({
    category: z.enum(PRINT_CATEGORIES, { message: 'bad_request' }),
    ids: z.array(z.number().int().positive(), { message: 'select_records' })
      .min(1, { message: 'select_records' }).max(MAX_PRINT_ROWS, { message: 'too_many_print_rows' }),
    /**
     * The template (paper) to print on, by its id in a reply's `ds`: a category may offer several (a delivery note on
     * A4 or on the 241 mm continuous form). Absent: every template of the category is answered, the first its default.
     */
    template: z.number({ message: 'bad_request' }).int({ message: 'bad_request' }).min(-999_999, { message: 'bad_request' })
      .max(999_999, { message: 'bad_request' }).optional(),
  }, { message: 'invalid_json' })),
  action: z.enum(PRINT_ACTIONS, { message: 'bad_request' }),
});
export type PrintDoParams = z.infer<typeof printDoParamsSchema>;

export interface PrintSheet { id: number; name: string; print_url: string; width_mm: number; height_mm: number }

export interface PrintDoReply extends Envelope {
  ds: PrintSheet[];
}

/**
 * `GET /prints/sheet/`: the parameters of a signed sheet link (server/auth/print-links.ts); any other shape is not a
 * link this server made.
 */
export const sheetParamsSchema = z.looseObject({
  c: z.string({ message: 'print_link_invalid' }).regex(/^[a-z_]{1,40}$/, { message: 'print_link_invalid' }),
  ids: z.string({ message: 'print_link_invalid' }).regex(/^[0-9a-z.-]{1,20000}$/, { message: 'print_link_invalid' }),
  a: z.string({ message: 'print_link_invalid' }).regex(/^\d{1,10}$/, { message: 'print_link_invalid' }),
  exp: z.string({ message: 'print_link_invalid' }).regex(/^\d{1,12}$/, { message: 'print_link_invalid' }),
  sig: z.string({ message: 'print_link_invalid' }).regex(/^[A-Za-z0-9_-]{43}$/, { message: 'print_link_invalid' }),
  /** The template of the sheet when it is not the category's first (signed with the rest). */
  t: z.string({ message: 'print_link_invalid' }).regex(/^-?\d{1,6}$/, { message: 'print_link_invalid' }).optional(),
});
