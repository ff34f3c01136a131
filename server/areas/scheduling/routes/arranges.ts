import type { FastifyInstance } from 'fastify';
import {
  boardParamsSchema, saveQueuesParamsSchema, type BoardParams, type BoardReply, type SaveQueuesParams, type SaveQueuesReply,
} from '../../../../src/domain/contract/scheduling';
import { cardnodes } from '../../../../src/domain/resources/orders/cardnodes';
import { devices } from '../../../../src/domain/resources/devices/devices';
import { assertAction, canRead } from '../../../auth/permissions';
import type { Db } from '../../../db/connection';
import { forbidden } from '../../../lib/api-error';
import { authOf } from '../../../http/auth';
import { inputOf } from '../../../http/contract';
import { loadBoard } from '../board';
import { saveQueues } from '../save-queues';

/**
 * Scheduling (排产, docs/scheduling.md, contract src/domain/contract/scheduling.ts). The board reads machines and card
 * steps: `view` on both. Saving queues is the machines' `arrange` action.
 */
export default async function arrangesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/devices/arranges/', {
    config: { access: { resource: devices, op: 'read' } }, schema: { querystring: boardParamsSchema },
  }, async (req): Promise<BoardReply> => {
    if (!canRead(authOf(req), cardnodes)) throw forbidden();
    const p = inputOf<BoardParams>(req);
    return { msg: 'OK', ...(await loadBoard(db, p.worknode_id, p.days ?? 1)) };
  });

  app.post('/devices/arranges/save/', {
    config: { access: { resource: devices, op: 'read' } }, schema: { body: saveQueuesParamsSchema },
  }, async (req): Promise<SaveQueuesReply> => {
    const auth = authOf(req);
    assertAction(auth, devices, 'arrange');
    const p = inputOf<SaveQueuesParams>(req);
    return { msg: 'OK', devices: await db.transaction(tx => saveQueues(tx, auth, p.queues)) };
  });
}
