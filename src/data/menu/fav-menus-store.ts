import { createStore } from 'zustand/vanilla';
import { onSessionReset } from '../session/session-store';
import { favMenus } from '../../domain/contract/endpoints/accounts';
import { menuFetch } from './fetcher';

export const FAV_MENUS_URL = favMenus.path;

/** A favourite menu entry (the server already dropped the ones the role no longer grants). */
export interface FavMenu {
  path: string;
  /** As the user saved it: an i18n key (`menu.*`) or plain text. */
  title: string;
  icon?: string;
  color?: string;
}

export interface FavMenusState {
  menus: FavMenu[];
  loaded: boolean;
  load(): Promise<void>;
  clear(): void;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Rows with a path only; empty columns (null in the table) become absent. */
export function favMenusOf(reply: unknown): FavMenu[] {
  const menus = (reply as { menus?: unknown } | null)?.menus;
  if (!Array.isArray(menus)) throw new Error('favmenus: reply has no menus');
  const out: FavMenu[] = [];
  for (const m of menus as Record<string, unknown>[]) {
    const path = str(m?.path);
    if (!path) continue;
    const fav: FavMenu = { path, title: str(m.title) ?? path };
    const icon = str(m.icon), color = str(m.color);
    if (icon) fav.icon = icon;
    if (color) fav.color = color;
    out.push(fav);
  }
  return out;
}

// As for the menu: a reply that arrives after a session reset belongs to the previous user and is dropped.
let generation = 0;

export const favMenusStore = createStore<FavMenusState>(set => ({
  menus: [],
  loaded: false,
  load: async () => {
    const gen = generation;
    const menus = favMenusOf(await menuFetch({ method: 'GET', url: FAV_MENUS_URL }));
    if (gen === generation) set({ menus, loaded: true });
  },
  clear: () => {
    generation++;
    set({ menus: [], loaded: false });
  },
}));

onSessionReset(() => favMenusStore.getState().clear());
