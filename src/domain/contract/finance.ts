import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { daysBetween, optionalDay, optionalInt, wireFlag, wireInt, wireText } from './wire';

/**
 * The special calls of finance (docs/finance.md): the reconciliation reads, building and confirming a bill, closing a
 * finance month. Shared by the server's routes and the client.
 */
const ID = wireInt(1, 2_147_483_647);
/** The longest period one reconciliation or bill covers (a month is the usual). */
export const MAX_BILL_DAYS = 400;
/** The most rows one reconciliation answer carries (`limit=-1`). */
export const MAX_RECONCILE_ROWS = 20_000;

type Range = { from?: string; to?: string };
/** `from` and `to` both given, in order, at most MAX_BILL_DAYS apart: else 400 `bill_period`. */
const periodChecks = <T extends z.ZodType<Range>>(s: T) => s
  .refine(p => p.from !== undefined && p.to !== undefined && p.from <= p.to
    && daysBetween(p.from, p.to) < MAX_BILL_DAYS, { message: 'bill_period' })
  // Both days are present once the check passed: the handler's type says so (zod's refine does not narrow).
  .transform(p => p as z.output<T> & { from: string; to: string });

/**
 * `GET /payments/listbill/` and `GET /warehouses/deliverypackings/list/`: the delivery lines of shipped or signed
 * deliveries dated in the period, of one customer or of all the caller may see; `billed` narrows to billed (`yes`) or
 * unbilled (`no`) lines; `signed_only` to signed deliveries. Paged like a list (`limit=-1`: all), with its echo tokens.
 */
export const reconcileParamsSchema = periodChecks(z.looseObject({
  from: optionalDay,
  to: optionalDay,
  customer_id: optionalInt(1, 2_147_483_647),
  billed: z.preprocess(v => (v === '' ? undefined : v), z.enum(['all', 'yes', 'no'], { message: 'bad_request' }).optional()),
  signed_only: wireFlag.optional(),
  page: optionalInt(1, 1_000_000),
  limit: optionalInt(-1, MAX_RECONCILE_ROWS),
  token: wireText(100).optional(),
  token1: wireText(100).optional(),
  token2: wireText(100).optional(),
}));
export type ReconcileParams = z.output<typeof reconcileParamsSchema>;

/** One delivery line as the reconciliation shows it. Money at 4 decimals (shown at 2). */
export interface ReconcileRow {
  deliveryline_id: number;
  delivery_id: number;
  delivery_show_id: string | null;
  delivery_date: string | null;
  delivery_status: 'shipped' | 'signed';
  customer_id: number;
  customer_name: string | null;
  order_show_id: string | null;
  line_code: string | null;
  item_id: number;
  item_code: string | null;
  item_name: string | null;
  spec: string | null;
  package_id: number | null;
  package_show_id: string | null;
  lot: string | null;
  quantity: number;
  unit: string | null;
  /** The price the goods were delivered at (the delivery line's). */
  price: number | null;
  /** The order line's price today; `price_changed` when it differs from `price` (shown, never applied). */
  price_now: number | null;
  price_changed: boolean;
  amount: number | null;
  /** The live bill that bills the line, if any. */
  bill_id: number | null;
  bill_show_id: string | null;
  bill_status: string | null;
}

export interface ReconcileReply extends Envelope {
  dt: ReconcileRow[];
  total: number;
  /** Over every matching row, not the page: amounts at 4 decimals. */
  sums: { amount: number; billed_amount: number; unbilled_amount: number };
  token?: string;
  token1?: string;
  token2?: string;
}

/** `POST /payments/bills/build/`: a draft bill of the customer's unbilled delivery lines of the period. */
export const buildBillParamsSchema = periodChecks(z.looseObject({
  customer_id: ID,
  from: optionalDay,
  to: optionalDay,
  /** The bill's date (its month, its age); default `to`. */
  date: optionalDay,
  signed_only: wireFlag.optional(),
  remark: z.string({ message: 'bad_request' }).max(200, { message: 'too_long' }).optional(),
}));
export type BuildBillParams = z.output<typeof buildBillParamsSchema>;

export interface BuildBillReply extends Envelope {
  id: number;
  version: number;
  show_id: string;
  lines: number;
  /** The bill's total, at 4 decimals. */
  total: number;
}

/** `POST /payments/bills/confirm/`: the draft bill at the version the accountant saw, confirmed. */
export const confirmBillParamsSchema = z.looseObject({ id: ID, version: ID });
export type ConfirmBillParams = z.infer<typeof confirmBillParamsSchema>;
export interface ConfirmBillReply extends Envelope { id: number; version: number }


/**
 * The public bill query (`GET /payments/bills/query/?show_id=&code=`, no login; docs/finance.md "Print and export"):
 * the customer with the bill's number and the check code printed on it sees the bill — its period, date, status, lines
 * and totals — and nothing else. A wrong code, an unknown or cancelled bill answer the same 404; too many failures from
 * one address answer 429, like the public order query.
 */
export const billQueryParamsSchema = z.looseObject({
  show_id: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(40, { message: 'bad_request' }),
  code: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(12, { message: 'bad_request' }),
});
export type BillQueryParams = z.output<typeof billQueryParamsSchema>;

/** One line of the bill as its customer sees it. Money at 4 decimals. */
export interface BillQueryLine {
  line_no: number;
  delivery_show_id: string | null;
  delivery_date: string | null;
  order_show_id: string | null;
  description: string | null;
  quantity: number;
  unit: string | null;
  price: number | null;
  amount: number;
  adjustment: number;
  adjustment_reason: string | null;
}

export interface BillQueryReply extends Envelope {
  dt: {
    show_id: string; customer: string | null; date_from: string | null; date_to: string | null; date: string | null;
    status: 'draft' | 'confirmed'; amount: number; adjustment: number; total: number; allocated: number; lines: BillQueryLine[];
  };
}
