import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { apiGet, apiPost } from './api/http';
import { setNotifier, setOnNeedLogin } from './api/notifier';
import { setMenuFetcher } from './app/menu/fetcher';
import { useConfig } from './app/config/config-store';
import { LoggedOutDialog, mantineNotifier } from './app/notifier';
import { registerServiceWorker, UpdatePrompt } from './app/pwa/update-prompt';
import { loginRedirect } from './app/routing/route-rules';
import { router } from './app/routing/router';
import { themeFor, useSettings } from './app/settings/settings-store';
import { initI18n } from './i18n';

/**
 * Entry of the PWA (DESIGN §2): languages first (every screen's strings), then the request layer's notifier and
 * its needlogin route, the public configs (retried every second), the service worker, and the router.
 */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

function App() {
  const settings = useSettings();
  const theme = useMemo(() => themeFor(settings), [settings]);
  return (
    <MantineProvider theme={theme}>
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
setNotifier(mantineNotifier);
setOnNeedLogin(() => {
  const { pathname, search } = window.location;
  void router.navigate(loginRedirect(pathname + search), { replace: true });
});
// The menu and dashboard speak through the request layer, so their errors follow the envelope rules too.
setMenuFetcher(req => (req.method === 'GET'
  ? apiGet(req.url, req.data, { signal: req.signal })
  : apiPost(req.url, req.data, { signal: req.signal, silent: true })));
useConfig.getState().start();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
