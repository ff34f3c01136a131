import type { BankBalancesReply } from '../domain/contract/payfees';
import { bankBalances as bankBalancesEndpoint } from '../domain/contract/endpoints/payfees';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * `GET /banks/balances/` (docs/finance.md invariant 4): each bank account's opening balance, receipts, payouts and fees
 * through it and its balance, at the end of `date` (none: everything).
 */
export function bankBalances(p: { date?: string }, o: CallOptions = {}): Promise<BankBalancesReply> {
  return callEndpoint(bankBalancesEndpoint, p, { signal: o.signal });
}
