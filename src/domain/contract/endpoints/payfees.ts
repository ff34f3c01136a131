import { banks } from '../../resources/finance/banks';
import { invoices } from '../../resources/finance/invoices';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  bankBalancesParamsSchema, voidInvoiceParamsSchema, type BankBalancesReply, type VoidInvoiceReply,
} from '../payfees';

/** The special calls of payouts, invoices and fees (docs/finance.md; schemas in ../payfees.ts). */

/** An issued invoice voided: its bill's invoiced amount is freed. */
export const voidInvoice = endpoint<VoidInvoiceReply>()({
  method: 'POST', path: '/invoices/void/', params: voidInvoiceParamsSchema,
  access: { resource: invoices, action: 'void' }, looksRight: r => isRecord(r) && typeof r.id === 'number',
});

/** Each bank account's balance (docs/finance.md invariant 4); payouts' amounts are sensitive, so the caller must see them. */
export const bankBalances = endpoint<BankBalancesReply>()({
  method: 'GET', path: '/banks/balances/', params: bankBalancesParamsSchema, offline: 'read',
  access: { resource: banks, op: 'view' }, looksRight: hasArray('dt'),
});
