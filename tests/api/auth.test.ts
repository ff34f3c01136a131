import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/domain/messages/catalog';
import { baseUrl, DEMO, get, login, post, sessionOf, type Reply } from './client';

/**
 * Sessions and login (DESIGN §4, §5): password, token and server-switch logins, logout, password change, the
 * logged-out codes 50008/50012, and the per-username and per-address rate limits.
 *
 * Every failed login here is sent with its own `X-Forwarded-For` address (the test server trusts the proxy): the
 * address limit counts failures per address, so failures from 127.0.0.1 would lock out every later test's logins.
 */

const RUN = Date.now().toString(36);
/** A private address per purpose, so the per-address counts of different tests never add up. */
let nextAddr = 1;
const freshAddr = () => ({ 'x-forwarded-for': `10.9.7.${nextAddr++}` });

async function rawLogin(values: Record<string, string>, path = '/accounts/login/'): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST', body: new URLSearchParams({ ios: '1', ...values }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const info = (session: string) => get('/accounts/info/', {}, { session });

/** An account made by admin for one test, with the operator role. */
async function makeAccount(prefix: string, password: string): Promise<string> {
  const admin = await sessionOf('admin');
  const roles = await get('/roles/list/', { limit: -1 }, { session: admin });
  const operator = (roles.body.dt as { id: number; code: string }[]).find(r => r.code === 'operator');
  expect(operator).toBeDefined();
  const username = `${prefix}_${RUN}`;
  const r = await post('/accounts/save/', { username, name: `Test ${prefix}`, password, role_ids: [operator!.id] },
    { session: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return username;
}

describe('password login', () => {
  it('answers name, site_name, sessionid and the token, and sets the 700-day Admin-Token cookie', async () => {
    const res = await rawLogin({ username: DEMO.admin[0], password: DEMO.admin[1] });
    expect(res.status).toBe(200);
    const body = await res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ msg: 'OK', name: expect.any(String), site_name: expect.any(String) });
    expect(body.sessionid).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(body.token).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(body.data).toEqual({ token: body.token });
    expect(body.sessionid).not.toBe(body.token);
    const cookie = res.headers.getSetCookie().find(c => c.startsWith('Admin-Token='));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`Admin-Token=${String(body.token)}`);
    expect(cookie).toMatch(new RegExp(`Max-Age=${700 * 86400}(;|$)`, 'i'));
    // The session works.
    expect((await info(body.sessionid as string)).status).toBe(200);
  });

  it('refuses a wrong password with 400 用户名或密码错误, in English with Accept-Language en', async () => {
    const username = await makeAccount('wrongpw', 'right-pass-1');
    const zh = await post('/accounts/login/', { username, password: 'nope-nope' }, { headers: freshAddr() });
    expect(zh).toEqual({ status: 400, body: { msg: '用户名或密码错误' } });
    const en = await post('/accounts/login/', { username, password: 'nope-nope' }, { headers: freshAddr(), lang: 'en' });
    expect(en).toEqual({ status: 400, body: { msg: 'Wrong username or password' } });
    // An unknown username gets the very same answer, so replies do not reveal which usernames exist.
    const unknown = await post('/accounts/login/', { username: `ghost_${RUN}`, password: 'x' }, { headers: freshAddr() });
    expect(unknown).toEqual({ status: 400, body: { msg: '用户名或密码错误' } });
    // And the right password still works after two failures.
    expect((await post('/accounts/login/', { username, password: 'right-pass-1' })).status).toBe(200);
  });

  it('answers 422 with errors.username when the username is missing', async () => {
    const r = await post('/accounts/login/', { password: 'whatever' });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(translate('zh', 'invalid_input'));
    expect(r.body.errors).toEqual({ username: translate('zh', 'required') });
  });

  it('answers logined: 1 to the server-switch login (?timeout=0 with action=login)', async () => {
    const r = await post('/accounts/login/?timeout=0', { action: 'login', username: DEMO.supervisor[0], password: DEMO.supervisor[1] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ logined: 1, site_name: expect.any(String), sessionid: expect.any(String) });
    expect((await info(r.body.sessionid as string)).status).toBe(200);
    // A plain login does not say logined.
    const plain = await post('/accounts/login/', { username: DEMO.supervisor[0], password: DEMO.supervisor[1] });
    expect(plain.body.logined).toBeUndefined();
  });
});

