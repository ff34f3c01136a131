import type { FastifyInstance } from 'fastify';
import {
  acceptDeliveryRequest, openDeliveryLines, refuseDeliveryRequest, shipDelivery as shipEndpoint, signDelivery as signEndpoint,
} from '../../../../src/domain/contract/endpoints/delivery';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import type { Db } from '../../../db/connection';
import { acceptRequest, refuseRequest } from '../accept';
import { openLines } from '../open-lines';
import { shipDelivery } from '../ship';
import { signDelivery } from '../sign';

/**
 * The special calls of delivery requests and delivery notes (docs/delivery.md; contract
 * src/domain/contract/endpoints/delivery.ts). Each is one transaction: refused whole, nothing half-written. The
 * actions (`accept`, `ship`, `sign`) are checked by the declarations' access; row scope and the rest by the rules.
 */
export default async function deliveryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, acceptDeliveryRequest, async (p, req) => db.transaction(async tx => {
    const { request, deliveryId, splitId } = await acceptRequest(tx, authOf(req), p);
    return { msg: 'OK', id: Number(request.id), version: Number(request.version), delivery_id: deliveryId, split_id: splitId };
  }));

  route(app, refuseDeliveryRequest, async (p, req) => db.transaction(async tx => {
    const request = await refuseRequest(tx, authOf(req), p);
    return { msg: 'OK', id: Number(request.id), version: Number(request.version) };
  }));

  route(app, shipEndpoint, async (p, req) => db.transaction(async tx => {
    const { delivery, stockdocId, movements } = await shipDelivery(tx, authOf(req), p.id, p.version);
    return { msg: 'OK', id: Number(delivery.id), version: Number(delivery.version), stockdoc_id: stockdocId, movements };
  }));

  route(app, signEndpoint, async (p, req) => db.transaction(async tx => {
    const delivery = await signDelivery(tx, authOf(req), p);
    return { msg: 'OK', id: Number(delivery.id), version: Number(delivery.version) };
  }));

  route(app, openDeliveryLines, async (p, req) => ({ msg: 'OK', dt: await openLines(db, authOf(req), p) }));
}
