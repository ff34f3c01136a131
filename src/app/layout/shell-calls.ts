import { type FavMenu } from '../../data/menu/fav-menus-store';
import { useFavMenus } from '../../ui/stores';
import { serverList, type ServerEntry } from '../../data/shell-client';

/** The shell's default server calls (spec §7), used when AppLayout is not given its own loaders. */
export type { ServerEntry };

/** The servers of servers.json; malformed rows are dropped. */
export function defaultLoadServers(): Promise<ServerEntry[]> {
  return serverList();
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
