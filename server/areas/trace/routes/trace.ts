import type { FastifyInstance } from 'fastify';
import { finishedCards, trace } from '../../../../src/domain/contract/endpoints/trace';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { finishedCards as finishedCardsOf } from '../finished-cards';
import { traceOf } from '../trace';

/** Traceability and the finished-goods views (docs/delivery.md; contract src/domain/contract/endpoints/trace.ts). */
export default async function traceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  // Any logged-in caller; the start and each part are checked against its grants inside (decision 208).
  route(app, trace, async (p, req) => traceOf(db, authOf(req), p));
  // `view` of the places of stock, checked by the declaration's access.
  route(app, finishedCards, async (p, req) => finishedCardsOf(db, authOf(req), p));
}
