import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/settings/focus-visibility.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setNotifier, setOnNeedLogin } from './data/notifier';
import { useConfig } from './ui/stores';
import { LoggedOutDialog, mantineNotifier } from './app/notifier';
import { registerServiceWorker, UpdatePrompt } from './app/pwa/update-prompt';
import { loginRedirect } from './domain/menu/route-rules';
import { router } from './app/routing/router';
import { themeCssVariables, themeFor, useSettings } from './app/settings/settings-store';
import { onReconnect, setReachabilityProbe } from './data/connectivity';
import { isApiError } from './data/errors';
import { serverAnswers } from './data/shell-client';
import { offlineDbFor } from './data/offline/db';
import { persistQueryCache, restoreQueryCache } from './data/offline/query-persist';
import { onSessionReset, sessionStore } from './data/session/session-store';
import { initI18n } from './i18n/react';
import { useTranslation } from 'react-i18next';

/**
 * Entry of the PWA (DESIGN §2): languages first (every screen's strings), then the request layer's notifier and
 * its needlogin route, the public configs (retried every second), the service worker, and the router.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The server out of reach is not retried: the screen shows its offline copy or last data at once. Nor is a
      // record that does not exist (404): asking again cannot make it exist, and the screen says so at once.
      retry: (count, error) => count < 1
        && !(isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.status === 404)),
      refetchOnWindowFocus: false,
      // Kept a week, so the persisted copy of a screen visited days ago still shows offline (DESIGN §6).
      gcTime: 7 * 24 * 3600_000,
    },
  },
});

function App() {
  const settings = useSettings();
  const { t } = useTranslation();
  const clear = t('shell.clear_value');
  const theme = useMemo(() => themeFor(settings, { clear }), [settings, clear]);
  return (
    // The device's colour scheme (light or dark), followed as it changes (issue 30 item 15, decision 160).
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={themeCssVariables}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <LoggedOutDialog />
      <UpdatePrompt />
    </MantineProvider>
  );
}

await initI18n();
// The screens' last data, kept in IndexedDB for offline reads: restored before the first render, for this user and
// build only, and cleared with the login state.
const cacheOwner = () => `${sessionStore.getState().username}|${__APP_BUILD__}`;
const offlineDb = () => offlineDbFor(sessionStore.getState().baseURL);
if (sessionStore.getState().token) await restoreQueryCache(queryClient, offlineDb(), cacheOwner());
persistQueryCache(queryClient, offlineDb, cacheOwner);
onSessionReset(() => queryClient.clear());
// Back online: the screens fetch their data from the server again (the offline copy refreshes itself).
setReachabilityProbe(serverAnswers);
onReconnect(() => void queryClient.invalidateQueries());
setNotifier(mantineNotifier);
setOnNeedLogin(() => {
  const { pathname, search } = window.location;
  void router.navigate(loginRedirect(pathname + search), { replace: true });
});
useConfig.getState().start();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
