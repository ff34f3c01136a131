import type { FastifyInstance } from 'fastify';
import { reportFacts as reportFactsEndpoints, reportTotals as reportTotalsEndpoints } from '../../../../src/domain/contract/endpoints/reports';
import { REPORT_SOURCES } from '../../../../src/domain/reports/fact-sources';
import type { Db } from '../../../db/connection';
import { route } from '../../../http/endpoint-route';
import { authOf } from '../../../http/auth';
import { reportFacts, reportTotals } from '../fact-pages';

/**
 * The facts reports are computed from (docs/reports.md, declared in src/domain/contract/endpoints/reports.ts): per
 * source, `GET /reports/facts/<source>/` (its facts as columns, paged) and `GET /reports/totals/<source>/` (their sums
 * by one key, in SQL), each needing `view` on the source's resource — a role sees only the facts of what it may view.
 */
export default async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  for (const source of REPORT_SOURCES) {
    route(app, reportFactsEndpoints[source], async (p, req) => reportFacts(db, authOf(req), source, p));
    route(app, reportTotalsEndpoints[source], async (p, req) =>
      ({ msg: 'OK', source, group: p.group, ...(await reportTotals(db, authOf(req), source, p, p.group)) }));
  }
}
