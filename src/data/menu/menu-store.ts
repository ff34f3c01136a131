import { createStore } from 'zustand/vanilla';
import { onSessionReset } from '../session/session-store';
import { loadMenu } from '../../domain/contract/endpoints/accounts';
import { menuFetch } from './fetcher';
import { flattenMenu } from '../../domain/menu/flatten';
import type { FlatMenuItem, MenuNode } from '../../domain/menu/menu-types';
import { ROUTE_TREE } from '../../domain/menu/route-tree';

/** Spec §7: the client posts its route tree and receives the part the role may see. */
export const LOAD_MENU_URL = `${loadMenu.path}?action=loadmenu&platform=pc`;

export interface MenuState {
  /** The role's menu as the server filtered it; null until loaded. */
  tree: MenuNode[] | null;
  flat: FlatMenuItem[];
  loaded: boolean;
  /** Loads (or reloads) the menu. Concurrent calls share one request; rejects when the request fails. */
  load(): Promise<void>;
  /** Shows a menu the server gave earlier (the offline profile) until the next load. */
  restore(tree: MenuNode[]): void;
  clear(): void;
}

function menusOf(reply: unknown): MenuNode[] {
  const menus = (reply as { menus?: unknown } | null)?.menus;
  if (!Array.isArray(menus)) throw new Error('loadmenu: reply has no menus');
  return menus as MenuNode[];
}

// A reply is stored only if no clear() (logout, session reset) happened since its request left: otherwise a slow
// reply would give the next user the previous user's menu.
let generation = 0;
let inflight: { gen: number; promise: Promise<void> } | null = null;

export const menuStore = createStore<MenuState>(set => ({
  tree: null,
  flat: [],
  loaded: false,
  load: () => {
    if (inflight && inflight.gen === generation) return inflight.promise;
    const gen = generation;
    const promise: Promise<void> = menuFetch({
      method: 'POST', url: LOAD_MENU_URL, data: { menus: JSON.stringify(ROUTE_TREE) },
    }).then(reply => {
      const tree = menusOf(reply);
      if (gen === generation) set({ tree, flat: flattenMenu(tree), loaded: true });
    }).finally(() => {
      if (inflight?.promise === promise) inflight = null;
    });
    inflight = { gen, promise };
    return promise;
  },
  restore: tree => set({ tree, flat: flattenMenu(tree), loaded: true }),
  clear: () => {
    generation++;
    inflight = null;
    set({ tree: null, flat: [], loaded: false });
  },
}));

onSessionReset(() => menuStore.getState().clear());
