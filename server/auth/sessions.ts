import { and, eq, isNull, sql } from 'drizzle-orm';
import { mergeGrants, permissionsOf, type Grants, type Permissions } from '../../src/domain/contract/permissions';
import type { Lang } from '../../src/domain/messages/catalog';
import { rows, type Db } from '../db/connection';
import { authSessions, authTokens } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { hashSecret, newSecret } from '../lib/secrets';
import { DEFAULT_SECURITY, idleLimitMs, type SecurityOptions } from './options';

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
  roleIds: number[];
  /** What the account's roles grant together (src/domain/contract/permissions.ts). */
  permissions: Permissions;
  sessionRowId: number;
  tokenRowId: number;
  /** The computer code a kiosk or tablet logged in with (`client`), for the log; absent for a person's browser. */
  device?: string;
  /**
   * The `computers` row of a device login (docs/shopfloor.md "Kiosk identity"): the kiosk or tablet every fact of this
   * session comes from. Null (or absent, for an Auth made outside a request) for an office login.
   */
  computerId?: number | null;
}

/** What a login's token is: an office login, or a kiosk's device login bound to its computer. */
export type TokenKind = { kind: 'office' } | { kind: 'device'; computerId: number };
const OFFICE: TokenKind = { kind: 'office' };

/**
 * A new login token. A device token (a kiosk's) is bound to its computer and idles out after DEVICE_IDLE_DAYS instead
 * of the office hours (options.ts); the sessions re-opened with it keep both.
 */
