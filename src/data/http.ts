import { login } from '../domain/contract/endpoints/accounts';
import { connectivityStore } from './connectivity';
import { settle, interpret, type Outcome } from './envelope';
import { abortError, isAbort } from './errors';
import { buildRequest, send, TransportFailure, type Params, type SendOptions, type SendRequest } from './transport';

/**
 * The typed calls the app uses. Each resolves with the reply body (envelope included: `msg`, `msg1` …) or rejects
 * with an ApiError after the user has been shown why; a cancelled call rejects with an AbortError and shows nothing.
 */

export interface RequestOptions extends SendOptions {
  /** No 操作成功 after a successful POST (logins, list loads sent as POST, background saves). Errors still show. */
  silent?: boolean;
  /** The caller handles failure itself: nothing shown, no logout side effects, nothing logged (background polls). */
  quiet?: boolean;
  /**
   * The server out of reach is not an error to show: the caller reads its offline copy and the screen says it is
   * offline. Refusals and other failures still show.
   */
  quietOffline?: boolean;
  /**
   * A 404 refusal (the record does not exist) is an answer the screen shows itself (a not-found notice), not an
   * error to pop up. Other failures still show.
   */
  quietNotFound?: boolean;
}

export type { Params };

/** No reply from the server itself: no network, a timeout, or a proxy answering for it (502–504). */
export function isUnreachable(o: Outcome): boolean {
  return o.kind === 'network' || o.kind === 'timeout' || (o.kind === 'server' && o.status >= 502 && o.status <= 504);
}

let renewSession: (() => Promise<boolean>) | null = null;

/**
 * Installs how a lapsed session is re-opened before a call gives up on `needlogin`: a kiosk's device session is
 * re-opened with its token whenever it lapses (docs/shopfloor.md "Kiosk identity"), so an expiry while offline or a
 * server's restart never sends a kiosk to the login page nor drops its token. `null` (the default) keeps the shell's
 * rule: `needlogin` clears the login.
 */
export function setSessionRenewer(fn: (() => Promise<boolean>) | null): void {
  renewSession = fn;
}

async function call(req: SendRequest, opts: RequestOptions, renewed = false): Promise<unknown> {
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
  const unreachable = isUnreachable(outcome);
  if (unreachable) connectivityStore.getState().markUnreachable();
  else connectivityStore.getState().markReachable();
  if (outcome.kind === 'needlogin' && renewSession && !renewed && !req.path.startsWith(login.path)
    && await renewSession()) {
    return call(req, opts, true);
  }
  if (unreachable && opts.quietOffline) opts = { ...opts, quiet: true };
  if (opts.quietNotFound && outcome.kind === 'rejected' && outcome.status === 404) opts = { ...opts, quiet: true };
  return settle(outcome, { method: req.method, url, mutating: req.method === 'POST' && !opts.silent, quiet: opts.quiet });
}

function sendOptions(opts: RequestOptions): SendOptions {
  return { signal: opts.signal, main: opts.main, timeoutMs: opts.timeoutMs, headers: opts.headers };
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
 * POST with a JSON body (`{...values, ios: 1}`), for a request whose payload is one large structured value (a push of
 * queued facts, docs/decisions.md 133); shows 操作成功 on success unless `silent`.
 */
export function apiPostJson<T = Record<string, unknown>>(path: string, values: Readonly<Record<string, unknown>>, opts: RequestOptions = {}): Promise<T> {
  return call({ method: 'POST', path, json: values, ...sendOptions(opts) }, opts) as Promise<T>;
}

/**
 * POST of a multipart body (file uploads, e.g. `/files/upload/` with one `file`); `params` travel in the query
 * string. Shows 操作成功 on success unless `silent`.
 */
export function postMultipart<T = Record<string, unknown>>(path: string, form: FormData, opts: RequestOptions & { params?: Params } = {}): Promise<T> {
  return call({ method: 'POST', path, form, params: opts.params, ...sendOptions(opts) }, opts) as Promise<T>;
}

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number;
  /** Rows the server announced (`X-Total-Rows`), when it did. */
  rows: number | null;
}

/**
 * POST whose successful reply is a file streamed by the server (`/files/export/`), read with progress. A refusal
 * arrives before the first byte as an envelope and is shown like any other; a cut stream rejects as a network error.
 * No timeout but the caller's signal: a large file legitimately takes minutes.
 */
export async function postForFile(path: string, values: Params, opts: RequestOptions & { onProgress?: (p: DownloadProgress) => void } = {}):
Promise<{ file: Blob; rows: number | null }> {
  if (opts.signal?.aborted) throw abortError();
  const { url, init } = buildRequest({ method: 'POST', path, params: values, headers: opts.headers });
  const ctx = { method: 'POST', url, mutating: false, quiet: opts.quiet };
  const failed = (kind: 'network' | 'timeout') => {
    connectivityStore.getState().markUnreachable();
    return settle({ kind }, ctx);
  };
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted || isAbort(e)) throw abortError();
    failed('network');
    throw e;
  }
  connectivityStore.getState().markReachable();
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json') || !res.body) {
    const text = await res.text().catch(() => '');
    let body: unknown;
    try { body = text ? JSON.parse(text) as unknown : undefined; } catch { body = undefined; }
    const outcome = interpret(res.status, body);
    // A JSON "success" is not the file that was asked for: the address serves something else.
    settle(outcome.kind === 'ok' ? { kind: 'config', status: res.status } : outcome, ctx);
    throw new Error('unreachable: settle throws for every failure');
  }
  const announced = Number(res.headers.get('x-total-rows'));
  const rows = Number.isFinite(announced) && res.headers.has('x-total-rows') ? announced : null;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      opts.onProgress?.({ bytes, rows });
    }
  } catch (e) {
    if (opts.signal?.aborted || isAbort(e)) throw abortError();
    failed('network');
    throw e;
  }
  return { file: new Blob(parts as BlobPart[], { type: type || 'application/octet-stream' }), rows };
}
