import type { DismissParams, FactActionReply, ResubmitParams } from '../domain/contract/facts';
import { dismissFact, resubmitFact } from '../domain/contract/endpoints/sync';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The dead-letter actions of supervisors (docs/shopfloor.md "Facts on the server and dead letters"). Facts are read
 * through `resourceClient(facts)` like any resource; pushing them is the outbox's business (src/data/outbox).
 */
/** `POST /sync/facts/resubmit/`: a rejected fact's corrected arguments through the rules again. */
function resubmit(p: ResubmitParams, o: CallOptions = {}): Promise<FactActionReply> {
  return callEndpoint(resubmitFact, { ...p }, { signal: o.signal });
}

/** `POST /sync/facts/dismiss/`: a rejected fact set aside with a note. */
function dismiss(p: DismissParams, o: CallOptions = {}): Promise<FactActionReply> {
  return callEndpoint(dismissFact, { ...p }, { signal: o.signal });
}

export const factsClient = { resubmit, dismiss };
