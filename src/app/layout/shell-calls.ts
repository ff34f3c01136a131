import { useFavMenus, type FavMenu } from '../menu/fav-menus-store';
import { menuFetch } from '../menu/fetcher';

/**
 * The shell's default server calls (spec §7), used when AppLayout is not given its own loaders. They go through the
 * menu's injectable fetcher, so they follow whatever request layer the app installs there.
 */
export interface ServerEntry {
  name: string;
  /** Address of the server; '' = the origin the app was loaded from. */
  server: string;
  /** Test servers are not offered for switching (spec §2). */
  test?: boolean;
}

/** `GET /files/?action=get&file=servers.json` → `{dt:[{name, server, test}]}`; malformed rows are dropped. */
export async function defaultLoadServers(): Promise<ServerEntry[]> {
  const reply = await menuFetch({ method: 'GET', url: '/files/', data: { action: 'get', file: 'servers.json' } });
  const dt = (reply as { dt?: unknown } | null)?.dt;
  if (!Array.isArray(dt)) return [];
  return dt.flatMap((r: unknown): ServerEntry[] => {
    const o = r as Record<string, unknown> | null;
    if (!o || typeof o.name !== 'string' || typeof o.server !== 'string') return [];
    return [{ name: o.name, server: o.server, test: o.test === true }];
  });
}

/** `GET /accounts/favmenus/` through the favourites store. */
export async function defaultLoadFavourites(): Promise<FavMenu[]> {
  await useFavMenus.getState().load();
  return useFavMenus.getState().menus;
}

/** The servers the account menu offers: non-test ones only. */
export function switchableServers(all: readonly ServerEntry[]): ServerEntry[] {
  return all.filter(s => !s.test);
}

/** Whether a server entry is the one in use ('' and the page's origin are the same server; trailing slashes ignored). */
export function isCurrentServer(entry: string, baseURL: string, origin = typeof location === 'undefined' ? '' : location.origin): boolean {
  const norm = (u: string) => (u.replace(/\/+$/, '') || origin).replace(/\/+$/, '');
  return norm(entry) === norm(baseURL);
}
