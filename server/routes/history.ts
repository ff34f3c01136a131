import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { resourceByName } from '../../src/domain/resources/all';
import { canRead } from '../auth/permissions';
import type { Db } from '../db/connection';
import { history, tableOf } from '../db/tables';
import { badRequest, forbidden } from '../lib/api-error';
import { int, paramsOf, str } from '../lib/params';
import { authOf } from '../plugins/auth';
import { column } from '../resources/columns';

type Snapshot = Record<string, unknown> | null;

const ID_CHUNK = 10_000;

/** Positive integer ids, as they sit in a history snapshot's reference column (one id or a list). */
function idsIn(v: unknown): number[] {
  const all = Array.isArray(v) ? v : [v];
  return all.filter((x): x is number => Number.isSafeInteger(x) && (x as number) > 0);
}

/**
 * The display names of the rows an entry's reference fields point at, by target resource and id, so the history
 * reads 「业务员: 张三 → 李四」 and not ids. A row deleted since has no name; the client shows its id.
 * The names are those lists already carry (`<ref>_name`), so reading them needs no more than reading the row.
 */
async function referencedNames(db: Db, res: ResourceDef, entries: readonly { before: unknown; after: unknown }[]) {
  const wanted = new Map<string, Set<number>>();
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const ids = wanted.get(f.to) ?? new Set<number>();
    for (const e of entries) for (const snap of [e.before, e.after] as Snapshot[]) for (const id of idsIn(snap?.[name])) ids.add(id);
    wanted.set(f.to, ids);
  }
  const names: Record<string, Record<number, string>> = {};
  for (const [to, ids] of wanted) {
    const target = resourceByName(to);
    if (!target || ids.size === 0) continue;
    const t = tableOf(target);
    const out: Record<number, string> = {};
    const all = [...ids];
    // In parts: a long history of a long list reference must stay under the database's bind-parameter limit.
    for (let i = 0; i < all.length; i += ID_CHUNK) {
      const rows = await db.select({ id: column(t, 'id'), name: column(t, target.display) }).from(t)
        .where(inArray(column(t, 'id'), all.slice(i, i + ID_CHUNK)));
      // A row without a display name is shown by its id, as a deleted one is.
      for (const r of rows) if (r.name !== null && r.name !== '') out[r.id as number] = String(r.name);
    }
    names[to] = out;
  }
  return names;
}

/**
 * `GET /history/list/?table_name=&kid=`: every change to one row, oldest first, with `names` (target resource →
 * id → display name) for its references; readable by whoever reads the row.
 */
export default async function historyRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/history/list/', { config: { access: 'session' } }, async req => {
    const p = paramsOf(req);
    const res = resourceByName(str(p, 'table_name') ?? '');
    const kid = int(p, 'kid');
    if (!res || kid === undefined) throw badRequest();
    if (!canRead(authOf(req), res)) throw forbidden();
    const dt = await opts.db.select().from(history)
      .where(and(eq(history.table_name, res.name), eq(history.kid, kid))).orderBy(asc(history.id));
    return { msg: 'OK', dt, total: dt.length, names: await referencedNames(opts.db, res, dt) };
  });
}
