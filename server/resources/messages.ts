import { sql } from 'drizzle-orm';
import { can, mergeGrants, permissionsOf, type Grants } from '../../src/domain/contract/permissions';
import { rows, type Db } from '../db/connection';

/**
 * The messages the server writes (docs/reports.md "Messages", src/domain/resources/system/messages.ts), inside the
 * transaction of the event they tell of, so a message exists exactly when its event does. Texts are in the factory's
 * language (zh): the server keeps no language per user.
 */

export interface Message {
  kind: 'deadletters' | 'order_confirmed' | 'order_finished' | 'note';
  title: string;
  body?: string | null;
  /** A route of the app that shows what the message is about. */
  link?: string | null;
}

/** Writes one message to each account named (each once; none when the list is empty). */
export async function sendMessage(tx: Db, accountIds: readonly number[], m: Message, by: number | null): Promise<void> {
  const to = [...new Set(accountIds)];
  if (to.length === 0) return;
  await tx.execute(sql`
    insert into messages (account_id, kind, title, body, link, created_by, updated_by)
    select a, ${m.kind}, ${m.title.slice(0, 200)}, ${m.body?.slice(0, 2000) ?? null}, ${m.link ?? null}, ${by}::int, ${by}::int
    from unnest(${sql.param(to)}::int[]) as a`);
}

/** The active accounts whose roles grant `action` on `resource` (admins included). */
export async function accountsThatCan(tx: Db, resource: string, action: string): Promise<number[]> {
  const found = await rows<{ id: number; is_admin: boolean | null; grants: (Grants | null)[] | null }>(tx, sql`
    select a.id, bool_or(r.is_admin) as is_admin, jsonb_agg(r.grants) as grants
    from accounts a join roles r on r.id = any(a.role_ids)
    where coalesce(a.active, true)
    group by a.id`);
  return found.filter(a => can(permissionsOf(!!a.is_admin, mergeGrants(a.grants ?? [])), resource, action)).map(a => Number(a.id));
}

/** The active accounts of a person (a salesperson's logins). */
export async function accountsOfPerson(tx: Db, personId: number | null | undefined): Promise<number[]> {
  if (personId === null || personId === undefined) return [];
  const found = await rows<{ id: number }>(tx, sql`select id from accounts where person_id = ${personId} and coalesce(active, true)`);
  return found.map(a => Number(a.id));
}
