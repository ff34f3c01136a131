/**
 * The routing rules of spec §2 and §4, as pure functions (the router and the tests share them).
 */

/** Pages anyone may open without logging in. */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/orders/query', '/bills/query', '/test', '/404', '/401'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}

/** `/login?redirect=<path>` for a page that needs a login; the wanted path keeps its query. */
export function loginRedirect(pathWithQuery: string): string {
  if (!pathWithQuery || pathWithQuery === '/' || pathWithQuery.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * Where a logged-in user opening /login goes: /dashboard, keeping `ws_port` and `client` when both are present
 * (the local helper opens the app with them).
 */
export function loggedInLoginTarget(search: string, home: string | null = null): string {
  const q = new URLSearchParams(search);
  const wsPort = q.get('ws_port'), client = q.get('client');
  const start = home ?? '/dashboard';
  if (wsPort !== null && client !== null) {
    return `${start}?${new URLSearchParams({ ws_port: wsPort, client }).toString()}`;
  }
  return start;
}

/**
 * Where to go after a login: the `redirect` parameter when it is a path of this app, else the session's home (a
 * terminal's screen after a device login), else /dashboard.
 */
export function afterLoginTarget(search: string, home: string | null = null): string {
  const r = new URLSearchParams(search).get('redirect');
  // Only local paths: an absolute URL or `//host` would send the user to another site.
  if (r && r.startsWith('/') && !r.startsWith('//') && !r.startsWith('/login')) return r;
  return home ?? '/dashboard';
}

/** The hidden refresh route: `/redirect/<path>` → `/<path>` (the tab bar's refresh goes through it). */
export function redirectTarget(pathname: string, search: string): string {
  const rest = pathname.replace(/^\/redirect/, '') || '/dashboard';
  return `${rest}${search}`;
}
