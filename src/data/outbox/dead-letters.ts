import { encodeListQuery } from '../../domain/contract/list';
import { genericEndpoints } from '../../domain/contract/endpoints/generic';
import { facts } from '../../domain/resources/shopfloor/facts';
import { callEndpoint } from '../endpoint-call';
import { outboxDb, storedComputer } from './device';
import { refreshOutboxStatus } from './status';

/**
 * The kiosk's dead letters follow the server's (docs/shopfloor.md "Dead letters"): a supervisor resolves or dismisses a
 * rejected fact on the server, and the kiosk's copy of it goes too, so its badge counts only what still waits. Facts
 * the server still holds as rejected stay; nothing is removed while the server cannot say.
 */
const READ_AT_MOST = 1_000;

export async function reconcileDeadLetters(): Promise<void> {
  const db = outboxDb();
  const computer = await storedComputer(db);
  const local = await db.deadletters.toArray();
  if (!computer || local.length === 0) return;
  // A background check: quiet whatever happens (the badge simply stays as it is).
  const still = await callEndpoint(genericEndpoints(facts).lists[0]!, encodeListQuery({
    filter: [{ field: 'status', op: 'eq', value: 'rejected' }, { field: 'computer_id', op: 'eq', value: computer.id }],
    limit: READ_AT_MOST, sort: ['-id'],
  }), { quiet: true }).catch(() => null);
  // No answer, or a partial one, says nothing about what was resolved.
  if (!still || !Array.isArray(still.dt) || still.total > still.dt.length) return;
  const rejected = new Set(still.dt.map(r => r.uuid));
  const gone = local.filter(d => !rejected.has(d.id)).map(d => d.id);
  if (gone.length === 0) return;
  await db.deadletters.bulkDelete(gone);
  await refreshOutboxStatus(db);
}
