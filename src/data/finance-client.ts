import type { BillQueryReply, BuildBillReply, ConfirmBillReply, ReconcileReply } from '../domain/contract/finance';
import {
  buildBill, confirmBill, deliveryPackings, listBill, queryBill as queryBillEndpoint,
} from '../domain/contract/endpoints/finance';
import { callEndpoint } from './endpoint-call';
import { isApiError } from './errors';
import type { CallOptions } from './resource-client';

/**
 * The special calls of finance's bills (docs/finance.md "Reconciliation", "Bills"), for the accountant's screens. Bills
 * and their lines themselves go through their resource clients.
 */

/** What the reconciliation is asked for (the wire's parameters; `from` and `to` required by the server). */
export type ReconcileQuery = {
  from: string;
  to: string;
  customer_id?: number;
  billed?: 'all' | 'yes' | 'no';
  signed_only?: 1;
  page?: number;
  limit?: number;
};

export type QueriedBill = BillQueryReply['dt'];

export const financeClient = {
  /** `GET /payments/listbill/` (or, `packages`, `GET /warehouses/deliverypackings/list/`): delivery lines to bill. */
  reconcile(q: ReconcileQuery, packages: boolean, o: CallOptions = {}): Promise<ReconcileReply> {
    return callEndpoint(packages ? deliveryPackings : listBill, q, { signal: o.signal });
  },
  /** `POST /payments/bills/build/`: a draft bill of the customer's unbilled lines of the period. */
  build(p: { customer_id: number; from: string; to: string; date?: string; signed_only?: 1; remark?: string },
    o: CallOptions = {}): Promise<BuildBillReply> {
    return callEndpoint(buildBill, p, { signal: o.signal });
  },
  /** `POST /payments/bills/confirm/`: the draft at the version seen, confirmed. */
  confirm(id: number, version: number, o: CallOptions = {}): Promise<ConfirmBillReply> {
    return callEndpoint(confirmBill, { id, version }, { signal: o.signal });
  },
  /**
   * The public bill query (no login): the bill of that number and check code, or `null` when there is none (the server
   * answers a wrong code and an unknown bill alike, 404: an answer, not a failure). Any other refusal rejects.
   */
  async query(p: { show_id: string; code: string }, o: CallOptions = {}): Promise<QueriedBill | null> {
    try {
      return (await callEndpoint(queryBillEndpoint, { show_id: p.show_id.trim(), code: p.code.trim() },
        { signal: o.signal, quietNotFound: true })).dt;
    } catch (e) {
      if (isApiError(e) && e.kind === 'rejected' && e.status === 404) return null;
      throw e;
    }
  },
};

export const financeKeys = {
  reconcile: (q: ReconcileQuery, packages: boolean) => ['finance', 'reconcile', packages, q] as const,
};
