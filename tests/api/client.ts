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

/** Logs in and returns the session id (and token). Throws with the reply when the login fails. */
export async function login(username: string, password: string): Promise<{ session: string; token: string }> {
  const r = await post('/accounts/login/', { username, password });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { session: r.body.sessionid as string, token: (r.body.data as { token: string }).token };
}

/** The demo logins of server/db/seed/demo.ts, by role code. */
export const DEMO = {
  admin: ['admin', 'admin123'],
  supervisor: ['supervisor', 'super123'],
  operator: ['operator', 'oper123'],
  inspector: ['inspector', 'insp123'],
  sales: ['sales', 'sales123'],
  finance: ['finance', 'fin123'],
} as const;

export type DemoRole = keyof typeof DEMO;

const sessions = new Map<string, string>();
/** A session for a demo role, logged in once per test file. */
export async function sessionOf(role: DemoRole): Promise<string> {
  let s = sessions.get(role);
  if (!s) {
    s = (await login(DEMO[role][0], DEMO[role][1])).session;
    sessions.set(role, s);
  }
  return s;
}