describe('token login', () => {
  it('opens a new, working session from the token alone', async () => {
    const { token, session: first } = await login(DEMO.operator[0], DEMO.operator[1]);
    const r = await post('/accounts/login/', { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ msg: 'OK', token, name: expect.any(String), site_name: expect.any(String) });
    const sessionid = r.body.sessionid as string;
    expect(sessionid).toEqual(expect.any(String));
    expect(sessionid).not.toBe(first);
    const me = await info(sessionid);
    expect(me.status).toBe(200);
    expect(me.body.roles).toEqual(['operator']);
  });

  it('answers 401 code 50008 to a token it never issued', async () => {
    const r = await post('/accounts/login/', { token: `garbage-${RUN}-xxxxxxxxxxxxxxxx` });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 50008, msg: translate('zh', 'token_invalid') });
  });
});

describe('/accounts/info/', () => {
  it('names the caller and its roles', async () => {
    const admin = await info(await sessionOf('admin'));
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ msg: 'OK', name: expect.any(String) });
    expect(typeof admin.body.avatar).toBe('string');
    expect(typeof admin.body.introduction).toBe('string');
    expect(admin.body.roles).toEqual(['admin']);
    const operator = await info(await sessionOf('operator'));
    expect(operator.status).toBe(200);
    expect(operator.body.roles).toEqual(['operator']);
    expect(operator.body.name).not.toBe(admin.body.name);
  });

  it('answers 401 needlogin without a session id, and for an unknown one', async () => {
    const none = await get('/accounts/info/');
    expect(none).toEqual({ status: 401, body: { needlogin: 1, msg: '需要重新登录' } });
    const unknown = await info(`unknown-${RUN}-session-id-0000000000`);
    expect(unknown).toEqual({ status: 401, body: { needlogin: 1, msg: '需要重新登录' } });
    const en = await get('/accounts/info/', {}, { lang: 'en' });
    expect(en).toEqual({ status: 401, body: { needlogin: 1, msg: translate('en', 'needlogin') } });
  });
});

describe('logout', () => {
  it('ends the session and its token: both then answer 401 code 50012', async () => {
    const { session, token } = await login(DEMO.inspector[0], DEMO.inspector[1]);
    expect((await info(session)).status).toBe(200);
    const out = await post('/accounts/logout/', {}, { session });
    expect(out.status).toBe(200);
    const after = await info(session);
    expect(after).toEqual({ status: 401, body: { code: 50012, msg: translate('zh', 'session_revoked') } });
    const again = await post('/accounts/login/', { token });
    expect(again).toEqual({ status: 401, body: { code: 50012, msg: translate('zh', 'session_revoked') } });
    // Other logins of the same account are not touched.
    expect((await info(await sessionOf('inspector'))).status).toBe(200);
  });
});

