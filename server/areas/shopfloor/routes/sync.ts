import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { PULL_DEFAULT, type PullReply } from '../../../../src/domain/contract/sync';
import { translate } from '../../../../src/domain/messages/catalog';
import { resourceByName } from '../../../../src/domain/resources/all';
import { canRead } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import { ownerCondition, ownRows } from '../../../auth/row-scope';
import type { Db } from '../../../db/connection';
import { tableOf, tombstones } from '../../../db/tables';
import { badRequest, forbidden } from '../../../lib/api-error';
import { authOf } from '../../../http/auth';
import { column, replyRows, selectRows } from '../../../db/columns';
import { pushFacts } from '../facts/push';
import { offlineScopeCondition } from '../../../resources/offline-scope';
import { pullHorizon } from '../../../resources/pull-horizon';
import * as syncApi from '../../../../src/domain/contract/endpoints/sync';
import { route } from '../../../http/endpoint-route';

/**
 * A pulled row leaves out its empty fields: an offline copy reads a missing field as empty, and a first fill of
 * 100,000 rows then carries and stores a third less (bench/bootstrap).
 */
function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in row) if (row[k] !== null && row[k] !== undefined) out[k] = row[k];
  return out;
}

/**
 * `GET /sync/pull/?table=&since=&limit=` (src/domain/contract/sync.ts): the rows of one offline resource changed after
 * change number `since`, in change order, and the ids deleted after it (DESIGN §6). The client stores `cursor` and asks
 * again while `more`. Any resource declared `offline` can be pulled this way without code of its own; whoever may list
 * it may pull it, within its row scope and without the fields it may not see.
 *
 * Only change numbers below the pull horizon are served (resources/pull-horizon.ts): a row whose transaction has not
 * ended yet waits for the next pull instead of being skipped for good. A resource kept offline in part
 * (`offlineScope`) serves the rows in scope, and tells a cache the ids of changed rows that are out of it.
 */
export default async function syncRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, syncApi.pull, async (p, req) => {
    const res = resourceByName(p.table);
    if (!res || !res.offline) throw badRequest();
    const auth = authOf(req);
    if (!canRead(auth, res)) throw forbidden();
    const since = p.since ?? 0;
    const limit = p.limit ?? PULL_DEFAULT;
    const horizon = await pullHorizon(db);
    const t = tableOf(res);
    // A resource kept offline only in part (cards: the unfinished ones) serves the rows in its scope.
    const scope = offlineScopeCondition(res);
    const changed = await replyRows(db, selectRows(db, res)
      .where(and(gt(column(t, 'rev'), since), lt(column(t, 'rev'), horizon), scope ?? undefined))
      .orderBy(asc(column(t, 'rev'))).limit(limit + 1));
    const more = changed.length > limit;
    const page = changed.slice(0, limit);
    // With more to come, the deletions go up to the page's last change; else up to the horizon.
    const upTo = more ? Number(page[page.length - 1]!.rev) : horizon - 1;
    const gone = await db.select({ kid: tombstones.kid, rev: tombstones.rev }).from(tombstones)
      .where(and(eq(tombstones.table_name, res.name), gt(tombstones.rev, since), lt(tombstones.rev, upTo + 1)))
      .orderBy(asc(tombstones.rev));
    // Every change number up to `upTo` has been settled and looked at: the next pull starts above it.
    const cursor = Math.max(since, upTo);
    // Row scope: a changed row that is not the caller's (any more: a customer handed to a colleague) leaves the
    // caller's cache like a deleted one; only its id is told, and only to a cache that may hold it (since > 0).
    const mine = await ownRows(db, auth, res, page);
    const kept = new Set(mine);
    const lost = since > 0 ? page.filter(r => !kept.has(r)).map(r => r.id as number) : [];
    // Rows that left the scope since the cursor (a card finished) leave the copy like deleted ones.
    if (scope && since > 0) {
      const left = await db.select({ id: column(t, 'id') }).from(t)
        .where(and(gt(column(t, 'rev'), since), lt(column(t, 'rev'), upTo + 1), sql`not (${scope})`));
      lost.push(...left.map(r => r.id as number));
    }
    const redact = await redactorFor(db, auth, res);
    const reply: PullReply = {
      msg: 'OK', table: res.name, rows: mine.map(r => withoutNulls(redact(r))), deleted: [...gone.map(d => d.kid), ...lost], cursor, more,
    };
    if (p.count) {
      // Only the caller's rows are counted, as only they are served.
      const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t)
        .where(and(gt(column(t, 'rev'), since), lt(column(t, 'rev'), horizon), scope ?? undefined, ownerCondition(auth, res)));
      reply.remaining = c?.n ?? 0;
    }
    return reply;
  });

  /**
   * `POST /sync/push/` (docs/shopfloor.md "Push", contract src/domain/contract/sync.ts): a kiosk's or tablet's queued
   * facts. Needs a device session (a device login, 403 `device_login_required` otherwise) whose account still holds
   * the `kiosk` action of computers, and `device` must be that session's computer (403 `fact_device_mismatch`). The
   * batch is decided and written in one transaction (server/areas/shopfloor/facts/push.ts); each fact's result says
   * `applied`, `duplicate` or `rejected` with its reason in the caller's language, and `lastSeq` is the watermark.
   */
  route(app, syncApi.push, async (p, req) => {
    const auth = authOf(req);
    const out = await pushFacts(db, auth, auth.computerId!, p.device, { mutations: p.mutations, floor: p.floor });
    return {
      msg: 'OK', lastSeq: out.lastSeq,
      results: out.results.map(r => ({
        id: r.id, status: r.status,
        ...(r.reason ? { reason: translate(req.lang, r.reason.key, r.reason.params), key: r.reason.key } : {}),
      })),
    };
  });
}
