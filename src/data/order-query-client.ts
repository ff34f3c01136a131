import type { OrderQueryReply } from '../domain/contract/order-query';
import { queryOrder as queryOrderEndpoint } from '../domain/contract/endpoints/orders';
import { callEndpoint } from './endpoint-call';
import { isApiError } from './errors';
import type { CallOptions } from './resource-client';

export type QueriedOrder = OrderQueryReply['dt'];

/**
 * The public order query (`GET /orders/query/?show_id=&code=`, no login; contract src/domain/contract/order-query.ts).
 *
 * Rules:
 * - No order for this number and code (the server answers the same 404 for a wrong code and an unknown order) is an
 *   answer, not a failure: `null`, and nothing pops up; the page says so.
 * - Any other refusal (429: too many failed attempts from this address) rejects with the server's message, which the
 *   request layer has shown and the page shows again beside the form.
 */
export async function queryOrder(p: { show_id: string; code: string }, o: CallOptions = {}): Promise<QueriedOrder | null> {
  let r: OrderQueryReply;
  try {
    r = await callEndpoint(queryOrderEndpoint, { show_id: p.show_id.trim(), code: p.code.trim() },
      { signal: o.signal, quietNotFound: true });
  } catch (e) {
    if (isApiError(e) && e.kind === 'rejected' && e.status === 404) return null;
    throw e;
  }
  return r.dt;
}

export const orderQueryClient = { query: queryOrder };
