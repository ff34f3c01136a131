import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  buildBill as buildEndpoint, closeFinancePeriod, confirmBill as confirmEndpoint, deliveryPackings, listBill,
  queryBill as queryBillEndpoint,
} from '../../../../src/domain/contract/endpoints/finance';
import { finperiods } from '../../../../src/domain/resources/finance/finperiods';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { rows, type Db } from '../../../db/connection';
import { recordHistory } from '../../../resources/write';
import { queryBill } from '../bill-query';
import { buildBill, confirmBill } from '../bills';
import { FIN_MONTHS } from '../periods';
import { reconcile } from '../reconcile';

/**
 * The special calls of finance (docs/finance.md; contract src/domain/contract/endpoints/finance.ts). Each write is one
 * transaction: refused whole, nothing half-written. The actions (`build`, `confirm` of bills, `close` of finance
 * months) are checked by the declarations' access; row scope and the rest by the rules.
 */
export default async function financeRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, listBill, async (p, req) => ({ msg: 'OK', ...(await reconcile(db, authOf(req), p, false)) }));
  route(app, deliveryPackings, async (p, req) => ({ msg: 'OK', ...(await reconcile(db, authOf(req), p, true)) }));

  route(app, buildEndpoint, async (p, req) => db.transaction(async tx => {
    const { bill, lines } = await buildBill(tx, authOf(req), p);
    return { msg: 'OK', id: Number(bill.id), version: Number(bill.version), show_id: String(bill.show_id), lines, total: Number(bill.total) };
  }));

  route(app, confirmEndpoint, async (p, req) => db.transaction(async tx => {
    const bill = await confirmBill(tx, authOf(req), p.id, p.version);
    return { msg: 'OK', id: Number(bill.id), version: Number(bill.version) };
  }));

  // The public bill query: no login; what a bill says by a code is for no shared cache, nor kept past the page.
  route(app, queryBillEndpoint, async (p, req, reply) => {
    const dt = await queryBill(db, p, req.ip);
    reply.header('cache-control', 'no-store');
    return { msg: 'OK', dt };
  });

  // A month is closed (or reopened) under its exclusive lock, so no finance write of that month is half-way through.
  route(app, closeFinancePeriod, async (p, req) => {
    const auth = authOf(req);
    await db.transaction(async tx => {
      await FIN_MONTHS.lock(tx, [p.period], 'exclusive');
      const [before] = await rows<Record<string, unknown>>(tx, sql`select * from finperiods where period = ${p.period} for update`);
      if (before && before.closed === p.closed) return;
      const [after] = await rows<Record<string, unknown>>(tx, sql`
        insert into finperiods (period, closed, closed_at, closed_by, created_by, updated_by)
        values (${p.period}, ${p.closed}, ${p.closed ? new Date() : null}, ${p.closed ? auth.accountId : null}, ${auth.accountId}, ${auth.accountId})
        on conflict (period) do update set closed = excluded.closed, closed_at = excluded.closed_at,
          closed_by = excluded.closed_by, version = finperiods.version + 1, rev = next_rev(), updated_at = now(),
          updated_by = excluded.updated_by
        returning *`);
      await recordHistory(tx, finperiods, before ? 'update' : 'create', Number(after!.id), before ?? null, after!, auth, Number(after!.rev));
    });
    return { msg: 'OK', period: p.period, closed: p.closed };
  });
}
