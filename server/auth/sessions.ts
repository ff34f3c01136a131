import { and, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/connection';
import { authSessions, authTokens } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { hashSecret, newSecret } from '../lib/secrets';

/** Token lifetime: the Admin-Token cookie lives 700 days (spec §9); the token in the database expires with it. */
export const TOKEN_DAYS = 700;

/** Who is calling, as every permission check sees it. */
export interface Auth {
  accountId: number;
  username: string;
  name: string;
  personId: number | null;
  isAdmin: boolean;
  /** Menu paths granted by the account's roles. */
  menus: ReadonlySet<string>;
  roleCodes: string[];
  sessionRowId: number;
  tokenRowId: number;
}

export async function createToken(db: Db, accountId: number): Promise<{ token: string; tokenRowId: number }> {
  const token = newSecret();
  const [row] = await db.insert(authTokens).values({
    account_id: accountId, token_hash: hashSecret(token),
    expires_at: new Date(Date.now() + TOKEN_DAYS * 86400_000),
  }).returning({ id: authTokens.id });
  return { token, tokenRowId: row!.id };
}

export async function createSession(db: Db, accountId: number, tokenRowId: number, client: string | undefined, ip: string):
  Promise<string> {
  const sessionid = newSecret();
  await db.insert(authSessions).values({
    token_id: tokenRowId, account_id: accountId, session_hash: hashSecret(sessionid),
    client: client?.slice(0, 200) ?? null, ip,
  });
  return sessionid;
}

/**
 * Checks a token for a token login. Unknown → 50008 (illegal token); revoked → 50012 (logged out elsewhere or
 * password changed); expired → 50014. These are the codes of DESIGN §4 and README "Auth replies".
 */
export async function checkToken(db: Db, token: string): Promise<{ tokenRowId: number; accountId: number }> {
  const [t] = await db.select().from(authTokens).where(eq(authTokens.token_hash, hashSecret(token))).limit(1);
  if (!t) throw new ApiError(401, 'token_invalid', {}, {}, { code: 50008 });
  if (t.revoked_at) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
  if (t.expires_at.getTime() < Date.now()) throw new ApiError(401, 'token_expired', {}, {}, { code: 50014 });
  return { tokenRowId: t.id, accountId: t.account_id };
}

interface SessionRow {
  session_id: number; token_id: number; s_revoked: Date | string | null; t_revoked: Date | string | null;
  expires_at: Date | string; last_seen_at: Date | string; account_id: number; username: string; name: string;
  person_id: number | null; active: boolean | null; is_admin: boolean; menus: string[] | null; role_codes: string[] | null;
}

/**
 * Resolves the session id of the Authorization header, with the account and its roles, in one query (it runs on
 * every API call). No or unknown session → needlogin; revoked → 50012; expired token → 50014.
 */
export async function resolveSession(db: Db, sessionid: string | undefined): Promise<Auth> {
  const needlogin = () => new ApiError(401, 'needlogin', {}, {}, { needlogin: 1 });
  if (!sessionid || sessionid.length > 200) throw needlogin();
  const [s] = await rows<SessionRow>(db, sql`
    select s.id as session_id, s.token_id, s.revoked_at as s_revoked, t.revoked_at as t_revoked, t.expires_at,
           s.last_seen_at, a.id as account_id, a.username, a.name, a.person_id, a.active,
           coalesce((select bool_or(r.is_admin) from roles r where r.id = any(a.role_ids)), false) as is_admin,
           (select array_agg(distinct m) from roles r cross join unnest(r.menus) m where r.id = any(a.role_ids)) as menus,
           (select array_agg(r.code order by r.id) from roles r where r.id = any(a.role_ids)) as role_codes
    from auth_sessions s
    join auth_tokens t on t.id = s.token_id
    join accounts a on a.id = s.account_id
    where s.session_hash = ${hashSecret(sessionid)}`);
  if (!s) throw needlogin();
  if (s.s_revoked || s.t_revoked || s.active === false) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
  if (new Date(s.expires_at).getTime() < Date.now()) throw new ApiError(401, 'token_expired', {}, {}, { code: 50014 });
  // Touch last_seen at most once a minute: a write on every call would cost more than the call itself.
  if (Date.now() - new Date(s.last_seen_at).getTime() > 60_000) {
    await db.update(authSessions).set({ last_seen_at: new Date() }).where(eq(authSessions.id, Number(s.session_id)));
  }
  return {
    accountId: s.account_id, username: s.username, name: s.name, personId: s.person_id,
    isAdmin: !!s.is_admin, menus: new Set(s.menus ?? []), roleCodes: s.role_codes ?? [],
    sessionRowId: Number(s.session_id), tokenRowId: Number(s.token_id),
  };
}

/** Logout: the session and the token behind it stop working on every instance at once. */
export async function revokeSession(db: Db, auth: Auth, reason: string): Promise<void> {
  const now = new Date();
  await db.update(authSessions).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authSessions.token_id, auth.tokenRowId), isNull(authSessions.revoked_at)));
  await db.update(authTokens).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authTokens.id, auth.tokenRowId), isNull(authTokens.revoked_at)));
}

/** Password change or deactivation: every token and session of the account is revoked. */
export async function revokeAccount(db: Db, accountId: number, reason: string, exceptTokenRowId?: number): Promise<void> {
  const now = new Date();
  const keep = exceptTokenRowId ?? -1;
  await db.update(authSessions).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authSessions.account_id, accountId), isNull(authSessions.revoked_at), sql`${authSessions.token_id} <> ${keep}`));
  await db.update(authTokens).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authTokens.account_id, accountId), isNull(authTokens.revoked_at), sql`${authTokens.id} <> ${keep}`));
}
