import { useSession } from '../session/session-store';

/**
 * The one way the menu, the favourites and the dashboard reach the server. It is injectable so the lead can route it
 * through the real request layer (src/api) later, and so tests can answer without a server.
 */
export interface MenuRequest {
  method: 'GET' | 'POST';
  /** Path on the API server; may carry its own query string (`/accounts/my/?action=loadmenu`). */
  url: string;
  /** Query parameters of a GET, form fields of a POST. */
  data?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
}

/** Resolves with the reply's JSON when its `msg` is OK; rejects otherwise. */
export type MenuFetcher = (req: MenuRequest) => Promise<unknown>;

export class MenuFetchError extends Error {
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message || `HTTP ${status}`);
    this.name = 'MenuFetchError';
  }
}

/** Default request timeout (spec §9). */
const TIMEOUT_MS = 25_000;
const OK = new Set(['OK', '操作成功']);

/**
 * DESIGN §4 transport: base address = the stored server address, GET parameters in the query string, POST bodies
 * form-encoded, `ios=1` on every request, the session id in the `Authorization` header.
 */
export const defaultMenuFetcher: MenuFetcher = async req => {
  const { baseURL, sessionid } = useSession.getState();
  const fields = new URLSearchParams();
  for (const [k, v] of Object.entries(req.data ?? {})) fields.set(k, String(v));
  fields.set('ios', '1');
  let url = `${baseURL.replace(/\/+$/, '')}${req.url}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const init: RequestInit = {
    method: req.method,
    headers: { Authorization: sessionid ?? '' },
    signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout,
  };
  if (req.method === 'GET') url += `${url.includes('?') ? '&' : '?'}${fields.toString()}`;
  else init.body = fields; // a URLSearchParams body is sent as application/x-www-form-urlencoded;charset=UTF-8
  const res = await fetch(url, init);
  let body: unknown;
  try { body = await res.json(); } catch { body = undefined; }
  const msg = body !== null && typeof body === 'object' ? (body as { msg?: unknown }).msg : undefined;
  if (!res.ok || typeof msg !== 'string' || !OK.has(msg)) {
    throw new MenuFetchError(res.status, typeof msg === 'string' ? msg : '', body);
  }
  return body;
};

let current: MenuFetcher = defaultMenuFetcher;

/** Replaces the fetcher; `null` restores the default. */
export function setMenuFetcher(fn: MenuFetcher | null): void {
  current = fn ?? defaultMenuFetcher;
}

export function menuFetch(req: MenuRequest): Promise<unknown> {
  return current(req);
}
