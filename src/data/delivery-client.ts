import type {
  AcceptRequestReply, OpenLine, RequestReply, ShipDeliveryReply, SignDeliveryArgs, SignDeliveryReply,
} from '../domain/contract/delivery';
import {
  acceptDeliveryRequest, openDeliveryLines, refuseDeliveryRequest, shipDelivery, signDelivery,
} from '../domain/contract/endpoints/delivery';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The special calls of delivery requests and delivery notes (docs/delivery.md), for the shipping office's and sales'
 * screens. The documents and their lines themselves go through their resource clients.
 */

/** `POST /deliveryrequests/accept/`: the request at the version seen, accepted into a draft note from the warehouse. */
function accept(p: { id: number; version: number; warehouse_id: number; lines: { id: number; quantity: number }[] },
  o: CallOptions = {}): Promise<AcceptRequestReply> {
  return callEndpoint(acceptDeliveryRequest, p, { signal: o.signal });
}

/** `POST /deliveryrequests/refuse/`: the request refused with the reply sales will read. */
function refuse(p: { id: number; version: number; reply: string }, o: CallOptions = {}): Promise<RequestReply> {
  return callEndpoint(refuseDeliveryRequest, p, { signal: o.signal });
}

/** `POST /deliveries/ship/`: the draft note at the version seen, shipped (its check-out posted). */
function ship(id: number, version: number, o: CallOptions = {}): Promise<ShipDeliveryReply> {
  return callEndpoint(shipDelivery, { id, version }, { signal: o.signal });
}

/** `POST /deliveries/sign/`: a shipped note signed for, online. */
function sign(p: SignDeliveryArgs, o: CallOptions = {}): Promise<SignDeliveryReply> {
  return callEndpoint(signDelivery, p, { signal: o.signal });
}

/** `GET /deliveries/open_lines/`: the customer's order lines open for delivery, with what is left of each. */
async function openLines(customerId: number, o: CallOptions & { orderId?: number; keyword?: string } = {}): Promise<OpenLine[]> {
  return (await callEndpoint(openDeliveryLines, {
    customer_id: customerId, ...(o.orderId === undefined ? {} : { order_id: o.orderId }), ...(o.keyword ? { keyword: o.keyword } : {}),
  }, { signal: o.signal })).dt;
}

export const deliveryClient = { accept, refuse, ship, sign, openLines };
