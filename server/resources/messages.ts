import { sql } from 'drizzle-orm';
import { can, mergeGrants, permissionsOf, type Grants } from '../../src/domain/contract/permissions';
import { isLang, type Lang } from '../../src/domain/messages/catalog';
import { rows, type Db } from '../db/connection';

/**
 * The messages the server writes (docs/reports.md "Messages", src/domain/resources/system/messages.ts), inside the
 * transaction of the event they tell of, so a message exists exactly when its event does. Each is written in its
 * recipient's language: the one the account last used the app in (accounts.language, kept by server/auth/sessions.ts),
 * zh until it has used one.
 */

export interface Message {
  kind: 'deadletters' | 'order_confirmed' | 'order_finished' | 'stock_low' | 'note' | 'form_flagged';
  title: string;
  body?: string | null;
  /** A route of the app that shows what the message is about. */
  link?: string | null;
}

/**
 * Writes one message to each account named (each once; none when the list is empty), made by `render` in the
 * account's language (once per language among them).
 */
export async function sendMessage(tx: Db, accountIds: readonly number[], render: (lang: Lang) => Message,
  by: number | null): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  const found = await rows<{ id: number; language: string | null }>(tx, sql`
    select id, language from accounts where id = any(${sql.param(ids)}::int[])`);
  const made = new Map<Lang, Message>();
  const to = found.map(a => {
    const lang = a.language !== null && isLang(a.language) ? a.language : 'zh';
    let m = made.get(lang);
    if (!m) made.set(lang, (m = render(lang)));
    return { account: Number(a.id), m };
  });
  if (to.length === 0) return;
  const col = <T>(f: (x: (typeof to)[number]) => T) => sql.param(to.map(f));
  await tx.execute(sql`
    insert into messages (account_id, kind, title, body, link, created_by, updated_by)
    select x.a, x.kind, x.title, x.body, x.link, ${by}::int, ${by}::int
    from unnest(${col(x => x.account)}::int[], ${col(x => x.m.kind)}::text[], ${col(x => x.m.title.slice(0, 200))}::text[],
      ${col(x => x.m.body?.slice(0, 2000) ?? null)}::text[], ${col(x => x.m.link ?? null)}::text[]) as x(a, kind, title, body, link)`);
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
