import { createStore } from 'zustand/vanilla';
import type { Permissions } from '../../domain/contract/permissions';
import { clearOfflineProfile } from './offline-profile';

/**
 * Login state (spec §3, §4; DESIGN §5). The token lives in the cookie `Admin-Token` (700 days), the session id in
 * sessionStorage (one per tab); both are needed to call the API. A tab that has the token but no session id opens
 * a session with a token login. baseURL, username, name and site_name are kept in localStorage.
 */
export const TOKEN_COOKIE = 'Admin-Token';
const TOKEN_DAYS = 700;

// The store also loads where there is no page (the unit tests' node, a worker): it then starts logged out.
const hasDom = typeof document !== 'undefined' && typeof localStorage !== 'undefined';

export function readCookie(name: string): string | null {
  if (!hasDom) return null;
  const hit = document.cookie.split('; ').find(c => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}
function writeCookie(name: string, value: string | null): void {
  // Behind HTTPS the server sets the cookie `Secure`; the app's own copy must not drop that (a cookie sent in clear).
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  document.cookie = value === null
    ? `${name}=; path=/; max-age=0; samesite=lax${secure}`
    : `${name}=${encodeURIComponent(value)}; path=/; max-age=${TOKEN_DAYS * 86400}; samesite=lax${secure}`;
}
const local = (k: string) => (hasDom ? localStorage.getItem(k) : null);

export interface SessionState {
  /** Server address; '' = the origin the app was loaded from. */
  baseURL: string;
  token: string | null;
  sessionid: string | null;
  username: string;
  name: string;
  siteName: string;
  avatar: string;
  introduction: string;
  /** Null until user info has been fetched in this tab. */
  roles: string[] | null;
  /** What the roles allow; null until user info has been fetched (screens then show nothing they may not do). */
  permissions: Permissions | null;
  /**
   * The app's home: a shop-floor terminal's screen after a device login (src/domain/rules/terminal-screen.ts), kept in
   * localStorage beside the token so a reload or a new tab opens it again; null for a person's login (the dashboard).
   */
  home: string | null;
  /**
   * True while the shell runs from the offline profile because the server could not be reached at start
   * (src/app/session/offline-profile.ts); the session is re-opened with the server when the network returns.
   */
  offline: boolean;
  setBaseURL(url: string): void;
  /** After a password or token login. */
  loggedIn(r: { token: string; sessionid: string; name: string; site_name: string; username?: string; home?: string | null }): void;
  /** After /accounts/info/. */
  setInfo(r: { name: string; avatar: string; introduction: string; roles: string[]; permissions?: Permissions | null }, offline?: boolean): void;
  /** Logout, needlogin, token reset: clears token, session, roles; listeners clear the visited tabs. */
  reset(): void;
}

const resetListeners = new Set<() => void>();
/** Other stores (visited tabs, menu) register what they clear when the login state is reset. */
export function onSessionReset(fn: () => void): () => void {
  resetListeners.add(fn);
  return () => resetListeners.delete(fn);
}

export const sessionStore = createStore<SessionState>(set => ({
  baseURL: local('baseURL') ?? '',
  token: readCookie(TOKEN_COOKIE),
  sessionid: hasDom ? sessionStorage.getItem('sessionid') : null,
  username: local('username') ?? '',
  name: local('name') ?? '',
  siteName: local('site_name') ?? '',
  avatar: '',
  introduction: '',
  roles: null,
  permissions: null,
  home: local('home'),
  offline: false,
  setBaseURL: url => {
    localStorage.setItem('baseURL', url);
    set({ baseURL: url });
  },
  loggedIn: r => {
    writeCookie(TOKEN_COOKIE, r.token);
    sessionStorage.setItem('sessionid', r.sessionid);
    localStorage.setItem('name', r.name);
    localStorage.setItem('site_name', r.site_name);
    if (r.username) localStorage.setItem('username', r.username);
    // A login that says what it is sets the home (a terminal's screen, or none); one that does not keeps it.
    if (r.home !== undefined) {
      if (r.home) localStorage.setItem('home', r.home); else localStorage.removeItem('home');
    }
    set(s => ({
      token: r.token, sessionid: r.sessionid, name: r.name, siteName: r.site_name, username: r.username ?? s.username,
      home: r.home === undefined ? s.home : r.home,
    }));
  },
  setInfo: (r, offline = false) => set({
    name: r.name, avatar: r.avatar, introduction: r.introduction, roles: r.roles, permissions: r.permissions ?? null, offline,
  }),
  reset: () => {
    writeCookie(TOKEN_COOKIE, null);
    sessionStorage.removeItem('sessionid');
    clearOfflineProfile();
    set({ token: null, sessionid: null, roles: null, permissions: null, offline: false });
    for (const fn of resetListeners) fn();
  },
}));
