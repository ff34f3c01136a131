import type { FastifyInstance } from 'fastify';
import { ignoreStatement as ignoreEndpoint, importStatement as importEndpoint, postStatement as postEndpoint } from '../../../../src/domain/contract/endpoints/statement';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import type { Db } from '../../../db/connection';
import { importStatement } from './import';
import { ignoreStatement, postStatement } from './post';

/**
 * The bank statement import's calls (docs/finance.md "4. Bank statement import"; contract
 * src/domain/contract/endpoints/statement.ts). Each is one transaction: refused whole, nothing half-written.
 */
export default async function statementRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, importEndpoint, async (p, req) => db.transaction(async tx => ({ msg: 'OK', ...(await importStatement(tx, authOf(req), p)) })));
  route(app, postEndpoint, async (p, req) => db.transaction(async tx => ({ msg: 'OK', ...(await postStatement(tx, authOf(req), p)) })));
  route(app, ignoreEndpoint, async (p, req) => db.transaction(async tx => ({ msg: 'OK', ignored: await ignoreStatement(tx, authOf(req), p) })));
}
