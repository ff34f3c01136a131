import { AppShell, Box, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { logout as logoutOnServer } from '../../data/shell-client';
import type { FavMenu } from '../../data/menu/fav-menus-store';
import { findMenuItem } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import { localHelper, rememberHelperParams } from '../local-helper/local-helper';
import { loginRedirect } from '../../domain/menu/route-rules';
import { useSession } from '../../ui/stores';
import { useSettings } from '../settings/settings-store';
import { useTabs } from '../tabs/tabs-store';
import { HeaderBar } from './HeaderBar';
import { defaultLoadFavourites, defaultLoadServers, type ServerEntry } from './shell-calls';
import { Sidebar, SIDEBAR_WIDTHS } from './Sidebar';
import { TagsView } from './TagsView';
import { SHELL_CHROME_ATTR } from '../../ui/use-covers-shell';

/** Below this width the device is a phone: the sidebar becomes a drawer (the original's 992 px). */
export const MOBILE_QUERY = '(max-width: 991px)';

export interface AppLayoutProps {
  /** Logout; by default the login state is reset and the user goes to /login?redirect=<current page> (spec §4). */
  onLogout?: () => void;
  /** Switching server; by default the address is stored, the login state reset, and the login page shown. */
  onSwitchServer?: (server: ServerEntry) => void;
  /** servers.json for the account menu; by default `GET /files/?action=get&file=servers.json`. */
  loadServers?: () => Promise<ServerEntry[]>;
  /** The favourite menu entries for the sidebar; by default `GET /accounts/favmenus/`. */
  loadFavourites?: () => Promise<FavMenu[]>;
}

/**
 * The shell around every logged-in page (spec §1, §2): the sidebar (120 px, or wide by the user's choice; a drawer
 * on a phone), the header, the tab bar (when enabled in the settings) and the page. It also records visited pages as
 * tabs and, when the local helper launched the app, keeps it connected while the user is in the shell (otherwise it
 * connects on demand).
 */
export function AppLayout({
  onLogout, onSwitchServer, loadServers = defaultLoadServers, loadFavourites = defaultLoadFavourites,
}: AppLayoutProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const mobile = useMediaQuery(MOBILE_QUERY) === true;
  const { sidebarOpened, toggleSidebar, setDevice, tagsView, fixedHeader, wideSidebar } = useSettings();
  // The phone's drawer is transient: it is not the stored sidebar state of the desktop.
  const [drawerOpened, setDrawerOpened] = useState(false);

  useEffect(() => { setDevice(mobile ? 'mobile' : 'desktop'); }, [mobile, setDevice]);
  useTrackTabs(pathname, search);
  useLocalHelper(search);

  const here = pathname + search;
  const logout = useCallback(() => {
    if (onLogout) return onLogout();
    // The server revokes the token and session (DESIGN §5), so a copied token stops working too. The request takes
    // the session id when it is sent, which is now, before the reset below; offline it fails quietly.
    logoutOnServer().catch(() => { /* the local logout goes on regardless */ });
    useSession.getState().reset();
    navigate(loginRedirect(here), { replace: true });
  }, [onLogout, navigate, here]);
  const switchServer = useCallback((server: ServerEntry) => {
    if (onSwitchServer) return onSwitchServer(server);
    // The token belongs to the old server: log in again on the new one, then come back here.
    useSession.getState().setBaseURL(server.server);
    useSession.getState().reset();
    navigate(loginRedirect(here), { replace: true });
  }, [onSwitchServer, navigate, here]);

  const closeDrawer = useCallback(() => setDrawerOpened(false), []);

  return (
    <AppShell
      data-testid="app-layout"
      padding={0}
      navbar={{
        width: SIDEBAR_WIDTHS[wideSidebar ? 'wide' : 'narrow'], breakpoint: 'xs',
        collapsed: { desktop: mobile || !sidebarOpened, mobile: true },
      }}
    >
      {!mobile && (
        <AppShell.Navbar {...{ [SHELL_CHROME_ATTR]: '' }}>
          <Sidebar loadFavourites={loadFavourites} />
        </AppShell.Navbar>
      )}
      {mobile && (
        <Drawer opened={drawerOpened} onClose={closeDrawer} size={200} padding={0} withCloseButton={false}>
          <Box h="100dvh"><Sidebar loadFavourites={loadFavourites} onNavigate={closeDrawer} /></Box>
        </Drawer>
      )}
      <AppShell.Main>
        <Box component="header" bg="var(--mantine-color-body)" {...{ [SHELL_CHROME_ATTR]: '' }}
          style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 100 } : undefined}>
          <HeaderBar
            mobile={mobile}
            menuOpened={mobile ? drawerOpened : sidebarOpened}
            onToggleMenu={mobile ? () => setDrawerOpened(o => !o) : toggleSidebar}
            onLogout={logout}
            onSwitchServer={switchServer}
            loadServers={loadServers}
          />
          {tagsView && <TagsView />}
        </Box>
        {/* AppShell.Main is the page's one <main>; the page's own box inside it is a plain block. */}
        <Box p="sm">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * Every page of the menu the user opens becomes (or refreshes) its tab, the most recent one. A navigation whose state
 * names `replacesTab` (a saved new document moving to its edit page) takes that tab's place.
 */
function useTrackTabs(pathname: string, search: string) {
  const flat = useMenu(s => s.flat);
  const { state } = useLocation();
  const replaces = replacedTabOf(state);
  useEffect(() => {
    const item = findMenuItem(flat, pathname);
    if (item) useTabs.getState().open({ path: pathname + search, title: item.title, replaces });
  }, [flat, pathname, search, replaces]);
}

const replacedTabOf = (state: unknown): string | undefined => {
  const v = (state as { replacesTab?: unknown } | null)?.replacesTab;
  return typeof v === 'string' ? v : undefined;
};

/**
 * The local helper is started while the shell is shown (it connects only if it launched the app, local-helper.ts);
 * `ws_port` and `client` of the first URL are remembered.
 */
function useLocalHelper(search: string) {
  const [firstSearch] = useState(search);
  useEffect(() => {
    rememberHelperParams(firstSearch);
    localHelper.start();
    return () => localHelper.stop();
  }, [firstSearch]);
}
