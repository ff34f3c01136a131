import { useStore, type StoreApi } from 'zustand';
import { configStore } from '../data/config-store';
import { errorLogStore } from '../data/error-log';
import { favMenusStore } from '../data/menu/fav-menus-store';
import { menuStore } from '../data/menu/menu-store';
import { syncStore } from '../data/offline/sync-engine';
import { outboxStatusStore } from '../data/outbox/status';
import { sessionStore } from '../data/session/session-store';

/**
 * React bindings of the data layer's stores. The stores themselves are React-free (zustand/vanilla, in src/data) so
 * the request layer, the sync engine and workers can use them; components read them through these hooks, which also
 * carry the store's `getState`, `setState` and `subscribe` (as zustand's `create` does).
 */
export interface BoundStore<S> extends StoreApi<S> {
  (): S;
  <T>(selector: (s: S) => T): T;
}

export function bindStore<S>(store: StoreApi<S>): BoundStore<S> {
  const use = <T,>(selector?: (s: S) => T) => useStore(store, selector ?? ((s: S) => s as unknown as T));
  return Object.assign(use, store) as BoundStore<S>;
}

export const useSession = bindStore(sessionStore);
export const useMenu = bindStore(menuStore);
export const useErrorLog = bindStore(errorLogStore);
export const useConfig = bindStore(configStore);
export const useFavMenus = bindStore(favMenusStore);
export const useSync = bindStore(syncStore);
/** The outbox's sync state for the badge every screen shows (src/data/outbox/status.ts): online, pending, dead letters. */
export const useOutboxStatus = bindStore(outboxStatusStore);
