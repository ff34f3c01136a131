import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { rows } from '../../../server/db/connection';
import { baseUrl, sessionOf } from '../client';
import { OWN_ADMIN, postTo, startOwnServer, type OwnServer } from './own-server';

/**
 * Finding 9 of issue 10: "no Content-Security-Policy, no frame-ancestors / X-Frame-Options, nosniff only on
 * downloads; `Admin-Token` has no `Secure` behind HTTPS; sessions never expire from inactivity; login accepts posts
 * from any Origin (login CSRF)."
 */

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map(d => d.trim().split(/\s+/)).filter(p => p[0]).map(([k, ...v]) => [k!, v]));
}

async function loginWith(headers: Record<string, string>) {
  const r = await fetch(`${baseUrl()}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({ username: 'inspector', password: 'insp123' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: r.status, cookie: r.headers.getSetCookie().find(c => c.startsWith('Admin-Token=')) ?? '', body: await r.json() as Record<string, unknown> };
}

describe('headers', () => {
  it('carry a CSP without eval or inline script, forbid framing, and say nosniff and a strict referrer policy on every reply', async () => {
    for (const r of [
      await fetch(`${baseUrl()}/accounts/configslist_safe/`),
      await fetch(`${baseUrl()}/items/list/`, { headers: { authorization: await sessionOf('admin') } }),
      await fetch(`${baseUrl()}/no/such/path/`),
    ]) {
      const csp = directives(r.headers.get('content-security-policy') ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // WebAssembly compilation only (the camera scanner's decoder): no JavaScript eval, no inline script.
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
    }
  });
});

describe('the login cookie and the login origin', () => {
  it('marks Admin-Token Secure when the request came over HTTPS through the proxy, and not over plain HTTP', async () => {
    const https = await loginWith({ 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(https.cookie).toMatch(/;\s*Secure/i);
    const http = await loginWith({});
    expect(http.cookie).not.toMatch(/Secure/i);
  });

  it('refuses a login posted from another site, and accepts its own origin or none', async () => {
    const host = new URL(baseUrl()).host;
    const foreign = await loginWith({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.msg).toBe(translate('zh', 'foreign_origin'));
    expect(foreign.cookie).toBe('');
    expect((await loginWith({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await loginWith({ origin: 'null' })).status).toBe(403);
    expect((await loginWith({ origin: `http://${host}` })).status).toBe(200);
    expect((await loginWith({ referer: `http://${host}/login` })).status).toBe(200);
    expect((await loginWith({})).status).toBe(200);
  });
});

describe('idle expiry', () => {
  let own: OwnServer;
  beforeAll(async () => { own = await startOwnServer('idle', { security: { officeIdleMs: 3600_000, deviceIdleMs: 30 * 86400_000 } }); });
  afterAll(async () => { await own?.close(); });

  /** Moves a login's last activity (its sessions and its token's creation) `hours` into the past. */
  async function idle(token: string, hours: number, kind: 'office' | 'device' = 'office') {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    await rows(own.db, sql`update auth_tokens set kind = ${kind}, created_at = now() - make_interval(hours => ${hours}) where token_hash = ${hash}`);
    await rows(own.db, sql`update auth_sessions set last_seen_at = now() - make_interval(hours => ${hours})
      where token_id = (select id from auth_tokens where token_hash = ${hash})`);
  }
  const info = async (session: string) => {
    const r = await fetch(`${own.url}/accounts/info/`, { headers: { authorization: session } });
    // Every error reply carries the request id of its log lines (issue 16); the test compares the rest.
    const { request_id: _id, ...body } = await r.json() as Record<string, unknown>;
    return { status: r.status, body };
  };
  const IDLE = { status: 401, body: { code: 50014, msg: translate('zh', 'session_idle') } };

  it('ends an office login unused longer than the idle time, its token with it', async () => {
    const { session, token } = await own.login(OWN_ADMIN.username, OWN_ADMIN.password);
    expect((await info(session)).status).toBe(200);
    await idle(token, 2);
    expect(await info(session)).toEqual(IDLE);
    const byToken = await postTo(own.url, '/accounts/login/', { token });
    expect(byToken.status).toBe(401);
    expect(byToken.body.code).toBe(50012);
  });

  it('keeps a tab left alone while another tab of the same login works', async () => {
    const { session, token } = await own.login(OWN_ADMIN.username, OWN_ADMIN.password);
    const other = await postTo(own.url, '/accounts/login/', { token });
    expect(other.status).toBe(200);
    await rows(own.db, sql`update auth_sessions set last_seen_at = now() - interval '3 hours'
      where session_hash = ${(await import('node:crypto')).createHash('sha256').update(session).digest('hex')}`);
    expect((await info(session)).status).toBe(200);
    expect((await info(other.body.sessionid as string)).status).toBe(200);
  });

  it('ends a login whose token was left unused, even without a session to touch', async () => {
    const { token } = await own.login(OWN_ADMIN.username, OWN_ADMIN.password);
    await idle(token, 2);
    expect(await postTo(own.url, '/accounts/login/', { token })).toMatchObject(IDLE);
  });

  it('keeps a device login (a kiosk) through a night without calls', async () => {
    const { session, token } = await own.login(OWN_ADMIN.username, OWN_ADMIN.password);
    await idle(token, 14, 'device');
    expect((await info(session)).status).toBe(200);
    expect((await postTo(own.url, '/accounts/login/', { token })).status).toBe(200);
  });
});
