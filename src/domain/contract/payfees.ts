import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalDay, optionalInt, wireInt } from './wire';

/** Schemas of the calls of payouts, invoices and fees (docs/finance.md "Later tables"; endpoints/payfees.ts). */

const ID = wireInt(1, 2_147_483_647);

/** `POST /invoices/void/`: an issued invoice at the version the accountant saw, voided (its amount freed on its bill). */
export const voidInvoiceParamsSchema = z.looseObject({ id: ID, version: ID });
export type VoidInvoiceParams = z.infer<typeof voidInvoiceParamsSchema>;
export interface VoidInvoiceReply extends Envelope { id: number; version: number }

/** `GET /banks/balances/`: each bank account's balance at the end of `date` (default: everything), or one account's. */
export const bankBalancesParamsSchema = z.looseObject({
  date: optionalDay,
  bank_id: optionalInt(1, 2_147_483_647),
});
export type BankBalancesParams = z.output<typeof bankBalancesParamsSchema>;

/** One bank account's balance: opening + receipts − payouts + income fees − expense fees, at 4 decimals. */
export interface BankBalanceRow {
  bank_id: number;
  name: string;
  currency: string;
  opening_balance: number;
  receipts: number;
  payouts: number;
  fees_income: number;
  fees_expense: number;
  balance: number;
}
export interface BankBalancesReply extends Envelope { dt: BankBalanceRow[] }
