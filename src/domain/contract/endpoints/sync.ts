import { facts } from '../../resources/shopfloor/facts';
import { endpoint, isRecord } from '../endpoint';
import { dismissParamsSchema, resubmitParamsSchema, type FactActionReply } from '../facts';
import { pullParamsSchema, pushParamsSchema, type PullReply, type PushReply } from '../sync';

/** The offline protocol (DESIGN §6, docs/shopfloor.md; schemas in ../sync.ts and ../facts.ts). */

/** A table's changes since a cursor, with tombstones, never skipping a slow transaction's rows. */
export const pull = endpoint<PullReply>()({
  method: 'GET', path: '/sync/pull/', params: pullParamsSchema, access: 'session', offline: 'read',
});

/**
 * A device's queued facts, in seq order: applied in one transaction, each answered applied, duplicate or rejected. A
 * JSON body (decision 133); only the outbox's sender calls it. The reply is checked by the sender before anything
 * leaves the outbox (src/data/sync-client.ts).
 */
export const push = endpoint<PushReply>()({
  method: 'POST', path: '/sync/push/', params: pushParamsSchema, access: 'device', body: 'json', offline: 'queued',
});

const resolvedFact = (r: unknown) => isRecord(r) && typeof r.id === 'number' && typeof r.status === 'string';

/** A rejected fact's corrected arguments through the rules again. */
export const resubmitFact = endpoint<FactActionReply>()({
  method: 'POST', path: '/sync/facts/resubmit/', params: resubmitParamsSchema,
  access: { resource: facts, op: 'read', action: 'resolve' }, looksRight: resolvedFact,
});

/** A rejected fact set aside with a note. */
export const dismissFact = endpoint<FactActionReply>()({
  method: 'POST', path: '/sync/facts/dismiss/', params: dismissParamsSchema,
  access: { resource: facts, op: 'read', action: 'resolve' }, looksRight: resolvedFact,
});
