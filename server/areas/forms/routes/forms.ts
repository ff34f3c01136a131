import type { FastifyInstance } from 'fastify';
import { formCounts as countsEndpoint, reviewForm as reviewEndpoint } from '../../../../src/domain/contract/endpoints/forms';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import type { Db } from '../../../db/connection';
import { formCounts, reviewForm } from '../review';

/**
 * The special calls of forms (docs/sales-office.md "Forms"; contract src/domain/contract/endpoints/forms.ts): the
 * review of a form and the counts of the categories screen. Their list, detail, save and cancel are the registry's.
 */
export default async function formsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, reviewEndpoint, async (p, req) => db.transaction(async tx => {
    const form = await reviewForm(tx, authOf(req), p);
    return { msg: 'OK', id: Number(form.id), version: Number(form.version), status: String(form.status) };
  }));

  route(app, countsEndpoint, async (_p, req) => ({ msg: 'OK', dt: await formCounts(db, authOf(req)) }));
}
