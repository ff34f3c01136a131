import type { AllocateReply, BalancesReply, OpenItemsReply, UnallocateReply } from '../domain/contract/receipts';
import {
  allocateReceipt, customerBalances, customerOpenItems, unallocateReceipt,
} from '../domain/contract/endpoints/receipts';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The special calls of receipts (docs/finance.md "Receipts and allocations", "Balances and aging") for the receipt's
 * allocation panel and the balances screen. The receipts and allocations themselves go through their resource clients.
 */

/** `POST /payments/allocate/`: named amounts per bill, or `auto` (the oldest open bills first). */
function allocate(p: { receipt_id: number; lines?: { bill_id: number; amount: number }[]; auto?: 1 }, o: CallOptions = {}): Promise<AllocateReply> {
  return callEndpoint(allocateReceipt, p, { signal: o.signal });
}

/** `POST /payments/unallocate/`: one allocation taken back. */
function unallocate(id: number, o: CallOptions = {}): Promise<UnallocateReply> {
  return callEndpoint(unallocateReceipt, { id }, { signal: o.signal });
}

/** `GET /payments/balances/`: every customer's balance and aging, as of a day (none: everything). */
function balances(p: { date?: string; customer_id?: number }, o: CallOptions = {}): Promise<BalancesReply> {
  return callEndpoint(customerBalances, p, { signal: o.signal });
}

/** `GET /payments/balances/detail/`: one customer's open bills and receipts with credit. */
function openItems(p: { customer_id: number; date?: string }, o: CallOptions = {}): Promise<OpenItemsReply> {
  return callEndpoint(customerOpenItems, p, { signal: o.signal });
}

export const receiptsClient = { allocate, unallocate, balances, openItems };
