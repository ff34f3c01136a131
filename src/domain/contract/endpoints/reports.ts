import { z } from 'zod';
import '../zod-config';
import { FACT_SOURCES, REPORT_SOURCES, type ReportSource } from '../../reports/fact-sources';
import { resourceByName } from '../../resources/all';
import { messages } from '../../resources/system/messages';
import { endpoint, hasArray, isRecord, type Endpoint } from '../endpoint';
import type { Envelope } from '../replies';
import {
  reportFactsParamsSchema, reportFactsParamsSchemaOf, reportTotalsParamsSchema, type ReportFactsReply, type ReportTotalsReply,
} from '../report-facts';
import type { TodosReply } from '../todos';

/**
 * The calls of reports, the to-do list and messages (docs/reports.md; schemas in ../report-facts.ts). The facts and
 * totals are one endpoint per report source, declared here for every source of src/domain/reports/fact-sources.ts.
 * Each needs `view` on the source's resource itself: `read` would also pass with `view` on a resource that references
 * it (a worker's own piece work references card steps), which grants names, not the plant's facts.
 */
function sourceResource(source: ReportSource) {
  const res = resourceByName(FACT_SOURCES[source].resource);
  if (!res) throw new Error(`report source ${source}: no resource ${FACT_SOURCES[source].resource}`);
  return res;
}

type FactsEndpoint = Endpoint<typeof reportFactsParamsSchema, ReportFactsReply>;
type TotalsEndpoint = Endpoint<ReturnType<typeof reportTotalsParamsSchema>, ReportTotalsReply>;

/** `GET /reports/facts/<source>/`: the source's facts over a range as compact columns, paged. */
export const reportFacts: Readonly<Record<ReportSource, FactsEndpoint>> = Object.fromEntries(REPORT_SOURCES.map(source => [
  source, endpoint<ReportFactsReply>()({
    method: 'GET', path: `/reports/facts/${source}/`, params: reportFactsParamsSchemaOf(source),
    access: { resource: sourceResource(source), op: 'view' }, offline: 'read',
    looksRight: r => isRecord(r) && Array.isArray(r.ids) && typeof r.keys === 'object',
  }),
])) as Record<ReportSource, FactsEndpoint>;

/** `GET /reports/totals/<source>/`: the source's sums over a range by one of its keys, in SQL. */
export const reportTotals: Readonly<Record<ReportSource, TotalsEndpoint>> = Object.fromEntries(REPORT_SOURCES.map(source => [
  source, endpoint<ReportTotalsReply>()({
    method: 'GET', path: `/reports/totals/${source}/`, params: reportTotalsParamsSchema(source),
    access: { resource: sourceResource(source), op: 'view' }, offline: 'read', looksRight: hasArray('rows'),
  }),
])) as Record<ReportSource, TotalsEndpoint>;

/** What waits on the caller, per kind of to-do they may handle (each kind checked against their grants inside). */
export const todos = endpoint<TodosReply>()({
  method: 'GET', path: '/todos/', params: z.looseObject({}), access: 'session', offline: 'read',
  looksRight: hasArray('groups'),
});

/** Every unread message of the caller marked read (its own only, whatever its role). */
export const readAllMessages = endpoint<Envelope & { marked: number }>()({
  method: 'POST', path: '/messages/read_all/', params: z.looseObject({}), access: { resource: messages, op: 'write' },
});
