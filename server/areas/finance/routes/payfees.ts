import type { FastifyInstance } from 'fastify';
import { bankBalances as balancesEndpoint, voidInvoice as voidEndpoint } from '../../../../src/domain/contract/endpoints/payfees';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import type { Db } from '../../../db/connection';
import { bankBalances, voidInvoice } from '../payfees';

/**
 * The special calls of payouts, invoices and fees (docs/finance.md; contract src/domain/contract/endpoints/payfees.ts):
 * voiding an invoice (one transaction) and the bank balances. Their generic list, edit, create, cancel and import are
 * the registry's.
 */
export default async function payfeesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, voidEndpoint, async (p, req) => db.transaction(async tx => {
    const inv = await voidInvoice(tx, authOf(req), p.id, p.version);
    return { msg: 'OK', id: Number(inv.id), version: Number(inv.version) };
  }));

  route(app, balancesEndpoint, async (p, req) => ({ msg: 'OK', dt: await bankBalances(db, authOf(req), p) }));
}
