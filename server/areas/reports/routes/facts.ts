import type { FastifyInstance } from 'fastify';
import {
  reportFactsParamsSchema, reportTotalsParamsSchema, type ReportFactsParams, type ReportFactsReply, type ReportTotalsParams,
  type ReportTotalsReply,
} from '../../../../src/domain/contract/report-facts';
import { FACT_SOURCES, REPORT_SOURCES } from '../../../../src/domain/reports/fact-sources';
import { resourceByName } from '../../../../src/domain/resources/all';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { inputOf } from '../../../http/contract';
import { reportFacts, reportTotals } from '../fact-pages';

/**
 * The facts reports are computed from (docs/reports.md, contract src/domain/contract/report-facts.ts): per source,
 * `GET /reports/facts/<source>/` (its facts as columns, paged) and `GET /reports/totals/<source>/` (their sums by one
 * key, in SQL), each needing `view` on the source's resource (fact-sources.ts) — a role sees only the facts of what it
 * may view.
 */
export default async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  for (const source of REPORT_SOURCES) {
    const resource = resourceByName(FACT_SOURCES[source].resource);
    if (!resource) throw new Error(`report source ${source}: no resource ${FACT_SOURCES[source].resource}`);
    // `view` on the source's resource itself: `read` would also pass with `view` on a resource that references it (a
    // worker's own piece work references card steps), which grants names, not the plant's facts.
    const access = { resource, op: 'view' } as const;
    app.get(`/reports/facts/${source}/`, {
      config: { access }, schema: { querystring: reportFactsParamsSchema },
    }, async (req): Promise<ReportFactsReply> => reportFacts(db, authOf(req), source, inputOf<ReportFactsParams>(req)));
    app.get(`/reports/totals/${source}/`, {
      config: { access }, schema: { querystring: reportTotalsParamsSchema(source) },
    }, async (req): Promise<ReportTotalsReply> => {
      const p = inputOf<ReportTotalsParams>(req);
      return { msg: 'OK', source, group: p.group, ...(await reportTotals(db, authOf(req), source, p, p.group)) };
    });
  }
}
