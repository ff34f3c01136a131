import type { FastifyInstance } from 'fastify';
import { cardnodes } from '../../../../src/domain/resources/orders/cardnodes';
import { canRead } from '../../../auth/permissions';
import type { Db } from '../../../db/connection';
import { forbidden } from '../../../lib/api-error';
import { authOf } from '../../../http/auth';
import { loadBoard } from '../board';
import { saveQueues } from '../save-queues';
import * as schedulingApi from '../../../../src/domain/contract/endpoints/scheduling';
import { route } from '../../../http/endpoint-route';

/**
 * Scheduling (排产, docs/scheduling.md, contract src/domain/contract/scheduling.ts). The board reads machines and card
 * steps: `view` on both. Saving queues is the machines' `arrange` action.
 */
export default async function arrangesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, schedulingApi.schedulingBoard, async (p, req) => {
    if (!canRead(authOf(req), cardnodes)) throw forbidden();
    return { msg: 'OK', ...(await loadBoard(db, p.worknode_id, p.days ?? 1)) };
  });

  route(app, schedulingApi.saveSchedulingQueues, async (p, req) => {
    const auth = authOf(req);
    return { msg: 'OK', devices: await db.transaction(tx => saveQueues(tx, auth, p.queues)) };
  });
}