export async function createToken(db: Db, accountId: number, kind: TokenKind = OFFICE): Promise<{ token: string; tokenRowId: number }> {
  const token = newSecret();
  const [row] = await db.insert(authTokens).values({
    account_id: accountId, token_hash: hashSecret(token),
    expires_at: new Date(Date.now() + TOKEN_DAYS * 86400_000),
    kind: kind.kind, computer_id: kind.kind === 'device' ? kind.computerId : null,
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
export async function checkToken(db: Db, token: string, opts: SecurityOptions = DEFAULT_SECURITY):
  Promise<{ tokenRowId: number; accountId: number; computerId?: number }> {
  const [t] = await rows<{ id: number | string; account_id: number; revoked_at: unknown; expires_at: Date | string; kind: string;
    computer_id: number | null; last_active: Date | string }>(db, sql`
    select t.id, t.account_id, t.revoked_at, t.expires_at, t.kind, t.computer_id,
           greatest(t.created_at, (select max(s.last_seen_at) from auth_sessions s where s.token_id = t.id)) as last_active
    from auth_tokens t where t.token_hash = ${hashSecret(token)} limit 1`);
  if (!t) throw new ApiError(401, 'token_invalid', {}, {}, { code: 50008 });
  if (t.revoked_at) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
  if (new Date(t.expires_at).getTime() < Date.now()) throw new ApiError(401, 'token_expired', {}, {}, { code: 50014 });
  await expireIfIdle(db, Number(t.id), t.kind, t.last_active, opts);
  // A device token names its computer; an office token has none.
  return {
    tokenRowId: Number(t.id), accountId: t.account_id,
    ...(t.kind === 'device' && t.computer_id !== null ? { computerId: Number(t.computer_id) } : {}),
  };
}

/**
 * What an account's roles grant together, for a check made before it has a session (a device login needs the
 * `kiosk` action of computers).
 */
export async function accountPermissions(db: Db, accountId: number): Promise<Permissions> {
  const [r] = await rows<{ is_admin: boolean | null; grants: (Grants | null)[] | null }>(db, sql`
    select coalesce((select bool_or(r.is_admin) from roles r where r.id = any(a.role_ids)), false) as is_admin,
           (select jsonb_agg(r.grants) from roles r where r.id = any(a.role_ids)) as grants
    from accounts a where a.id = ${accountId}`);
  return permissionsOf(!!r?.is_admin, mergeGrants(r?.grants ?? []));
}

/**
 * Idle expiry (DESIGN §5): a login unused for longer than its kind allows (office hours, or a kiosk's days) ends for
 * good — its token with it, or the next token login would open a fresh session and idleness would mean nothing.
 */
async function expireIfIdle(db: Db, tokenRowId: number, kind: string, lastActive: Date | string, opts: SecurityOptions): Promise<void> {
  const limit = idleLimitMs(opts, kind);
  if (limit <= 0 || Date.now() - new Date(lastActive).getTime() <= limit) return;
  const now = new Date();
  await db.update(authSessions).set({ revoked_at: now, revoke_reason: 'idle' })
    .where(and(eq(authSessions.token_id, tokenRowId), isNull(authSessions.revoked_at)));
  await db.update(authTokens).set({ revoked_at: now, revoke_reason: 'idle' })
    .where(and(eq(authTokens.id, tokenRowId), isNull(authTokens.revoked_at)));
  throw new ApiError(401, 'session_idle', {}, {}, { code: 50014 });
}

interface SessionRow {
  session_id: number; token_id: number; s_revoked: Date | string | null; t_revoked: Date | string | null;
  expires_at: Date | string; last_seen_at: Date | string; token_seen_at: Date | string; kind: string; account_id: number; username: string; name: string;
  person_id: number | null; active: boolean | null; is_admin: boolean; menus: string[] | null; role_codes: string[] | null;
  client: string | null; computer_id: number | null; language: string | null;
  role_ids: number[] | null; grants: (Grants | null)[] | null;
}

/**
 * Resolves the session id of the Authorization header, with the account and its roles, in one query (it runs on
 * every API call). No or unknown session → needlogin; revoked → 50012; expired token → 50014. `lang`, the language the
 * request names (the app names its UI language on every call), becomes the account's when it differs, on an office
 * login: the server writes the account's messages in it (server/resources/messages.ts). A write only when the user
 * changed languages.
 */
export async function resolveSession(db: Db, sessionid: string | undefined, opts: SecurityOptions = DEFAULT_SECURITY,
  lang?: Lang): Promise<Auth> {
  const needlogin = () => new ApiError(401, 'needlogin', {}, {}, { needlogin: 1 });
  if (!sessionid || sessionid.length > 200) throw needlogin();
  const [s] = await rows<SessionRow>(db, sql`
    select s.id as session_id, s.token_id, s.client, s.revoked_at as s_revoked, t.revoked_at as t_revoked, t.expires_at,
           s.last_seen_at, t.kind, t.computer_id, (select max(x.last_seen_at) from auth_sessions x where x.token_id = s.token_id) as token_seen_at,
           a.id as account_id, a.username, a.name, a.person_id, a.active, a.role_ids, a.language,
           coalesce((select bool_or(r.is_admin) from roles r where r.id = any(a.role_ids)), false) as is_admin,
           (select array_agg(distinct m) from roles r cross join unnest(r.menus) m where r.id = any(a.role_ids)) as menus,
           (select array_agg(r.code order by r.id) from roles r where r.id = any(a.role_ids)) as role_codes,
           (select jsonb_agg(r.grants) from roles r where r.id = any(a.role_ids)) as grants
    from auth_sessions s
    join auth_tokens t on t.id = s.token_id
    join accounts a on a.id = s.account_id
    where s.session_hash = ${hashSecret(sessionid)}`);
  if (!s) throw needlogin();
  if (s.s_revoked || s.t_revoked || s.active === false) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
  if (new Date(s.expires_at).getTime() < Date.now()) throw new ApiError(401, 'token_expired', {}, {}, { code: 50014 });
  // Idle is the login's, not the tab's: a tab left alone while another tab of the same login works stays logged in.
  await expireIfIdle(db, Number(s.token_id), s.kind, s.token_seen_at, opts);
  // Touch last_seen at most once a minute: a write on every call would cost more than the call itself.
  if (Date.now() - new Date(s.last_seen_at).getTime() > 60_000) {
    await db.update(authSessions).set({ last_seen_at: new Date() }).where(eq(authSessions.id, Number(s.session_id)));
  }
  // Not a kiosk's or tablet's: several terminals often share one account, each in its own language, and each call
  // would write the account back and forth; messages are for the people in the office.
  if (lang !== undefined && s.kind !== 'device' && lang !== s.language) {
    await db.execute(sql`update accounts set language = ${lang} where id = ${s.account_id}`);
  }
  const isAdmin = !!s.is_admin;
  return {
    accountId: s.account_id, username: s.username, name: s.name, personId: s.person_id,
    isAdmin, menus: new Set(s.menus ?? []), roleCodes: s.role_codes ?? [], roleIds: s.role_ids ?? [],
    permissions: permissionsOf(isAdmin, mergeGrants(s.grants ?? [])),
    sessionRowId: Number(s.session_id), tokenRowId: Number(s.token_id),
    ...(s.client ? { device: s.client } : {}),
    computerId: s.kind === 'device' && s.computer_id !== null ? Number(s.computer_id) : null,
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

/**
 * Password change or reset, deactivation, a change of roles: every token and session of the account is revoked for
 * good (re-enabling the account revives none of them). `exceptTokenRowId` keeps the caller's own login when the
 * account changes its own password.
 */
export async function revokeAccount(db: Db, accountId: number, reason: string, exceptTokenRowId?: number): Promise<void> {
  const now = new Date();
  const keep = exceptTokenRowId ?? -1;
  await db.update(authSessions).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authSessions.account_id, accountId), isNull(authSessions.revoked_at), sql`${authSessions.token_id} <> ${keep}`));
  await db.update(authTokens).set({ revoked_at: now, revoke_reason: reason })
    .where(and(eq(authTokens.account_id, accountId), isNull(authTokens.revoked_at), sql`${authTokens.id} <> ${keep}`));
}
