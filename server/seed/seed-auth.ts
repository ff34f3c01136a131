import { sql } from 'drizzle-orm';
import { accountPermissions, type Auth } from '../auth/sessions';
import { rows, type Db } from '../db/connection';

/** A demo account as a request of its own would see it: its roles' grants, no row scope beyond them. */
export async function seedAuth(tx: Db, username: string): Promise<Auth | null> {
  const [a] = await rows<{ id: number; name: string; person_id: number | null }>(tx, sql`
    select id, name, person_id from accounts where username = ${username}`);
  if (!a) return null;
  const permissions = await accountPermissions(tx, Number(a.id));
  return {
    accountId: Number(a.id), username, name: a.name, personId: a.person_id == null ? null : Number(a.person_id),
    isAdmin: username === 'admin', menus: new Set(), roleCodes: [], roleIds: [], permissions, sessionRowId: 0, tokenRowId: 0,
    computerId: null,
  };
}
