import { fromUnits, units } from './numbers';

/**
 * The pure rules of contracts (docs/sales-office.md §1, decisions 257–263), shared by the server's behaviours and the
 * screens: statuses, which may be named by an order, validity by dates, what a line has left.
 */
export const CONTRACT_STATUSES = ['draft', 'active', 'expired', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Statuses an order may name (decision 257): active, or expired by the sweep — the dates decide the rest. */
export const USABLE_CONTRACT_STATUSES: readonly ContractStatus[] = ['active', 'expired'];

/** The ISO 4217 codes a contract may be written in: the plant's own and those of its export customers. */
export const CONTRACT_CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP'] as const;

/** The only currency an order may carry today (decision 262): orders and bills have no currency field. */
export const ORDER_CURRENCY = 'CNY';

/** The longest validity a contract may state (from `valid_from` to `valid_to`). */
export const MAX_CONTRACT_YEARS = 5;

/** Characters of a termination's reason. */
export const TERMINATION_REASON_MAX = 200;

/**
 * Whether `valid_from`..`valid_to` (ISO dates) is a valid span: from ≤ to and at most five years. Strings compare
 * as dates in ISO form, so no time zone enters.
 */
export function contractDatesValid(from: string, to: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return false;
  if (from > to) return false;
  const limit = `${String(Number(from.slice(0, 4)) + MAX_CONTRACT_YEARS).padStart(4, '0')}${from.slice(4)}`;
  return to <= limit;
}

/** Whether a contract covers the day `day` (ISO date): `valid_from` ≤ day ≤ `valid_to`. */
export function contractCovers(c: { valid_from: string; valid_to: string }, day: string): boolean {
  return c.valid_from <= day && day <= c.valid_to;
}

/**
 * Why an order dated `day` may not name contract `c`, or null when it may (decision 257, 262): the contract is the
 * order's customer's, usable (active or expired, never draft, terminated or cancelled), in CNY and valid that day.
 */
export type ContractRefusal = 'contract_other_customer' | 'contract_not_usable' | 'contract_currency' | 'contract_out_of_dates';

export function contractRefusal(c: { customer_id: number; status: string; canceled?: boolean; currency: string | null;
  valid_from: string; valid_to: string }, customerId: number, day: string): ContractRefusal | null {
  if (Number(c.customer_id) !== Number(customerId)) return 'contract_other_customer';
  if (c.canceled || !(USABLE_CONTRACT_STATUSES as readonly string[]).includes(c.status)) return 'contract_not_usable';
  if ((c.currency || ORDER_CURRENCY) !== ORDER_CURRENCY) return 'contract_currency';
  if (!contractCovers(c, day)) return 'contract_out_of_dates';
  return null;
}

/**
 * What a contract line with an agreed quantity has left, in the line's quantity (agreed − ordered), or null for a
 * price agreement with no quantity (0 or empty). May be negative when ordered beyond it (加放).
 */
export function quantityLeft(agreed: number | string | null | undefined, ordered: number | string | null | undefined): number | null {
  if (agreed == null || agreed === '' || units(agreed) <= 0) return null;
  return fromUnits(units(agreed) - units(ordered));
}

/**
 * Whether ordering `adding` more of a line (on top of what it has ordered besides) goes beyond its agreed quantity —
 * the `contract_over_quantity` warning (decision 263), never a refusal. A line without an agreed quantity never does.
 */
export function overQuantity(agreed: number | string | null | undefined, orderedElsewhere: number | string | null | undefined,
  adding: number | string | null | undefined): boolean {
  if (agreed == null || agreed === '' || units(agreed) <= 0) return false;
  return units(orderedElsewhere) + units(adding) > units(agreed);
}
