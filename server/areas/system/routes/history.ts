import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ResourceDef } from '../../../../src/domain/registry/resource';
import { resourceByName } from '../../../../src/domain/resources/all';
import { assertAction } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import { assertOwnRow, isScoped } from '../../../auth/row-scope';
import type { Auth } from '../../../auth/sessions';
import type { Db } from '../../../db/connection';
import { history, tableOf } from '../../../db/tables';
import { badRequest } from '../../../lib/api-error';
import { authOf } from '../../../http/auth';
import { column } from '../../../db/columns';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

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
 * A caller scoped to its own rows reads the history of a row that is its own now, or — deleted — was its own when
 * last seen; anyone else's answers 404 like the row's detail.
 */
async function assertOwnHistory(db: Db, auth: Auth, res: ResourceDef, kid: number, entries: readonly { before: unknown; after: unknown }[]) {
  const t = tableOf(res);
  const [row] = await db.select().from(t).where(eq(column(t, 'id'), kid));
  const last = entries.length ? entries[entries.length - 1]! : undefined;
  await assertOwnRow(db, auth, res, row ?? ((last?.after ?? last?.before) as Snapshot));
}

/**
 * `GET /history/list/?table_name=&kid=`: every change to one row, oldest first, with `names` (target resource →
 * id → display name) for its references; readable with the resource's `view`, within the caller's row scope, its
 * snapshots without the fields the caller may not see.
 */
export default async function historyRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, systemApi.history, async (p, req) => {
    const { table_name, kid } = p;
    const res = resourceByName(table_name);
    if (!res) throw badRequest();
    const auth = authOf(req);
    assertAction(auth, res, 'view');
    const found = await opts.db.select().from(history)
      .where(and(eq(history.table_name, res.name), eq(history.kid, kid))).orderBy(asc(history.id));
    if (isScoped(auth, res)) await assertOwnHistory(opts.db, auth, res, kid, found);
    const redact = await redactorFor(opts.db, auth, res);
    // `at` travels as its ISO text (what JSON makes of a Date), as the reply declares it.
    const dt = found.map(e => ({ ...e, at: e.at.toISOString(), before: redact(e.before as Snapshot), after: redact(e.after as Snapshot) }));
    return { msg: 'OK', dt, total: dt.length, names: await referencedNames(opts.db, res, dt) };
  });
}
