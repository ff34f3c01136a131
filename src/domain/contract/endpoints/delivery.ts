import { deliveries } from '../../resources/delivery/deliveries';
import { deliveryrequests } from '../../resources/delivery/deliveryrequests';
import { details } from '../../resources/orders/details';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  acceptRequestParamsSchema, openLinesParamsSchema, refuseRequestParamsSchema, shipDeliveryParamsSchema, signDeliveryArgsSchema,
  type AcceptRequestReply, type OpenLinesReply, type RequestReply, type ShipDeliveryReply, type SignDeliveryReply,
} from '../delivery';

/** The special calls of delivery requests and deliveries (docs/delivery.md; schemas in ../delivery.ts). */

const saved = (r: unknown) => isRecord(r) && typeof r.id === 'number' && typeof r.version === 'number';

/** The shipping office accepts a request into a draft delivery note; what is not accepted is split off, still requested. */
export const acceptDeliveryRequest = endpoint<AcceptRequestReply>()({
  method: 'POST', path: '/deliveryrequests/accept/', params: acceptRequestParamsSchema,
  access: { resource: deliveryrequests, action: 'accept' },
  looksRight: r => saved(r) && typeof (r as { delivery_id?: unknown }).delivery_id === 'number',
});

/** The shipping office refuses a request, with its reply (the same `accept` action decides either way). */
export const refuseDeliveryRequest = endpoint<RequestReply>()({
  method: 'POST', path: '/deliveryrequests/refuse/', params: refuseRequestParamsSchema,
  access: { resource: deliveryrequests, action: 'accept' }, looksRight: saved,
});

/** Ships a draft delivery note: its check-out written and posted, the order lines' delivered quantities and the orders following. */
export const shipDelivery = endpoint<ShipDeliveryReply>()({
  method: 'POST', path: '/deliveries/ship/', params: shipDeliveryParamsSchema,
  access: { resource: deliveries, action: 'ship' },
  looksRight: r => saved(r) && typeof (r as { movements?: unknown }).movements === 'number',
});

/** A shipped delivery note signed for, online (the driver's phone sends the same as an offline fact). */
export const signDelivery = endpoint<SignDeliveryReply>()({
  method: 'POST', path: '/deliveries/sign/', params: signDeliveryArgsSchema,
  access: { resource: deliveries, action: 'sign' }, looksRight: saved,
});

/**
 * A customer's order lines open for delivery with what is left of each: whoever reads order lines may ask (sales for
 * its requests, the shipping office for its notes); a salesperson scoped to its own orders sees only those.
 */
export const openDeliveryLines = endpoint<OpenLinesReply>()({
  method: 'GET', path: '/deliveries/open_lines/', params: openLinesParamsSchema, offline: 'read',
  access: { resource: details, op: 'view' }, looksRight: hasArray('dt'),
});
