import type { BoardReply, SaveQueuesParams, SaveQueuesReply } from '../domain/contract/scheduling';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiGet, apiPost } from './http';
import type { CallOptions } from './resource-client';

/**
 * The scheduling calls (排产, docs/scheduling.md, contract src/domain/contract/scheduling.ts): the board of one work
 * node's machines and the save of their queues. The schedule itself is fields of the card steps that only the save
 * writes, so no screen goes through `resourceClient` for it.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 2xx reply without what the contract promises: the address answers, but not as our server. */
function badReply(): ApiError {
  return new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
}

export interface BoardFilter {
  worknode_id: number;
  /** Days of capacity the loads are compared with (1 to 31); the server's default (1) when left out. */
  days?: number;
}

/** One machine's whole new queue, in order, at the queue version the planner saw. */
export type QueueSave = SaveQueuesParams['queues'][number];

/** `GET /devices/arranges/`: the machines of a work node with their queues and loads, and its steps on no queue. */
async function board(f: BoardFilter, o: CallOptions = {}): Promise<BoardReply> {
  const r = await apiGet<BoardReply>('/devices/arranges/', { worknode_id: f.worknode_id, days: f.days }, { signal: o.signal });
  if (!isRecord(r) || !Array.isArray(r.devices) || !Array.isArray(r.unscheduled)) throw badReply();
  return r;
}

/**
 * `POST /devices/arranges/save/`: the named machines' queues in one transaction. A version that is no longer the
 * machine's refuses the whole save (409 `queue_changed`), as does a machine out of service given a new step: the
 * request layer shows the server's message, and the caller reloads the board.
 */
async function saveQueues(queues: readonly QueueSave[], o: CallOptions = {}): Promise<SaveQueuesReply> {
  const r = await apiPost<SaveQueuesReply>('/devices/arranges/save/', { queues }, { signal: o.signal });
  if (!isRecord(r) || !Array.isArray(r.devices)) throw badReply();
  return r;
}

export const schedulingClient = { board, saveQueues };
