import { inject } from 'vitest';

/**
 * A test client speaking the API contract of DESIGN §4: form-encoded bodies, `ios=1`, the session id in
 * `Authorization`. Structured values are passed as objects and sent as one JSON-string field.
 */
export const baseUrl = (): string => inject('baseUrl');

export interface Reply {
  status: number;
  body: Record<string, unknown> & { msg?: string; errors?: Record<string, string> };
}

type Values = Record<string, unknown>;

function form(values: Values): URLSearchParams {
  const f = new URLSearchParams({ ios: '1' });
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    f.append(k, typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));
  }
  return f;
}

export interface CallOptions { session?: string; lang?: string; headers?: Record<string, string> }

async function parse(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: Reply['body'];
  try { body = JSON.parse(text) as Reply['body']; } catch { body = { raw: text }; }
  // Every error reply names its request (issue 16): checked here on every call of every test, then left out, so the
  // tests compare the envelope itself.
  if (res.status >= 400 && !('raw' in body)) {
    const id = res.headers.get('x-request-id');
    if (!id || body.request_id !== id) {
      throw new Error(`${res.status} reply without its request id (header ${id}): ${text.slice(0, 300)}`);
    }
    delete body.request_id;
  }
  return { status: res.status, body };
}

function headers(o: CallOptions): Record<string, string> {
  const h: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.session) h.authorization = o.session;
  if (o.lang) h['accept-language'] = o.lang;
  return h;
}

export async function get(path: string, params: Values = {}, o: CallOptions = {}): Promise<Reply> {
  const url = `${baseUrl()}${path}${path.includes('?') ? '&' : '?'}${form(params).toString()}`;
  return parse(await fetch(url, { headers: headers(o) }));
}

export async function post(path: string, values: Values = {}, o: CallOptions = {}): Promise<Reply> {
  return parse(await fetch(`${baseUrl()}${path}`, {
    method: 'POST', body: form(values),
    headers: { ...headers(o), 'content-type': 'application/x-www-form-urlencoded' },
  }));
}

/** POST with a JSON body (`{...values, ios: 1}`), as the kiosk's push sends it (src/data/http.ts `apiPostJson`). */
export async function postJson(path: string, values: Values | string = {}, o: CallOptions = {}): Promise<Reply> {
  return parse(await fetch(`${baseUrl()}${path}`, {
    method: 'POST', body: typeof values === 'string' ? values : JSON.stringify({ ...values, ios: 1 }),
    headers: { ...headers(o), 'content-type': 'application/json' },
  }));
}

/** Logs in and returns the session id (and token). Throws with the reply when the login fails. */
export async function login(username: string, password: string): Promise<{ session: string; token: string }> {
  const r = await post('/accounts/login/', { username, password });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { session: r.body.sessionid as string, token: (r.body.data as { token: string }).token };
}

/** The demo logins of server/seed/demo.ts, by role code. */
export const DEMO = {
  admin: ['admin', 'admin123'],
  supervisor: ['supervisor', 'super123'],
  operator: ['operator', 'oper123'],
  inspector: ['inspector', 'insp123'],
  sales: ['sales', 'sales123'],
  finance: ['finance', 'fin123'],
  storekeeper: ['store', 'store123'],
  driver: ['driver', 'driver123'],
} as const;

export type DemoRole = keyof typeof DEMO;

const sessions = new Map<string, string>();
/** Forgets the logged-in sessions: each test file logs in afresh (tests/api/file-setup.ts), as one that logs out needs. */
export function forgetSessions(): void {
  sessions.clear();
}
/** A session for a demo role, logged in once per test file. */
export async function sessionOf(role: DemoRole): Promise<string> {
  let s = sessions.get(role);
  if (!s) {
    s = (await login(DEMO[role][0], DEMO[role][1])).session;
    sessions.set(role, s);
  }
  return s;
}

/**
 * Every row of a list, a page of 1,000 at a time: a list paged by the server refuses `limit=-1` past its cap, as a
 * client must. Throws with the reply when a page is refused.
 */
export async function listEvery(path: string, params: Values, o: CallOptions): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const r = await get(path, { ...params, page, limit: 1000 }, o);
    if (r.status !== 200) throw new Error(`${path} page ${page}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    const dt = r.body.dt as Record<string, unknown>[];
    out.push(...dt);
    if (dt.length < 1000 || out.length >= (r.body.total as number)) return out;
  }
}
