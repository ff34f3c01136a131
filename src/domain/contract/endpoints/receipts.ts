import { receipts } from '../../resources/finance/receipts';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  allocateParamsSchema, balancesParamsSchema, openItemsParamsSchema, unallocateParamsSchema, type AllocateReply,
  type BalancesReply, type OpenItemsReply, type UnallocateReply,
} from '../receipts';

/** The special calls of receipts (docs/finance.md; schemas in ../receipts.ts). */

/** A receipt applied to bills (named amounts, or the oldest first); within what it has left and each bill owes. */
export const allocateReceipt = endpoint<AllocateReply>()({
  method: 'POST', path: '/payments/allocate/', params: allocateParamsSchema, body: 'json',
  access: { resource: receipts, action: 'allocate' }, looksRight: r => hasArray('lines')(r) && typeof (r as { allocated?: unknown }).allocated === 'number',
});

/** An allocation taken back: the bill owes it again, the receipt has it again. */
export const unallocateReceipt = endpoint<UnallocateReply>()({
  method: 'POST', path: '/payments/unallocate/', params: unallocateParamsSchema,
  access: { resource: receipts, action: 'allocate' }, looksRight: r => isRecord(r) && typeof r.id === 'number',
});

/** What each customer owes, paid ahead and since when (spec §2 `/payments/balances`). */
export const customerBalances = endpoint<BalancesReply>()({
  method: 'GET', path: '/payments/balances/', params: balancesParamsSchema, offline: 'read',
  access: { resource: receipts, action: 'balances' }, looksRight: hasArray('dt'),
});

/** One customer's open bills and receipts with credit: the balance's drill-down and the allocation panel. */
export const customerOpenItems = endpoint<OpenItemsReply>()({
  method: 'GET', path: '/payments/balances/detail/', params: openItemsParamsSchema, offline: 'read',
  access: { resource: receipts, action: 'balances' }, looksRight: hasArray('bills', 'receipts'),
});
