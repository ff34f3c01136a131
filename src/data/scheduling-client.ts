import type { BoardReply, SaveQueuesParams, SaveQueuesReply } from '../domain/contract/scheduling';
import { saveSchedulingQueues, schedulingBoard } from '../domain/contract/endpoints/scheduling';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The scheduling calls (排产, docs/scheduling.md, contract src/domain/contract/scheduling.ts): the board of one work
 * node's machines and the save of their queues. The schedule itself is fields of the card steps that only the save
 * writes, so no screen goes through `resourceClient` for it.
 */

export interface BoardFilter {
  worknode_id: number;
  /** Days of capacity the loads are compared with (1 to 31); the server's default (1) when left out. */
  days?: number;
}

/** One machine's whole new queue, in order, at the queue version the planner saw. */
export type QueueSave = SaveQueuesParams['queues'][number];

/** `GET /devices/arranges/`: the machines of a work node with their queues and loads, and its steps on no queue. */
function board(f: BoardFilter, o: CallOptions = {}): Promise<BoardReply> {
  return callEndpoint(schedulingBoard, { worknode_id: f.worknode_id, days: f.days }, { signal: o.signal });
}

/**
 * `POST /devices/arranges/save/`: the named machines' queues in one transaction. A version that is no longer the
 * machine's refuses the whole save (409 `queue_changed`), as does a machine out of service given a new step: the
 * request layer shows the server's message, and the caller reloads the board.
 */
function saveQueues(queues: readonly QueueSave[], o: CallOptions = {}): Promise<SaveQueuesReply> {
  return callEndpoint(saveSchedulingQueues, { queues }, { signal: o.signal });
}

export const schedulingClient = { board, saveQueues };
