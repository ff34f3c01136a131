import { homeOf, loginWithToken } from '../shell-client';
import { sessionStore } from './session-store';

/**
 * Re-opens this tab's session with the token of the cookie (a token login, as the shell does on a new tab), for the
 * background work that must go on when a session lapses: the outbox's sender after a `needlogin` reply, or after an
 * offline start whose tab had no session (docs/shopfloor.md "Kiosk identity": a device session is re-opened with its
 * token whenever it lapses).
 *
 * Rules:
 * - Concurrent callers share one attempt.
 * - Resolves true once a new session is in the store, false when there is no token or the server refused it. A
 *   refusal leaves the login state alone: the screens' own calls decide whether the user must log in again.
 */
let attempt: Promise<boolean> | null = null;

export function reopenSession(): Promise<boolean> {
  if (attempt) return attempt;
  const { token } = sessionStore.getState();
  if (!token) return Promise.resolve(false);
  attempt = (async () => {
    try {
      const r = await loginWithToken(token);
      if (typeof r?.sessionid !== 'string' || !r.sessionid) return false;
      // The user may have logged out (or in as someone else) while the call ran: that session wins.
      if (sessionStore.getState().token !== token) return false;
      sessionStore.getState().loggedIn({
        token: typeof r.token === 'string' && r.token ? r.token : token, sessionid: r.sessionid, name: r.name, site_name: r.site_name,
        home: homeOf(r),
      });
      return true;
    } catch {
      return false;
    } finally {
      attempt = null;
    }
  })();
  return attempt;
}
