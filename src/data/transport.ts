import { sessionStore } from './session/session-store';
import { i18n, LANGS } from '../i18n';
import { abortError } from './errors';

/**
 * The wire format of DESIGN §4: GET parameters in the query string, POST bodies form-urlencoded, structured values as
 * one JSON-string field, `ios=1` on every request, the session id in `Authorization`, the UI language as `lang`.
 * This module sends and parses; what a reply means is envelope.ts's business.
 */

/** Parameters of a call; `undefined` values are left out, `null` is sent empty, objects and arrays as JSON. */
export type Params = Readonly<Record<string, unknown>>;

export const DEFAULT_TIMEOUT_MS = 25_000;
/** The main API (menu, user info, big lists) is allowed longer (spec §9). */
export const MAIN_TIMEOUT_MS = 50_000;
/** `timeout=0` in the URL marks a call that may legitimately run for minutes (server switch, big exports). */
export const LONG_TIMEOUT_MS = 600_000;

export interface SendOptions {
  signal?: AbortSignal;
  /** The main API: 50 s instead of 25 s. */
  main?: boolean;
  /** Overrides every other timeout rule. */
  timeoutMs?: number;
  /** Extra headers (`Idempotency-Key` of a create). */
  headers?: Readonly<Record<string, string>>;
}

export interface SendRequest extends SendOptions {
  method: 'GET' | 'POST';
  path: string;
  params?: Params;
  /** A multipart body (uploads); `params` then go into the query string. */
  form?: FormData;
  /**
   * A JSON body of these values instead of a form (`apiPostJson`): a large structured value travels as itself, not
   * URL-encoded inside a form field.
   */
  json?: Readonly<Record<string, unknown>>;
}

export interface RawReply {
  status: number;
  /** The parsed JSON body; `undefined` when the body is empty or not JSON. */
  body: unknown;
  url: string;
}

/** The server could not be reached (`network`) or did not answer within the timeout (`timeout`). */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure';
  constructor(readonly kind: 'network' | 'timeout', readonly url: string, options?: { cause?: unknown }) {
    super(kind === 'timeout' ? `timeout: ${url}` : `network error: ${url}`, options);
  }
}

/** One form or query value as text; `undefined` means "leave the key out". */
export function formValue(v: unknown): string | undefined {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  // Objects and arrays travel as ONE field holding JSON (`menus=`, `item=`, `filter=`, `mutations=`).
  return JSON.stringify(v);
}

export function encodeParams(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    const s = formValue(v);
    if (s !== undefined) out.append(k, s);
  }
  return out;
}

/** The server address plus the path; an absolute URL (server switching: `{server}/accounts/login/`) is kept. */
export function resolveUrl(baseURL: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseURL.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

export function appendQuery(url: string, q: URLSearchParams): string {
  const s = q.toString();
  if (!s) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${s}`;
}

export function timeoutFor(url: string, opts: SendOptions): number {
  if (opts.timeoutMs !== undefined) return opts.timeoutMs;
  if (/[?&]timeout=0(?:[&#]|$)/.test(url)) return LONG_TIMEOUT_MS;
  return opts.main ? MAIN_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
}

/** The UI language when it is one the server knows; otherwise the server falls back to Accept-Language. */
function currentLang(): string | undefined {
  const l = i18n.language;
  return l && (LANGS as readonly string[]).includes(l) ? l : undefined;
}

/** Method, URL, headers and body of a request, before it is sent (pure apart from reading session and language). */
export function buildRequest(req: SendRequest): { url: string; init: RequestInit } {
  const { baseURL, sessionid } = sessionStore.getState();
  let url = resolveUrl(baseURL, req.path);
  const headers: Record<string, string> = { Accept: 'application/json', ...(req.headers ?? {}) };
  if (sessionid) headers.Authorization = sessionid;
  // `lang` goes in the query string on every method: the server reads it there before it parses a body, so even a
  // body it cannot parse (too large, malformed multipart) is answered in the user's language.
  const lang = currentLang();
  const langQuery = new URLSearchParams(lang && !/[?&]lang=/.test(url) ? { lang } : {});
  let body: BodyInit | undefined;

  if (req.method === 'GET') {
    const q = encodeParams(req.params);
    q.set('ios', '1');
    for (const [k, v] of langQuery) if (!q.has(k)) q.set(k, v);
    url = appendQuery(url, q);
  } else if (req.form) {
    // The caller's FormData is left untouched; the flags and any params ride in the query string, which the
    // server merges with the multipart fields.
    const q = encodeParams(req.params);
    q.set('ios', '1');
    for (const [k, v] of langQuery) if (!q.has(k)) q.set(k, v);
    url = appendQuery(url, q);
    body = req.form; // fetch sets the multipart Content-Type with its boundary.
  } else if (req.json) {
    url = appendQuery(url, langQuery);
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ ...req.json, ios: 1 });
  } else {
    const form = encodeParams(req.params);
    form.set('ios', '1');
    url = appendQuery(url, langQuery);
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = form.toString();
  }
  return { url, init: { method: req.method, headers, body } };
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one request and reads its whole body. Rejects with an AbortError when the caller's signal aborts (before or
 * during the call), with a TransportFailure on a network error or timeout; any HTTP status resolves.
 */
export async function send(req: SendRequest): Promise<RawReply> {
  if (req.signal?.aborted) throw abortError();
  const { url, init } = buildRequest(req);
  // One controller carries both the caller's cancellation and the timeout, so fetch and the body read stop on
  // either; which one fired decides how the failure is reported.
  const ctrl = new AbortController();
  let timedOut = false;
  const onAbort = () => ctrl.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutFor(url, req));
  try {
    const res = await fetch(url, { ...init, signal: ctrl.signal });
    const text = await res.text();
    return { status: res.status, body: parseBody(text), url };
  } catch (e) {
    if (req.signal?.aborted) throw abortError();
    if (timedOut) throw new TransportFailure('timeout', url, { cause: e });
    throw new TransportFailure('network', url, { cause: e });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}
