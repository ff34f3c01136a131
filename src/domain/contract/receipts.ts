import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalDay, optionalInt, wireFlag, wireInt, wireJson } from './wire';

/**
 * The special calls of receipts (docs/finance.md "Receipts and allocations", "Balances and aging"): allocating a
 * receipt to bills and taking an allocation back, the customers' balances and one customer's open items. Shared by
 * the server's routes and the client.
 */
const ID = wireInt(1, 2_147_483_647);
/** The most bills one allocation call names. */
export const MAX_ALLOCATION_LINES = 500;
/** The largest amount one allocation line carries (numeric(18, 4) holds 14 digits before the point). */
const MAX_AMOUNT = 99_999_999_999_999;

/** An amount of money to allocate: more than 0, at most 4 decimals (more are refused, never rounded). */
const allocationAmount = z.number({ message: 'allocation_amount' }).gt(0, { message: 'allocation_amount' })
  .max(MAX_AMOUNT, { message: 'allocation_amount' })
  .refine(n => /^\d{1,15}(\.\d{1,4})?$/.test(String(n)), { message: 'allocation_amount' });

/**
 * `POST /payments/allocate/`: receipt `receipt_id` applied to bills, either the amounts named per bill (`lines`; a
 * bill named twice takes the sum) or automatically (`auto: 1`: the oldest open confirmed bills first, by bill date
 * then number, as far as the receipt goes). `date` is the allocations' date (default today), in an open month.
 */
export const allocateParamsSchema = z.looseObject({
  receipt_id: ID,
  lines: wireJson(z.array(z.object({ bill_id: z.number({ message: 'bad_request' }).int().positive(), amount: allocationAmount }),
    { message: 'invalid_json' }).min(1, { message: 'allocation_nothing' }).max(MAX_ALLOCATION_LINES, { message: 'too_many_lines' })).optional(),
  auto: wireFlag.optional(),
  date: optionalDay,
}).refine(p => (p.auto === true) !== (p.lines !== undefined), { message: 'bad_request' });
export type AllocateParams = z.output<typeof allocateParamsSchema>;

/** One allocation row as the calls answer it; money at 4 decimals. */
export interface AllocationRow { id: number; bill_id: number; amount: number }

export interface AllocateReply extends Envelope {
  receipt_id: number;
  /** The allocations written by this call. */
  lines: AllocationRow[];
  /** The receipt's `allocated` and what it has left (the customer's credit from it) after the call. */
  allocated: number;
  unallocated: number;
}

/** `POST /payments/unallocate/`: one allocation taken back (cancelled); the bill and the receipt follow. */
export const unallocateParamsSchema = z.looseObject({ id: ID });
export type UnallocateParams = z.output<typeof unallocateParamsSchema>;
export interface UnallocateReply extends Envelope { id: number; receipt_id: number | null; bill_id: number }

/**
 * `GET /payments/balances/`: per customer the caller may see, as of `date` (every row dated up to it; none: all rows),
 * billed, received, allocated, credit, balance and the aging of what is outstanding; one customer with `customer_id`.
 */
export const balancesParamsSchema = z.looseObject({
  date: optionalDay,
  customer_id: optionalInt(1, 2_147_483_647),
});
export type BalancesParams = z.output<typeof balancesParamsSchema>;

/** The aging buckets of outstanding bills by the days since their date. */
export const AGING_BUCKETS = ['age_0_30', 'age_31_60', 'age_61_90', 'age_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** A customer's balance (docs/finance.md "Balances and aging"); money at 4 decimals. */
export interface BalanceRow extends Record<AgingBucket, number> {
  customer_id: number;
  customer_name: string | null;
  saler_id: number | null;
  /** Confirmed live bills' totals. */
  billed: number;
  /** Live receipts' amounts. */
  received: number;
  /** Live allocations of those receipts to those bills. */
  allocated: number;
  /** received − allocated: what the customer paid ahead. */
  credit: number;
  /** billed − received (= outstanding − credit). */
  balance: number;
  /** billed − allocated: the four buckets' sum. */
  outstanding: number;
}

export type BalanceTotals = Omit<BalanceRow, 'customer_id' | 'customer_name' | 'saler_id'>;

export interface BalancesReply extends Envelope {
  dt: BalanceRow[];
  /** Over every row. */
  totals: BalanceTotals;
  /** The day the balances are as of (`YYYY-MM-DD`): the one asked, or today. */
  date: string;
}

/** `GET /payments/balances/detail/`: one customer's bills with what they have outstanding and receipts with credit. */
export const openItemsParamsSchema = z.looseObject({
  customer_id: ID,
  date: optionalDay,
  /** 1: also the bills paid in full and the receipts allocated in full. */
  all: wireFlag.optional(),
});
export type OpenItemsParams = z.output<typeof openItemsParamsSchema>;

export interface OpenBill {
  id: number;
  show_id: string;
  date: string;
  total: number;
  allocated: number;
  outstanding: number;
  /** Days from the bill's date to the balance's date. */
  age: number;
}

export interface OpenReceipt {
  id: number;
  show_id: string;
  date: string;
  amount: number;
  allocated: number;
  unallocated: number;
}

export interface OpenItemsReply extends Envelope {
  customer_id: number;
  date: string;
  bills: OpenBill[];
  receipts: OpenReceipt[];
}
