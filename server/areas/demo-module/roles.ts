import { asc, eq, sql } from 'drizzle-orm';
import { DEMO_OK, type DemoOk, type DemoRole, type DemoRoleCreate, type DemoRoleUpdate } from '../../../src/domain/contract/demo';
import type { Db } from '../../db/connection';
import { rows } from '../../db/connection';
import { demoRoles } from '../../db/tables';
import { ApiError } from '../../lib/api-error';
import { ALL_ROUTES, type DemoRoute } from './route-tree';

/** The demo module's roles (spec §6, §7): the route tree, the roles, and their create, update and delete. */

/** A new role's key: the next free whole number from 300 (the mock's range starts there). */
export const FIRST_NEW_ROLE_KEY = 300;

/** `GET routes`: the whole route tree. */
export function allRoutes(): DemoOk<DemoRoute[]> {
  return { code: DEMO_OK, data: structuredClone([...ALL_ROUTES]) };
}

/** `GET roles`: every role in the mock's order (admin, editor, visitor, then those added). */
export async function listRoles(db: Db): Promise<DemoOk<DemoRole[]>> {
  const found = await db.select({ key: demoRoles.key, name: demoRoles.name, description: demoRoles.description, routes: demoRoles.routes })
    .from(demoRoles).orderBy(asc(demoRoles.seq));
  return { code: DEMO_OK, data: found };
}

/**
 * `POST role`: stored under the next free number from 300. Two creates at once take the lock in turn, so each gets
 * its own key.
 */
export async function createRole(db: Db, r: DemoRoleCreate): Promise<DemoOk<{ key: number }>> {
  return db.transaction(async tx => {
    await tx.execute(sql`select pg_advisory_xact_lock(7311035)`);
    const [{ next }] = await rows<{ next: number }>(tx, sql`
      select greatest(${FIRST_NEW_ROLE_KEY}::bigint, coalesce(max(key::bigint) + 1, ${FIRST_NEW_ROLE_KEY}::bigint))::int as next
      from demo_roles where key ~ '^[0-9]{1,9}$'`) as [{ next: number }];
    await tx.insert(demoRoles).values({ key: String(next), name: r.name, description: r.description ?? '', routes: r.routes ?? [] });
    return { code: DEMO_OK, data: { key: Number(next) } };
  });
}

/** `PUT role/{key}`: the fields sent replace the stored ones; an unknown key is 404 `demo_role_not_found`. */
export async function updateRole(db: Db, key: string, r: DemoRoleUpdate): Promise<DemoOk<{ status: 'success' }>> {
  const changes = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Partial<typeof demoRoles.$inferInsert>;
  const found = Object.keys(changes).length
    ? await db.update(demoRoles).set(changes).where(eq(demoRoles.key, key)).returning({ key: demoRoles.key })
    : await db.select({ key: demoRoles.key }).from(demoRoles).where(eq(demoRoles.key, key));
  if (!found.length) throw new ApiError(404, 'demo_role_not_found');
  return { code: DEMO_OK, data: { status: 'success' } };
}

/** `DELETE role/{key}`: removed; an unknown key is 404 `demo_role_not_found`. */
export async function deleteRole(db: Db, key: string): Promise<DemoOk<{ status: 'success' }>> {
  const gone = await db.delete(demoRoles).where(eq(demoRoles.key, key)).returning({ key: demoRoles.key });
  if (!gone.length) throw new ApiError(404, 'demo_role_not_found');
  return { code: DEMO_OK, data: { status: 'success' } };
}
