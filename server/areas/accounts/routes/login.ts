import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { can, type Permissions } from '../../../../src/domain/contract/permissions';
import { resourceByName } from '../../../../src/domain/resources/all';
import { DEFAULT_SECURITY, type SecurityOptions } from '../../../auth/options';
import { assertOwnOrigin } from '../../../auth/origin';
import { attemptFailed, attemptSucceeded, beginAttempt, MAX_PER_USER_ADDRESS, WINDOW_MIN } from '../../../auth/rate-limit';
import * as guesses from '../../../auth/failure-limit';
import { accountPermissions, checkToken, createSession, createToken, revokeSession, TOKEN_DAYS } from '../../../auth/sessions';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError } from '../../../lib/api-error';
import { siteName } from '../../../resources/configs';
import { verifyPassword } from '../../../lib/secrets';
import { column } from '../../../db/columns';
import { updateRow } from '../../../resources/write';
import { authOf } from '../../../http/auth';
import type { LoginReply, UserInfoReply } from '../../../../src/domain/contract/accounts';
import * as accountsApi from '../../../../src/domain/contract/endpoints/accounts';
import { route } from '../../../http/endpoint-route';
import { enrol } from '../../shopfloor/enrolment';

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

const computers = resourceByName('computers')!;

/**
 * Wrong current passwords given to the password change, per account: whoever holds a session (a borrowed desk, a
 * stolen session id) must not be able to guess the password behind it. As many as a login allows from one address
 * (server/auth/rate-limit.ts), in the same window; then 429 with the minutes to wait, the right password included.
 * Only the password change is stopped: the account still logs in.
 */
export const PASSWORD_GUESSES: guesses.FailureLimit = {
  prefix: 'pw', max: MAX_PER_USER_ADDRESS, windowMin: WINDOW_MIN, message: 'password_limited',
};

/** A terminal as its device login answers it (docs/shopfloor.md "Kiosk identity"). */
interface Terminal {
  id: number; code: string; name: string; worknode_ids: number[]; device_id: number | null; last_seq: number; screen: string | null;
}

async function computerBy(db: Db, field: 'code' | 'id', value: string | number): Promise<Terminal | undefined> {
  const t = tableOf(computers);
  const [c] = await db.select({
    id: column(t, 'id'), code: column(t, 'code'), name: column(t, 'name'), worknode_ids: column(t, 'worknode_ids'),
    device_id: column(t, 'device_id'), last_seq: column(t, 'last_seq'), screen: column(t, 'screen'),
  }).from(t).where(eq(column(t, field), value)).limit(1);
  if (!c) return undefined;
  return {
    id: c.id as number, code: c.code as string, name: c.name as string, worknode_ids: (c.worknode_ids as number[] | null) ?? [],
    device_id: (c.device_id as number | null) ?? null, last_seq: Number(c.last_seq ?? 0), screen: (c.screen as string | null) ?? null,
  };
}

/** A device login is for accounts whose roles hold the `kiosk` action of computers (admin holds every action). */
async function assertKiosk(db: Db, accountId: number): Promise<void> {
  if (!can(await accountPermissions(db, accountId), computers.name, 'kiosk')) throw new ApiError(403, 'computer_not_allowed');
}

/** The server notes when and from where a terminal was last seen. */
async function touchComputer(db: Db, id: number, ip: string): Promise<void> {
  const t = tableOf(computers);
  await db.update(t).set({ last_seen: new Date(), ip: ip.slice(0, 64) }).where(eq(column(t, 'id'), id));
}

/**
 * Login, user info, logout and password change (spec §4, §7; DESIGN §5). README "Auth replies" says which answer
 * each failure gets.
 */
