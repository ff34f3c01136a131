import type { CloseMonthReply } from '../domain/contract/closed-months';
import type { FromNodesReply, SlipsReply, WorksReportParams, WorksReportReply } from '../domain/contract/piece-work';
import {
  closeWorkPeriod, paySlips, worksFromNodes, worksReport, worksReportExport,
} from '../domain/contract/endpoints/piece-work';
import { callEndpoint, downloadFrom } from './endpoint-call';
import type { DownloadProgress } from './http';
import type { CallOptions } from './resource-client';

/**
 * The special calls of piece work (docs/piece-work.md, contract src/domain/contract/piece-work.ts). Work records,
 * pay months and wages are read and saved through `resourceClient` like any resource.
 */

/** The report's parameters as they travel: absent filters left out. */
function reportParams(p: WorksReportParams): Record<string, string | number> {
  const out: Record<string, string | number> = { from: p.from, to: p.to };
  if (p.person_id !== undefined) out.person_id = p.person_id;
  if (p.worknode_id !== undefined) out.worknode_id = p.worknode_id;
  if (p.department_id !== undefined) out.department_id = p.department_id;
  return out;
}

/** `GET /persons/works/report/`: per person and in total over a range (quantities at 2, pay summed at 4 then 2). */
function report(p: WorksReportParams, o: CallOptions = {}): Promise<WorksReportReply> {
  return callEndpoint(worksReport, reportParams(p), { signal: o.signal });
}

/** `POST /persons/works/report/export/`: the same report as excel.xlsx, headed in the user's language. */
function exportReport(p: WorksReportParams, o: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {}):
  Promise<{ file: Blob; rows: number | null }> {
  return downloadFrom(worksReportExport, reportParams(p), { signal: o.signal, onProgress: o.onProgress, silent: true });
}

/** `GET /persons/works/slips/`: per person their records and totals, for pay slips (or one person's rows). */
function slips(p: WorksReportParams & { person_ids?: number[] }, o: CallOptions = {}): Promise<SlipsReply> {
  const params = { ...reportParams(p), ...(p.person_ids ? { person_ids: p.person_ids } : {}) };
  return callEndpoint(paySlips, params, { signal: o.signal });
}

/** `POST /persons/works/from_nodes/`: records for the finished card steps of a range that have none yet. */
function fromNodes(p: { from: string; to: string; worknode_id?: number }, o: CallOptions = {}): Promise<FromNodesReply> {
  return callEndpoint(worksFromNodes, { ...p }, { signal: o.signal });
}

/** `POST /persons/works/close_period/`: closes (or reopens) a pay month. */
function closePeriod(period: string, closed: boolean, o: CallOptions = {}): Promise<CloseMonthReply> {
  return callEndpoint(closeWorkPeriod, { period, closed: closed ? 1 : 0 }, { signal: o.signal });
}

export const pieceWorkClient = { report, exportReport, slips, fromNodes, closePeriod };
