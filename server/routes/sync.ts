import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import { canRead } from '../auth/permissions';
import type { Db } from '../db/connection';
import { tableOf, tombstones } from '../db/tables';
import { badRequest, forbidden } from '../lib/api-error';
import { int, paramsOf, str } from '../lib/params';
import { authOf } from '../plugins/auth';
import { column, selectRows } from '../resources/columns';

/**
 * `GET /sync/pull/?table=&since=&limit=`: the rows of one offline resource changed after change number `since`, in
 * change order, and the ids deleted after it (DESIGN §6). The client stores `cursor` and asks again while `more`.
 * Any resource declared `offline` can be pulled this way without code of its own.
 */
export default async function syncRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.get('/sync/pull/', { config: { access: 'session' } }, async req => {
    const p = paramsOf(req);
    const res = resourceByName(str(p, 'table') ?? '');
    if (!res || !res.offline) throw badRequest();
    if (!canRead(authOf(req), res)) throw forbidden();
    const since = int(p, 'since', 0)!;
    const limit = Math.min(Math.max(int(p, 'limit', 5000)!, 1), 20_000);
    if (since < 0) throw badRequest();
    const t = tableOf(res);
    const changed = await selectRows(db, res).where(gt(column(t, 'rev'), since))
      .orderBy(asc(column(t, 'rev'))).limit(limit + 1);
    const more = changed.length > limit;
    const page = changed.slice(0, limit);
    const upTo = more ? Number(page[page.length - 1]!.rev) : Number.MAX_SAFE_INTEGER;
    const gone = await db.select({ kid: tombstones.kid, rev: tombstones.rev }).from(tombstones)
      .where(and(eq(tombstones.table_name, res.name), gt(tombstones.rev, since))).orderBy(asc(tombstones.rev));
    const deleted = gone.filter(g => g.rev <= upTo);
    const cursor = Math.max(since, ...page.map(r => Number(r.rev)), ...deleted.map(d => d.rev));
    return { msg: 'OK', table: res.name, rows: page, deleted: deleted.map(d => d.kid), cursor, more };
  });
}
