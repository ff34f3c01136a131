import { apiGet, apiPost } from '../http';

/**
 * The shell calls of the menu, the favourites and the server list, as one injectable function: the default goes
 * through the request layer (so replies follow the envelope rules), and tests answer without a server.
 */
export interface MenuRequest {
  method: 'GET' | 'POST';
  /** Path on the API server; may carry its own query string (`/accounts/my/?action=loadmenu`). */
  url: string;
  /** Query parameters of a GET, form fields of a POST. */
  data?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
}

/** Resolves with the reply's JSON when its `msg` is OK; rejects (with the request layer's ApiError) otherwise. */
export type MenuFetcher = (req: MenuRequest) => Promise<unknown>;

/**
 * Shell calls are never "operations": no 操作成功 after the menu is loaded with a POST. Nor are they errors when the
 * server is out of reach: the shell keeps the menu it has and says it is offline (issue 30: going offline logged
 * 连接服务器出错 /accounts/favmenus/ with a red count beside 离线). Refusals still show.
 */
export const defaultMenuFetcher: MenuFetcher = req => (req.method === 'GET'
  ? apiGet(req.url, req.data, { signal: req.signal, quietOffline: true })
  : apiPost(req.url, req.data, { signal: req.signal, silent: true, quietOffline: true }));

let current: MenuFetcher = defaultMenuFetcher;

/** Replaces the fetcher; `null` restores the default. */
export function setMenuFetcher(fn: MenuFetcher | null): void {
  current = fn ?? defaultMenuFetcher;
}

export function menuFetch(req: MenuRequest): Promise<unknown> {
  return current(req);
}
