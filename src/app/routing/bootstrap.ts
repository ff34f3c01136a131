import { apiGet, apiPost } from '../../api/http';
import { i18n } from '../../i18n';
import { useMenu } from '../menu/menu-store';
import { useSession } from '../session/session-store';

/** When the app started; the menu loads 1 s after start (spec §9), not before. */
const APP_START = Date.now();
const MENU_DELAY_MS = 1000;

interface InfoReply { name?: string; avatar?: string; introduction?: string; roles?: unknown }

/**
 * The first navigation after login (spec §4): re-open a session with the token when this tab has none, fetch the
 * user info, check the roles, load the menu. Throws a message for the login page on failure; the caller resets the
 * token and sends the user to /login?redirect=….
 */
export async function bootstrapSession(signal: AbortSignal): Promise<void> {
  const s = useSession.getState();
  if (!s.token) throw new Error(i18n.t('login.verification_failed'));
  if (!s.sessionid) {
    const r = await apiPost<{ token: string; name: string; site_name: string; sessionid: string }>(
      '/accounts/login/', { token: s.token }, { signal, quiet: true });
    s.loggedIn({ token: r.token, sessionid: r.sessionid, name: r.name, site_name: r.site_name });
  }
  const info = await apiGet<InfoReply>('/accounts/info/', {}, { signal, quiet: true });
  if (!info || typeof info.name !== 'string') throw new Error(i18n.t('login.verification_failed'));
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(i18n.t('login.roles_required'));
  const wait = APP_START + MENU_DELAY_MS - Date.now();
  if (wait > 0) await new Promise(r => setTimeout(r, wait));
  await useMenu.getState().load();
  useSession.getState().setInfo({
    name: info.name, avatar: info.avatar ?? '', introduction: info.introduction ?? '', roles: info.roles as string[],
  });
}
