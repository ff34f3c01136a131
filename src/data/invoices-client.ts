import type { VoidInvoiceReply } from '../domain/contract/payfees';
import { voidInvoice as voidEndpoint } from '../domain/contract/endpoints/payfees';
import { callEndpoint } from './endpoint-call';

/**
 * `POST /invoices/void/` (docs/finance.md "invoices"): the issued invoice `id` at the `version` the user saw, voided;
 * its bill's invoiced amount is freed in the same transaction.
 */
export function voidInvoice(id: number, version: number): Promise<VoidInvoiceReply> {
  return callEndpoint(voidEndpoint, { id, version });
}