export default async function loginRoutes(app: FastifyInstance, opts: { db: Db; security?: SecurityOptions }) {
  const { db } = opts;
  const security = opts.security ?? DEFAULT_SECURITY;

  route(app, accountsApi.login, async (p, req, reply) => {
    const { client, token } = p;
    const asked = p.computer?.trim() || undefined;
    const ip = req.ip;
    const username = p.username ?? '';
    const password = p.password ?? '';

    if (token && !password) {
      const t = await checkToken(db, token, security);
      const a = await accountBy(db, 'id', t.accountId);
      if (!a || a.active === false) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
      // A device token re-opens a device session of its own computer, whatever `client` says: the kiosk stays the
      // kiosk after an offline spell, a restart or an update. Its computer gone, the terminal must log in anew.
      let terminal: Terminal | undefined;
      if (t.computerId !== undefined) {
        terminal = await computerBy(db, 'id', t.computerId);
        if (!terminal) throw new ApiError(401, 'session_revoked', {}, {}, { code: 50012 });
        await assertKiosk(db, a.id);
      }
      const sessionid = await createSession(db, a.id, t.tokenRowId, terminal?.code ?? client, ip);
      if (terminal) await touchComputer(db, terminal.id, ip);
      return {
        msg: 'OK', token, name: a.name, site_name: await siteName(db), sessionid, data: { token },
        ...(terminal ? { computer: terminal } : {}),
      };
    }

    const missing: Record<string, { key: 'required' }> = {};
    if (!username) missing.username = { key: 'required' };
    if (!password) missing.password = { key: 'required' };
    if (Object.keys(missing).length) throw new ApiError(422, 'invalid_input', {}, missing);
    if (username.length > 100 || password.length > 200) throw new ApiError(400, 'login_failed');
    if ((asked?.length ?? 0) > 64 || (p.enrol?.length ?? 0) > 64) throw new ApiError(400, 'bad_request');

    const attempt = await beginAttempt(db, username, ip);
    const a = await accountBy(db, 'username', username);
    const ok = await verifyPassword(password, a?.password);
    if (!a || !ok) {
      await attemptFailed(db, attempt);
      throw new ApiError(400, 'login_failed');
    }
    await attemptSucceeded(db, attempt);
    if (a.active === false) throw new ApiError(403, 'login_disabled');
    // A device login (docs/shopfloor.md "Kiosk identity"): `computer` names the terminal and must exist; `client` (the
    // local helper's kiosk name) makes one when it names a computer, and is otherwise only logged, as before.
    const code = asked ?? client?.trim();
    const terminal = code ? await computerBy(db, 'code', code) : undefined;
    if (asked && !terminal) {
      throw new ApiError(422, 'computer_unknown', { code: asked }, { computer: { key: 'computer_unknown', params: { code: asked } } });
    }
    if (terminal) {
      await assertKiosk(db, a.id);
      // A terminal is bound only with the one-time code a supervisor issued for it (shopfloor/enrolment.ts).
      await enrol(db, terminal, p.enrol?.trim() || undefined);
    }
    const { token: newToken, tokenRowId } = await createToken(db, a.id,
      terminal ? { kind: 'device', computerId: terminal.id } : { kind: 'office' });
    const sessionid = await createSession(db, a.id, tokenRowId, terminal?.code ?? client, ip);
    if (terminal) await touchComputer(db, terminal.id, ip);
    setTokenCookie(req, reply, newToken);
    const site = await siteName(db);
    const body: LoginReply = { msg: 'OK', name: a.name, site_name: site, sessionid, token: newToken, data: { token: newToken } };
    if (terminal) body.computer = terminal;
    // The server-switch login (`?timeout=0` with `action`) also answers `logined`.
    if (p.action) body.logined = 1;
    return body;
  }, {
    // Login CSRF is refused before the fields are looked at, whatever they are (server/auth/origin.ts).
    preValidation: async req => assertOwnOrigin(req, security.allowedOrigins),
  });

  const info = async (req: FastifyRequest): Promise<UserInfoReply> => {
    const auth = authOf(req);
    const t = tableOf(accounts);
    const [a] = await db.select({ avatar: column(t, 'avatar'), introduction: column(t, 'introduction') }).from(t)
      .where(eq(column(t, 'id'), auth.accountId));
    const roles = auth.isAdmin && !auth.roleCodes.includes('admin') ? ['admin', ...auth.roleCodes] : auth.roleCodes;
    // What the role may do, so the client hides what it may not (src/domain/contract/permissions.ts).
    const permissions: Permissions = auth.permissions;
    return {
      msg: 'OK', name: auth.name, username: auth.username, avatar: String(a?.avatar ?? ''), introduction: String(a?.introduction ?? ''),
      roles, person_id: auth.personId, site_name: await siteName(db), permissions,
    };
  };
  route(app, accountsApi.userInfo, (_p, req) => info(req));
  route(app, accountsApi.userInfoPost, (_p, req) => info(req));

  route(app, accountsApi.logout, async (_p, req, reply) => {
    await revokeSession(db, authOf(req), 'logout');
    reply.clearCookie('Admin-Token', { path: '/' });
    return { msg: 'OK' };
  });

  /**
   * Password change: needs the current password, guessed at most PASSWORD_GUESSES times; every other login of the
   * account is revoked.
   */
  route(app, accountsApi.changePassword, async (p, req) => {
    const auth = authOf(req);
    const old = p.oldpassword ?? '';
    const guess = await guesses.claimAttempt(db, PASSWORD_GUESSES, String(auth.accountId));
    const a = await accountBy(db, 'id', auth.accountId);
    if (!a || !(await verifyPassword(old, a.password))) {
      await guesses.attemptFailed(db, PASSWORD_GUESSES, guess);
      throw new ApiError(422, 'invalid_input', {}, { oldpassword: { key: 'password_wrong' } });
    }
    await guesses.attemptSucceeded(db, guess);
    if (!p.password) throw new ApiError(422, 'invalid_input', {}, { password: { key: 'required' } });
    // The write rules revoke every other login of the account (server/auth/write-rules.ts).
    await updateRow(db, accounts, a.id, a.version, { password: p.password }, auth);
    return { msg: 'OK' };
  });
}
