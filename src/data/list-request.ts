import { abortError } from './errors';
import { apiGet, apiPost, type Params, type RequestOptions } from './http';
import { currentPath } from './page';

/**
 * Lists that reload as the user types or pages: only the reply to the LATEST request may reach the screen
 * (DESIGN §4: "the client drops a reply whose tokens are not the latest"). Each request carries `token` (a counter
 * of this list), `token1` (free for the caller) and `token2` (a timestamp); the server echoes them.
 */

export interface ListReply<Row = Record<string, unknown>> {
  msg: string;
  dt: Row[];
  total: number;
  token?: string;
  token1?: string;
  token2?: string;
}

export interface ListOptions extends RequestOptions {
  /** Some lists are read with POST (spec §7); they never show 操作成功. */
  method?: 'GET' | 'POST';
}

/**
 * Resolves with the reply, or `null` when a newer request of the same list was issued meanwhile ("stale, ignore":
 * don't touch the screen, not even the loading flag, which belongs to the newer request). Issuing a request cancels
 * the previous one still in flight, so a superseded request shows no message either. A failure of the latest
 * request rejects as any call does (its message shown); the caller only clears its loading flag.
 */
export type ListRequest = <T = ListReply>(path: string, params?: Params, opts?: ListOptions) => Promise<T | null>;

export function createListRequest(): ListRequest {
  let latest = 0;
  let inflight: AbortController | undefined;

  return async function list<T = ListReply>(path: string, params: Params = {}, opts: ListOptions = {}): Promise<T | null> {
    const token = ++latest;
    inflight?.abort();
    const ctrl = new AbortController();
    inflight = ctrl;
    const callerSignal = opts.signal;
    if (callerSignal?.aborted) throw abortError();
    const onAbort = () => ctrl.abort();
    callerSignal?.addEventListener('abort', onAbort, { once: true });

    const sent: Params = {
      frompath: currentPath() || undefined,
      ...params,
      token,
      token1: params.token1 ?? '',
      token2: Date.now(),
    };
    const callOpts: RequestOptions = { ...opts, signal: ctrl.signal, silent: true };
    try {
      const reply = opts.method === 'POST'
        ? await apiPost<T>(path, sent, callOpts)
        : await apiGet<T>(path, sent, callOpts);
      if (token !== latest) return null;
      // A reply echoing another token belongs to another request (a proxy or cache mixed them up).
      const echoed = (reply as { token?: unknown } | null)?.token;
      if (echoed !== undefined && echoed !== null && String(echoed) !== String(token)) return null;
      return reply;
    } catch (e) {
      // A superseded request was aborted by the newer one (or failed late): stale, not an error of the screen.
      if (token !== latest) return null;
      throw e;
    } finally {
      callerSignal?.removeEventListener('abort', onAbort);
      if (inflight === ctrl) inflight = undefined;
    }
  };
}
