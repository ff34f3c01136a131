import { clearQueue } from '../queues';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `devices` beyond plain data (docs/scheduling.md): a machine moved to another work node no longer
 * runs the steps of the old one, so its queue is emptied (they go back to the unscheduled steps) and its queue version
 * goes up.
 */
export const devicesBehaviour: Behaviour = {
  async afterWrite(tx, { action, before, after }) {
    if (action === 'update' && before && after && before.worknode_id !== after.worknode_id) await clearQueue(tx, after.id as number);
  },
};
