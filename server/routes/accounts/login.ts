import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { resourceByName } from '../../../src/domain/resources/all';
import type { Permissions } from '../../../src/domain/contract/permissions';
import { DEFAULT_SECURITY, type SecurityOptions } from '../../auth/options';
import { assertOwnOrigin } from '../../auth/origin';
import { attemptFailed, attemptSucceeded, beginAttempt } from '../../auth/rate-limit';
import { checkToken, createSession, createToken, revokeSession, TOKEN_DAYS } from '../../auth/sessions';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError } from '../../lib/api-error';
import { siteName } from '../../lib/configs';
import { paramsOf, str } from '../../lib/params';
import { verifyPassword } from '../../lib/secrets';
import { column } from '../../resources/columns';
import { updateRow } from '../../resources/write';
import { authOf } from '../../plugins/auth';

const accounts = resourceByName('accounts')!;

function setTokenCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  // Read by the client to re-open a session with a token login, so not httpOnly (spec §4: cookie Admin-Token).
  // Secure whenever the request came over HTTPS (behind a proxy: X-Forwarded-Proto, with TRUST_PROXY=1).
  reply.setCookie('Admin-Token', token, { path: '/', maxAge: TOKEN_DAYS * 86400, sameSite: 'lax', secure: req.protocol === 'https' });
}

async function accountBy(db: Db, field: 'username' | 'id', value: string | number) {
  const t = tableOf(accounts);
  const [a] = await db.select().from(t).where(field === 'username'
    ? sql`lower(${column(t, 'username')}) = lower(${value})` : eq(column(t, 'id'), value)).limit(1);
  return a as { id: number; name: string; password: string | null; active: boolean | null; version: number } | undefined;
}

/**
 * A kiosk or tablet logs in with `client` = its computer code (the device identity its offline writes will carry);
 * the server notes when and from where it was last seen.
 */
async function touchComputer(db: Db, client: string | undefined, ip: string): Promise<void> {
  if (!client) return;
  const t = tableOf(resourceByName('computers')!);
  await db.update(t).set({ last_seen: new Date(), ip: ip.slice(0, 64) }).where(eq(column(t, 'code'), client));
}

/**
 * Login, user info, logout and password change (spec §4, §7; DESIGN §5). README "Auth replies" says which answer
 * each failure gets.
 */
export default async function loginRoutes(app: FastifyInstance, opts: { db: Db; security?: SecurityOptions }) {
  const { db } = opts;
  const security = opts.security ?? DEFAULT_SECURITY;

  app.post('/accounts/login/', { config: { access: 'public' } }, async (req, reply) => {
    assertOwnOrigin(req, security.allowedOrigins);
    const p = paramsOf(req);
    const client = str(p, 'client');
    const ip = req.ip;
    const token = str(p, 'token');
    const username = str(p, 'username') ?? '';
    const password = str(p, 'password') ?? '';

    if (token && !password) {
      const t = await checkToken(db, token, security);
      const a = await accountBy(db, 'id', t.accountId);
      if (!a || a.active === false) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
      const sessionid = await createSession(db, a.id, t.tokenRowId, client, ip);
      await touchComputer(db, client, ip);
      return { msg: 'OK', token, name: a.name, site_name: await siteName(db), sessionid, data: { token } };
    }

    const missing: Record<string, { key: 'required' }> = {};
    if (!username) missing.username = { key: 'required' };
    if (!password) missing.password = { key: 'required' };
    if (Object.keys(missing).length) throw new ApiError(422, 'invalid_input', {}, missing);
    if (username.length > 100 || password.length > 200) throw new ApiError(400, 'login_failed');

    const attempt = await beginAttempt(db, username, ip);
    const a = await accountBy(db, 'username', username);
    const ok = await verifyPassword(password, a?.password);
    if (!a || !ok) {
      await attemptFailed(db, attempt);
      throw new ApiError(400, 'login_failed');
    }
    await attemptSucceeded(db, attempt);
    if (a.active === false) throw new ApiError(403, 'login_disabled');
    const { token: newToken, tokenRowId } = await createToken(db, a.id);
    const sessionid = await createSession(db, a.id, tokenRowId, client, ip);
    await touchComputer(db, client, ip);
    setTokenCookie(req, reply, newToken);
    const site = await siteName(db);
    const body: Record<string, unknown> = { msg: 'OK', name: a.name, site_name: site, sessionid, token: newToken, data: { token: newToken } };
    // The server-switch login (`?timeout=0` with `action`) also answers `logined`.
    if (str(p, 'action')) body.logined = 1;
    return body;
  });

  const info = async (req: FastifyRequest) => {
    const auth = authOf(req);
    const t = tableOf(accounts);
    const [a] = await db.select({ avatar: column(t, 'avatar'), introduction: column(t, 'introduction') }).from(t)
      .where(eq(column(t, 'id'), auth.accountId));
    const roles = auth.isAdmin && !auth.roleCodes.includes('admin') ? ['admin', ...auth.roleCodes] : auth.roleCodes;
    // What the role may do, so the client hides what it may not (src/domain/contract/permissions.ts).
    const permissions: Permissions = auth.permissions;
    return {
      msg: 'OK', name: auth.name, username: auth.username, avatar: a?.avatar ?? '', introduction: a?.introduction ?? '',
      roles, person_id: auth.personId, site_name: await siteName(db), permissions,
    };
  };
  app.get('/accounts/info/', { config: { access: 'session' } }, info);
  app.post('/accounts/info/', { config: { access: 'session' } }, info);

  app.post('/accounts/logout/', { config: { access: 'session' } }, async (req, reply) => {
    await revokeSession(db, authOf(req), 'logout');
    reply.clearCookie('Admin-Token', { path: '/' });
    return { msg: 'OK' };
  });

  /** Password change: needs the current password; every other login of the account is revoked. */
  app.post('/accounts/password/', { config: { access: 'session' } }, async req => {
    const auth = authOf(req);
    const p = paramsOf(req);
    const old = str(p, 'oldpassword') ?? '';
    const a = await accountBy(db, 'id', auth.accountId);
    if (!a || !(await verifyPassword(old, a.password))) {
      throw new ApiError(422, 'invalid_input', {}, { oldpassword: { key: 'password_wrong' } });
    }
    if (!str(p, 'password')) throw new ApiError(422, 'invalid_input', {}, { password: { key: 'required' } });
    // The write rules revoke every other login of the account (server/auth/write-rules.ts).
    await updateRow(db, accounts, a.id, a.version, { password: str(p, 'password') ?? '' }, auth);
    return { msg: 'OK' };
  });
}
