/**
 * Query keys for TanStack Query, one tree per resource API path, so that a save can invalidate exactly its
 * resource: `invalidateQueries({ queryKey: queryKeys.all('/customers') })` hits its lists and details.
 *
 *   ['/customers']                          everything of the resource
 *   ['/customers', 'list']                  every list
 *   ['/customers', 'list', {keyword: 'a'}]  one list
 *   ['/customers', 'detail', '12']          one row
 */

/** Parameters that change on every call or do not change the data; they must not split the cache. */
const TRANSIENT: ReadonlySet<string> = new Set(['token', 'token1', 'token2', 'ios', 'lang', 'frompath', 'timestamp', '_']);

/** `/customers/` and `/customers` are the same resource. */
function base(api: string): string {
  return api.replace(/\/+$/, '') || '/';
}

/** Keys sorted and transient or undefined values left out, so equal queries get equal keys. */
function stableParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(params).sort()) {
    if (!TRANSIENT.has(k) && params[k] !== undefined) out[k] = params[k];
  }
  return out;
}

export const queryKeys = {
  all: (api: string) => [base(api)] as const,
  lists: (api: string) => [base(api), 'list'] as const,
  list: (api: string, params: Readonly<Record<string, unknown>> = {}) => [base(api), 'list', stableParams(params)] as const,
  details: (api: string) => [base(api), 'detail'] as const,
  /** Ids are compared as text: a route's `'12'` and a row's `12` are the same row. */
  detail: (api: string, id: string | number) => [base(api), 'detail', String(id)] as const,
};

/** The query key of a row's history (`/history/list/`), so a save can refresh it. */
export const historyKey = (table: string, kid: string | number) => ['/history', 'list', table, String(kid)] as const;
