import type { DismissParams, FactActionReply, ResubmitParams } from '../domain/contract/facts';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiPost } from './http';
import type { CallOptions } from './resource-client';

/**
 * The dead-letter actions of supervisors (docs/shopfloor.md "Facts on the server and dead letters"). Facts are read
 * through `resourceClient(facts)` like any resource; pushing them is the outbox's business (src/data/outbox).
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checked(r: unknown): FactActionReply {
  if (!isRecord(r) || typeof r.id !== 'number' || typeof r.status !== 'string') {
    throw new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
  }
  return r as unknown as FactActionReply;
}

/** `POST /sync/facts/resubmit/`: a rejected fact's corrected arguments through the rules again. */
async function resubmit(p: ResubmitParams, o: CallOptions = {}): Promise<FactActionReply> {
  return checked(await apiPost('/sync/facts/resubmit/', { ...p }, { signal: o.signal }));
}

/** `POST /sync/facts/dismiss/`: a rejected fact set aside with a note. */
async function dismiss(p: DismissParams, o: CallOptions = {}): Promise<FactActionReply> {
  return checked(await apiPost('/sync/facts/dismiss/', { ...p }, { signal: o.signal }));
}

export const factsClient = { resubmit, dismiss };
