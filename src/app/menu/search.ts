import Fuse, { type IFuseOptions } from 'fuse.js';
import { isComing, type HasScreen } from '../../domain/menu/coming';
import { routedScreen } from './coming';

/** An entry of the header search: its title already in the current language. */
export interface SearchableItem {
  title: string;
  path: string;
  hidden?: boolean;
}

/** Header search (spec §2, §9): fuzzy by title (weight 0.7) and path (0.3), threshold 0.4. */
export const MENU_SEARCH_OPTIONS: IFuseOptions<SearchableItem> = {
  keys: [{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }],
  threshold: 0.4,
  shouldSort: true,
};

/**
 * Builds a search over the entries once (a menu has a few hundred); the returned function answers each query,
 * best match first. Hidden entries (edit/create pages, pages that need an id) are not offered, nor are pages whose
 * screens are still to come (`hasScreen`, by default the router's answer): a search is for going to a screen, and
 * its list of titles has no room to mark one as coming, so it would present it like a working screen.
 */
export function createMenuSearch<T extends SearchableItem>(items: readonly T[], hasScreen: HasScreen = routedScreen): (query: string) => T[] {
  const fuse = new Fuse(items.filter(i => !i.hidden && !isComing(i.path, hasScreen)), MENU_SEARCH_OPTIONS as IFuseOptions<T>);
  return query => {
    const q = query.trim();
    return q ? fuse.search(q).map(r => r.item) : [];
  };
}

export function searchMenu<T extends SearchableItem>(items: readonly T[], query: string, hasScreen: HasScreen = routedScreen): T[] {
  return createMenuSearch(items, hasScreen)(query);
}
