import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onSessionReset } from '../../data/session/session-store';

/**
 * The tab bar of visited pages (spec §2 "Shell behaviour", §4). Rules:
 * - the dashboard tab is fixed (affix): always present, first, never closed, titled 控制台 like the breadcrumb;
 * - one tab per page (path without query); revisiting a page with another query updates that tab's full path;
 * - the most recently used order is tracked: the tab opened last is the active one;
 * - closing the active tab goes to the most recently used remaining tab, else /dashboard;
 * - a page that takes another's place (a new document saved: its create page becomes its edit page) takes that tab's
 *   place too, instead of leaving a stale "new" tab beside it;
 * - the tabs are kept in sessionStorage, so a reload keeps them, and cleared when the login state is reset.
 */
export const DASHBOARD_PATH = '/dashboard';
/** i18n key of the dashboard's title, 控制台 (also the breadcrumb's first entry). */
export const DASHBOARD_TITLE = 'shell.dashboard';
export const TABS_KEY = 'ipos-tabs';

export interface VisitedTab {
  /** Full path including the query, e.g. `/customers/list?keyword=a`. */
  path: string;
  /** i18n key of the title. */
  title: string;
  /** Fixed tab: cannot be closed. */
  affix: boolean;
}

export interface TabsState {
  tabs: VisitedTab[];
  /** Page keys (path without query), most recently used first. */
  recent: string[];
  /**
   * Called on every navigation to a menu page: adds the tab or updates it, and makes it the most recent. `replaces`:
   * the page (path) whose tab this one takes over, in place.
   */
  open(tab: { path: string; title: string; affix?: boolean; replaces?: string }): void;
  /** Closes a tab (not an affix one). Returns where to go when it was the active tab, else null. */
  close(path: string): string | null;
  /** Keeps the affix tabs and this one. Returns the kept tab's path when the active tab was closed, else null. */
  closeOthers(path: string): string | null;
  /** Keeps the affix tabs. Returns where to go when the active tab was closed, else null. */
  closeAll(): string | null;
  /** Back to the dashboard tab only (session reset). */
  clear(): void;
}

/** A page's key: its path without query or hash, without a trailing slash. */
export function tabKey(path: string): string {
  const p = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return p || '/';
}

const dashboardTab = (): VisitedTab => ({ path: DASHBOARD_PATH, title: DASHBOARD_TITLE, affix: true });
const initial = () => ({ tabs: [dashboardTab()], recent: [] as string[] });

/** Where to go after the tabs in `recent` order were reduced to `tabs`: the most recent remaining, else home. */
function mostRecent(tabs: VisitedTab[], recent: string[]): string {
  for (const key of recent) {
    const t = tabs.find(x => tabKey(x.path) === key);
    if (t) return t.path;
  }
  return DASHBOARD_PATH;
}

export const useTabs = create<TabsState>()(persist(
  (set, get) => ({
    ...initial(),
    open: ({ path, title, affix, replaces }) => {
      const key = tabKey(path);
      set(s => {
        const gone = replaces === undefined ? undefined : tabKey(replaces);
        const old = gone === undefined || gone === key ? -1 : s.tabs.findIndex(t => tabKey(t.path) === gone && !t.affix);
        if (old >= 0 && !s.tabs.some(t => tabKey(t.path) === key)) {
          const tabs = s.tabs.map((t, j) => (j === old ? { path, title, affix: affix === true } : t));
          return { tabs, recent: [key, ...s.recent.filter(k => k !== key && k !== gone)] };
        }
        const i = s.tabs.findIndex(t => tabKey(t.path) === key);
        const dashboard = key === DASHBOARD_PATH;
        const fixed = dashboard || (i >= 0 && s.tabs[i]!.affix) || affix === true;
        // The dashboard keeps the breadcrumb's title, 控制台, whatever the menu calls it.
        const tab: VisitedTab = { path, title: dashboard ? DASHBOARD_TITLE : title, affix: fixed };
        const tabs = i >= 0 ? s.tabs.map((t, j) => (j === i ? tab : t)) : [...s.tabs, tab];
        return { tabs, recent: [key, ...s.recent.filter(k => k !== key)] };
      });
    },
    close: path => {
      const key = tabKey(path);
      const s = get();
      const victim = s.tabs.find(t => tabKey(t.path) === key);
      if (!victim || victim.affix) return null;
      const wasActive = s.recent[0] === key;
      const tabs = s.tabs.filter(t => t !== victim);
      const recent = s.recent.filter(k => k !== key);
      set({ tabs, recent });
      return wasActive ? mostRecent(tabs, recent) : null;
    },
    closeOthers: path => {
      const key = tabKey(path);
      const s = get();
      const kept = s.tabs.find(t => tabKey(t.path) === key);
      const tabs = s.tabs.filter(t => t.affix || t === kept);
      const keys = new Set(tabs.map(t => tabKey(t.path)));
      const recent = s.recent.filter(k => keys.has(k));
      const activeClosed = s.recent[0] !== undefined && !keys.has(s.recent[0]);
      set({ tabs, recent });
      if (!activeClosed) return null;
      return kept ? kept.path : mostRecent(tabs, recent);
    },
    closeAll: () => {
      const s = get();
      const tabs = s.tabs.filter(t => t.affix);
      const keys = new Set(tabs.map(t => tabKey(t.path)));
      const recent = s.recent.filter(k => keys.has(k));
      const activeClosed = s.recent[0] !== undefined && !keys.has(s.recent[0]);
      set({ tabs, recent });
      return activeClosed ? mostRecent(tabs, recent) : null;
    },
    clear: () => set(initial()),
  }),
  {
    name: TABS_KEY,
    // sessionStorage: the visited tabs belong to this browser tab and survive its reloads, not a new window.
    storage: createJSONStorage(() => sessionStorage),
    partialize: s => ({ tabs: s.tabs, recent: s.recent }),
    // The dashboard tab is always there and first, whatever was stored.
    merge: (stored, current) => {
      const st = (stored ?? {}) as Partial<Pick<TabsState, 'tabs' | 'recent'>>;
      const tabs = Array.isArray(st.tabs)
        ? st.tabs.filter(t => typeof t?.path === 'string' && typeof t.title === 'string' && tabKey(t.path) !== DASHBOARD_PATH)
        : [];
      const dash = Array.isArray(st.tabs) ? st.tabs.find(t => typeof t?.path === 'string' && tabKey(t.path) === DASHBOARD_PATH) : undefined;
      const recent = Array.isArray(st.recent) ? st.recent.filter((k): k is string => typeof k === 'string') : [];
      return {
        ...current,
        tabs: [{ ...dashboardTab(), path: dash?.path ?? DASHBOARD_PATH }, ...tabs.map(t => ({ ...t, affix: t.affix === true }))],
        recent,
      };
    },
  },
));

// Logout, needlogin and token reset clear the visited tabs (spec §4).
onSessionReset(() => useTabs.getState().clear());