describe('password change', () => {
  let username = '';
  beforeAll(async () => { username = await makeAccount('pwchange', 'old-pass-1'); });

  it('refuses a wrong old password with 422 errors.oldpassword', async () => {
    const { session } = await login(username, 'old-pass-1');
    const r = await post('/accounts/password/', { oldpassword: 'not-the-old-one', password: 'new-pass-2' }, { session });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ oldpassword: translate('zh', 'password_wrong') });
    // Nothing changed: the old password still logs in.
    expect((await post('/accounts/login/', { username, password: 'old-pass-1' })).status).toBe(200);
  });

  it('revokes the other sessions, keeps the changing one, and swaps the passwords', async () => {
    const a = await login(username, 'old-pass-1');
    const b = await login(username, 'old-pass-1');
    const viaToken = await post('/accounts/login/', { token: b.token });
    expect(viaToken.status).toBe(200);
    const c = viaToken.body.sessionid as string;

    const r = await post('/accounts/password/', { oldpassword: 'old-pass-1', password: 'new-pass-2' }, { session: a.session });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    expect((await info(a.session)).status).toBe(200);
    for (const s of [b.session, c]) {
      const other = await info(s);
      expect(other.status).toBe(401);
      expect(other.body.code).toBe(50012);
    }
    expect((await post('/accounts/login/', { token: b.token })).body.code).toBe(50012);
    // The changing session's own token still opens sessions.
    expect((await post('/accounts/login/', { token: a.token })).status).toBe(200);

    const old = await post('/accounts/login/', { username, password: 'old-pass-1' }, { headers: freshAddr() });
    expect(old).toEqual({ status: 400, body: { msg: '用户名或密码错误' } });
    const fresh = await post('/accounts/login/', { username, password: 'new-pass-2' });
    expect(fresh.status).toBe(200);
  });
});

describe('login rate limit', () => {
  it('locks a username after 5 failures from one address, there only, and says when to come back', async () => {
    const username = `nobody_${RUN}`;
    const addr = freshAddr();
    for (let i = 0; i < 5; i++) {
      const r = await post('/accounts/login/', { username, password: `guess-${i}` }, { headers: addr });
      expect(r.status, `attempt ${i + 1}`).toBe(400);
    }
    const sixth: Reply = await post('/accounts/login/', { username, password: 'anything' }, { headers: addr });
    expect(sixth.status).toBe(429);
    const minutes = Number(sixth.body.retry_after) / 60;
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(sixth.body.msg).toBe(translate('zh', 'rate_limited', { minutes }));
    expect(sixth.body.msg).toContain(String(minutes));
    // The username is matched without regard to case.
    const upper = await post('/accounts/login/', { username: username.toUpperCase(), password: 'x' }, { headers: addr });
    expect(upper.status).toBe(429);
    const en = await post('/accounts/login/', { username, password: 'x' }, { headers: addr, lang: 'en' });
    expect(en.status).toBe(429);
    expect(en.body.msg).toBe(translate('en', 'rate_limited', { minutes: Number(en.body.retry_after) / 60 }));
    // Another address is not locked out of this username (tests/api/security/login-limits.test.ts for more).
    expect((await post('/accounts/login/', { username, password: 'x' }, { headers: freshAddr() })).status).toBe(400);
  });

  it('locks an address after 20 failures, for any username, and only that address', async () => {
    const n = 1 + (Date.now() % 100);
    const addr = { 'x-forwarded-for': `10.9.8.${n}` };
    const other = { 'x-forwarded-for': `10.9.8.${n + 100}` };
    for (let i = 0; i < 20; i++) {
      const r = await post('/accounts/login/', { username: `addr_${RUN}_${i}`, password: 'bad' }, { headers: addr });
      expect(r.status, `attempt ${i + 1}`).toBe(400);
    }
    const blocked = await post('/accounts/login/', { username: `addr_${RUN}_new`, password: 'bad' }, { headers: addr });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/\d+ ?分钟/);
    // Even a right password is not checked from the locked address.
    const right = await post('/accounts/login/', { username: DEMO.sales[0], password: DEMO.sales[1] }, { headers: addr });
    expect(right.status).toBe(429);
    const elsewhere = await post('/accounts/login/', { username: `addr_${RUN}_new`, password: 'bad' }, { headers: other });
    expect(elsewhere).toEqual({ status: 400, body: { msg: '用户名或密码错误' } });
    const ok = await post('/accounts/login/', { username: DEMO.sales[0], password: DEMO.sales[1] }, { headers: other });
    expect(ok.status).toBe(200);
  });
});
