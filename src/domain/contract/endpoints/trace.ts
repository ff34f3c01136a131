import { stocklots } from '../../resources/warehouse/stocklots';
import { endpoint, isRecord } from '../endpoint';
import { finishedCardsParamsSchema, traceParamsSchema, type FinishedCardsReply, type TraceReply } from '../trace';

/** The calls of traceability and the finished-goods views (docs/delivery.md; schemas in ../trace.ts). */

/**
 * A trace from a delivery line, a delivery, a package, a card, an order line or a lot, backward to the cards' steps,
 * inspections, defects and materials and forward to every delivery and customer (decision 208). Any logged-in caller:
 * the start must be one it may view (else 403; a row not its own, 404), and each part is shown only to a caller who
 * may view it — the handler checks, and names what it left out.
 */
export const trace = endpoint<TraceReply>()({
  method: 'GET', path: '/trace/', params: traceParamsSchema, access: 'session', offline: 'read',
  looksRight: r => isRecord(r) && isRecord(r.start) && Array.isArray(r.cards) && Array.isArray(r.hidden),
});

/** The finished-goods stock by card (`/warehouses/cards`, decision 210): `view` of the places of stock. */
export const finishedCards = endpoint<FinishedCardsReply>()({
  method: 'GET', path: '/warehouses/cards/list/', params: finishedCardsParamsSchema, access: { resource: stocklots, op: 'view' },
  offline: 'read', looksRight: r => isRecord(r) && Array.isArray(r.dt) && typeof r.total === 'number',
});
