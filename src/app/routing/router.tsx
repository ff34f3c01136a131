import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import LoginPage from '../../features/auth/LoginPage';
import ErrorPage from '../../features/errors/ErrorPage';
import { useSession } from '../../ui/stores';
import { MenuRoute } from './MenuRoute';
import { RequireSession } from './RequireSession';
import { afterLoginTarget, loggedInLoginTarget, redirectTarget } from '../../domain/menu/route-rules';

/**
 * The login page is in the entry chunk (it is the first screen of a new device and must show at once, offline too);
 * the shell around logged-in pages is a chunk of its own, so /login does not carry it (bench/load: /login JS). A user
 * who already holds a token is headed for the shell: its chunk is fetched right away, beside the session check.
 */
const loadLayout = () => import('../layout/AppLayout');
const AppLayout = lazy(() => loadLayout().then(m => ({ default: m.AppLayout })));
if (useSession.getState().token) void loadLayout();
const AuthRedirect = lazy(() => import('../../features/auth/AuthRedirect'));
const TestPage = lazy(() => import('../../features/test/TestPage'));
/** `/orders/query` is public (customers look up their orders): no login, no shell, a chunk of its own. */
const OrderQueryPage = lazy(() => import('../../features/order-query/OrderQueryPage'));
/** `/bills/query` is public too (customers check the bill sent to them, by its QR code): a chunk of its own. */
const BillQueryPage = lazy(() => import('../../features/finance-bills/BillQueryPage'));

const lazyPage = (node: ReactNode) => <Suspense fallback={<Center mih="100vh"><Loader /></Center>}>{node}</Suspense>;

/**
 * A logged-in user on /login goes where the login was for (`redirect`), else to its home (a terminal's screen, else
 * /dashboard) keeping ws_port and client when both are present. This also completes a fresh login: the session changes and the route moves on.
 */
function LoginRoute() {
  const { search } = useLocation();
  const loggedIn = useSession(s => s.token !== null && s.sessionid !== null);
  const home = useSession(s => s.home);
  if (!loggedIn) return <LoginPage />;
  const target = new URLSearchParams(search).has('redirect') ? afterLoginTarget(search, home) : loggedInLoginTarget(search, home);
  return <Navigate to={target} replace />;
}

/** `/`: the session's home — a terminal's screen for a kiosk or tablet (issue 30), else the dashboard. */
function HomeRoute() {
  const home = useSession(s => s.home);
  return <Navigate to={home ?? '/dashboard'} replace />;
}

/** `/redirect/<path>`: the tab bar's refresh; re-mounts the page by leaving and coming back. */
function RedirectRoute() {
  const { pathname, search } = useLocation();
  return <Navigate to={redirectTarget(pathname, search)} replace />;
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginRoute /> },
  { path: '/auth-redirect', element: lazyPage(<AuthRedirect />) },
  { path: '/test', element: lazyPage(<TestPage />) },
  { path: '/404', element: <ErrorPage kind="404" /> },
  { path: '/401', element: <ErrorPage kind="401" /> },
  { path: '/orders/query', element: lazyPage(<OrderQueryPage />) },
  { path: '/bills/query', element: lazyPage(<BillQueryPage />) },
  {
    path: '/',
    element: <RequireSession>{lazyPage(<AppLayout />)}</RequireSession>,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'redirect/*', element: <RedirectRoute /> },
      { path: '*', element: <MenuRoute /> },
    ],
  },
]);
