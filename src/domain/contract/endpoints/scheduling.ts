import { devices } from '../../resources/devices/devices';
import { endpoint, isRecord } from '../endpoint';
import { boardParamsSchema, saveQueuesParamsSchema, type BoardReply, type SaveQueuesReply } from '../scheduling';

/** The scheduling board's calls (docs/scheduling.md; schemas in ../scheduling.ts). */

/** A work node's machines with their queues, and the steps waiting for one (also needs `view` of card steps). */
export const schedulingBoard = endpoint<BoardReply>()({
  method: 'GET', path: '/devices/arranges/', params: boardParamsSchema,
  access: { resource: devices, op: 'read' }, offline: 'read',
  looksRight: r => isRecord(r) && Array.isArray(r.devices) && Array.isArray(r.unscheduled),
});

/** Machines' queues saved, each at the version the planner saw. */
export const saveSchedulingQueues = endpoint<SaveQueuesReply>()({
  method: 'POST', path: '/devices/arranges/save/', params: saveQueuesParamsSchema,
  access: { resource: devices, op: 'read', action: 'arrange' }, looksRight: r => isRecord(r) && Array.isArray(r.devices),
});
