import { homeOf, loginWithToken, userInfo } from '../../data/shell-client';
import { isUnreachableError } from '../../data/errors';
import { i18n } from '../../i18n';
import { useMenu } from '../../ui/stores';
import { startOfflineSync } from '../../data/offline/sync-engine';
import { requestPersistence } from '../../data/offline/storage';
import { loadOfflineProfile, saveOfflineProfile } from '../../data/session/offline-profile';
import { useSession } from '../../ui/stores';

/** When the app started; the menu loads 1 s after start (spec §9), not before. */
const APP_START = Date.now();
const MENU_DELAY_MS = 1000;

/** The server could not be reached (or a proxy in front of it answered for it): the offline profile may stand in. */
export function unreachable(err: unknown): boolean {
  return isUnreachableError(err);
}

/**
 * The first navigation after login (spec §4): re-open a session with the token when this tab has none, fetch the
 * user info, check the roles, load the menu, and keep a copy of info and menu for an offline start. When the server
 * cannot be reached and a copy exists, the shell opens from the copy (`offline`), so a kiosk reloaded without
 * network keeps working (DESIGN §6). Throws a message for the login page on any other failure; the caller resets
 * the token and sends the user to /login?redirect=….
 *
 * Once the user is known, the offline copy is claimed for them (another user's is cleared) and kept fresh, and the
 * browser is asked to keep the site's storage.
 */
export async function bootstrapSession(signal: AbortSignal): Promise<void> {
  try {
    await bootstrapOnline(signal);
  } catch (err) {
    const copy = unreachable(err) ? loadOfflineProfile() : null;
    if (!copy) throw err;
    useMenu.getState().restore(copy.menu);
    useSession.getState().setInfo(copy.info, true);
  }
  const username = useSession.getState().username;
  if (username) startOfflineSync(username);
  void requestPersistence();
}

async function bootstrapOnline(signal: AbortSignal): Promise<void> {
  const s = useSession.getState();
  if (!s.token) throw new Error(i18n.t('login.verification_failed'));
  if (!s.sessionid) {
    const r = await loginWithToken(s.token, { signal });
    s.loggedIn({ token: r.token, sessionid: r.sessionid, name: r.name, site_name: r.site_name, home: homeOf(r) });
  }
  const reply = await userInfo({ signal });
  if (!reply || typeof reply.name !== 'string') throw new Error(i18n.t('login.verification_failed'));
  if (!Array.isArray(reply.roles) || reply.roles.length === 0) throw new Error(i18n.t('login.roles_required'));
  const wait = APP_START + MENU_DELAY_MS - Date.now();
  if (wait > 0) await new Promise(r => setTimeout(r, wait));
  await useMenu.getState().load();
  const info = {
    name: reply.name, avatar: reply.avatar ?? '', introduction: reply.introduction ?? '', roles: reply.roles as string[],
    permissions: reply.permissions ?? null,
  };
  useSession.getState().setInfo(info);
  const menu = useMenu.getState().tree;
  if (menu) saveOfflineProfile({ username: useSession.getState().username, info, menu, savedAt: Date.now() });
}
