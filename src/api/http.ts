import { settle, interpret, type Outcome } from './envelope';
import { isAbort } from './errors';
import { send, TransportFailure, type Params, type SendOptions, type SendRequest } from './transport';

/**
 * The typed calls the app uses. Each resolves with the reply body (envelope included: `msg`, `msg1` …) or rejects
 * with an ApiError after the user has been shown why; a cancelled call rejects with an AbortError and shows nothing.
 */

export interface RequestOptions extends SendOptions {
  /** No 操作成功 after a successful POST (logins, list loads sent as POST, background saves). Errors still show. */
  silent?: boolean;
  /** The caller handles failure itself: nothing shown, no logout side effects, nothing logged (background polls). */
  quiet?: boolean;
}

export type { Params };

async function call(req: SendRequest, opts: RequestOptions): Promise<unknown> {
  let outcome: Outcome;
  let url: string;
  try {
    const reply = await send(req);
    url = reply.url;
    outcome = interpret(reply.status, reply.body);
  } catch (e) {
    if (isAbort(e) || !(e instanceof TransportFailure)) throw e;
    url = e.url;
    outcome = { kind: e.kind };
  }
  return settle(outcome, { method: req.method, url, mutating: req.method === 'POST' && !opts.silent, quiet: opts.quiet });
}

function sendOptions(opts: RequestOptions): SendOptions {
  return { signal: opts.signal, main: opts.main, timeoutMs: opts.timeoutMs };
}

// The reply's shape is the caller's declaration (T); the layer checks the envelope, not the payload.

/** GET with the parameters in the query string. Reads never show 操作成功. */
export function apiGet<T = Record<string, unknown>>(path: string, params?: Params, opts: RequestOptions = {}): Promise<T> {
  return call({ method: 'GET', path, params, ...sendOptions(opts) }, opts) as Promise<T>;
}

/** POST with a form-urlencoded body; shows 操作成功 on success unless `silent`. */
export function apiPost<T = Record<string, unknown>>(path: string, values?: Params, opts: RequestOptions = {}): Promise<T> {
  return call({ method: 'POST', path, params: values, ...sendOptions(opts) }, opts) as Promise<T>;
}

/**
 * POST of a multipart body (file uploads, e.g. `/files/upload/` with one `file`); `params` travel in the query
 * string. Shows 操作成功 on success unless `silent`.
 */
export function postMultipart<T = Record<string, unknown>>(path: string, form: FormData, opts: RequestOptions & { params?: Params } = {}): Promise<T> {
  return call({ method: 'POST', path, form, params: opts.params, ...sendOptions(opts) }, opts) as Promise<T>;
}
