import { works } from '../../resources/production/works';
import { endpoint, hasArray, isRecord } from '../endpoint';
import { closeMonthParamsSchema, type CloseMonthReply } from '../closed-months';
import {
  fromNodesParamsSchema, slipsParamsSchema, worksReportParamsSchema, type FromNodesReply, type SlipsReply,
  type WorksReportReply,
} from '../piece-work';

/** The special calls of piece work (docs/piece-work.md; schemas in ../piece-work.ts). */

/** Each person's records over a range, with totals. */
export const worksReport = endpoint<WorksReportReply>()({
  method: 'GET', path: '/persons/works/report/', params: worksReportParamsSchema,
  access: { resource: works, op: 'read' }, offline: 'read',
  looksRight: r => isRecord(r) && Array.isArray(r.dt) && isRecord(r.totals),
});

/** The same report as excel.xlsx (spec §9). */
export const worksReportExport = endpoint<never>()({
  method: 'POST', path: '/persons/works/report/export/', params: worksReportParamsSchema,
  access: { resource: works, op: 'read', action: 'export' }, reply: 'file',
});

/** Pay slips: each person's records and sum over a range. */
export const paySlips = endpoint<SlipsReply>()({
  method: 'GET', path: '/persons/works/slips/', params: slipsParamsSchema,
  access: { resource: works, op: 'read' }, offline: 'read', looksRight: hasArray('dt'),
});

/** Records made from the finished card steps of a range (each step once). */
export const worksFromNodes = endpoint<FromNodesReply>()({
  method: 'POST', path: '/persons/works/from_nodes/', params: fromNodesParamsSchema,
  access: { resource: works, op: 'write' }, looksRight: r => isRecord(r) && typeof r.created === 'number',
});

/** A pay month closed or reopened, under its lock. */
export const closeWorkPeriod = endpoint<CloseMonthReply>()({
  method: 'POST', path: '/persons/works/close_period/', params: closeMonthParamsSchema,
  access: { resource: works, op: 'read', action: 'close' }, looksRight: r => isRecord(r) && typeof r.closed === 'boolean',
});
