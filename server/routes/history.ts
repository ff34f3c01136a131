import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import { canRead } from '../auth/permissions';
import type { Db } from '../db/connection';
import { history } from '../db/tables';
import { badRequest, forbidden } from '../lib/api-error';
import { int, paramsOf, str } from '../lib/params';
import { authOf } from '../plugins/auth';

/** `GET /history/list/?table_name=&kid=`: every change to one row, oldest first; readable by whoever reads the row. */
export default async function historyRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/history/list/', { config: { access: 'session' } }, async req => {
    const p = paramsOf(req);
    const res = resourceByName(str(p, 'table_name') ?? '');
    const kid = int(p, 'kid');
    if (!res || kid === undefined) throw badRequest();
    if (!canRead(authOf(req), res)) throw forbidden();
    const dt = await opts.db.select().from(history)
      .where(and(eq(history.table_name, res.name), eq(history.kid, kid))).orderBy(asc(history.id));
    return { msg: 'OK', dt, total: dt.length };
  });
}
