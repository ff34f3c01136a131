import { z } from 'zod';
import './zod-config';
import type { CardNodeStatus } from '../rules/card-status';
import type { Envelope } from './replies';
import { optionalInt, wireInt, wireJson } from './wire';

/**
 * The scheduling calls (排产, docs/scheduling.md): the board of one work node's machines with their queues and the
 * steps not yet scheduled, and the save of one or more machines' queues. Shared by the server (route schemas) and the
 * scheduling client (src/data/scheduling-client.ts).
 */
const ID_MAX = 2_147_483_647;

/** Days of capacity a board compares a queue's load with, at most (a month ahead). */
export const MAX_HORIZON_DAYS = 31;
/** Steps not yet scheduled a board lists, at most (oldest orders first); `unscheduled_total` counts them all. */
export const MAX_UNSCHEDULED = 300;
/** Machines one save may reorder, and steps one queue may hold. */
export const MAX_QUEUES_PER_SAVE = 20;
export const MAX_QUEUE_LENGTH = 2_000;

/** `GET /devices/arranges/?worknode_id=&days=`: the board of a work node; `days` of capacity (default 1). */
export const boardParamsSchema = z.looseObject({
  worknode_id: wireInt(1, ID_MAX),
  days: optionalInt(1, MAX_HORIZON_DAYS),
});
export type BoardParams = z.infer<typeof boardParamsSchema>;

/** A card at one step, as the board shows it: on a machine's queue or waiting for one. */
export interface QueueEntry {
  cardnode_id: number;
  card_id: number;
  show_id: string;
  order_show_id: string | null;
  customer_name: string | null;
  item_id: number;
  item_name: string | null;
  spec: string | null;
  /** What is left to make at this step: the card's quantity less what the step has already reported. */
  quantity: number;
  unit: string | null;
  status: CardNodeStatus;
  /** The card is at this step now (its earlier steps are done), rather than still on its way to it. */
  ready: boolean;
  due_date: string | null;
  /** Hours the step takes at the item's standard output (else the work node's); null when neither states one. */
  hours: number | null;
  plan_seq: number | null;
}

export interface BoardDevice {
  id: number;
  code: string;
  name: string;
  status: string;
  /** Whether the machine takes new cards (not in fault or maintenance). */
  available: boolean;
  daily_hours: number | null;
  /** The version its queue is at: a save names it, and a stale one is refused (409). */
  queue_version: number;
  /** daily_hours × the board's days; null when the machine states no hours. */
  capacity_hours: number | null;
  /** Hours of its queue (steps without a standard output count nothing; `unrated` counts them). */
  load_hours: number;
  unrated: number;
  /** The load is above the capacity. */
  overloaded: boolean;
  queue: QueueEntry[];
}

export interface BoardReply extends Envelope {
  worknode_id: number;
  days: number;
  devices: BoardDevice[];
  unscheduled: QueueEntry[];
  unscheduled_total: number;
}

const queueSchema = z.object({
  device_id: z.number().int().positive().max(ID_MAX),
  version: z.number().int().min(0).max(ID_MAX),
  cardnode_ids: z.array(z.number().int().positive().max(ID_MAX)).max(MAX_QUEUE_LENGTH, { message: 'too_many' }),
}, { message: 'bad_request' });

/**
 * `POST /devices/arranges/save/`: `queues` = JSON list of `{device_id, version, cardnode_ids}`, each the whole new
 * queue of a machine in order, at the version the planner saw. One transaction: every version must still be the
 * machine's (else 409 `queue_changed`, nothing written); a step left out of its machine's new queue goes back to the
 * unscheduled steps; a step may move between machines only when both are in the save.
 */
export const saveQueuesParamsSchema = z.looseObject({
  queues: wireJson(z.array(queueSchema, { message: 'bad_request' }).min(1, { message: 'queues_required' })
    .max(MAX_QUEUES_PER_SAVE, { message: 'too_many' })),
});
export type SaveQueuesParams = z.infer<typeof saveQueuesParamsSchema>;

export interface SaveQueuesReply extends Envelope {
  /** The machines saved, with their new queue versions. */
  devices: { id: number; queue_version: number }[];
}
