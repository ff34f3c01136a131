import { Center, Loader } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import ErrorPage from '../../features/errors/ErrorPage';
import PendingScreen from '../../features/pending/PendingScreen';
import { findMenuItem, flattenMenu } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import { ROUTE_TREE } from '../../domain/menu/route-tree';
import { ComingProvider } from '../menu/ComingProvider';
import { SCREENS } from './screens';

const ALL_ROUTES = flattenMenu(ROUTE_TREE);

/**
 * Any page inside the shell that is not a fixed route: found in the role's menu → its screen (or, for a screen a
 * later step builds, the pending notice); in the app's route tree but not the role's menu → 401; else → 404.
 */
export function MenuRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flat = useMenu(s => s.flat);
  const loaded = useMenu(s => s.loaded);
  const item = useMemo(() => findMenuItem(flat, pathname), [flat, pathname]);
  if (!loaded) return <Center mih="50vh"><Loader /></Center>;
  if (!item) return findMenuItem(ALL_ROUTES, pathname) ? <ErrorPage kind="401" /> : <Navigate to="/404" replace />;
  const Screen = SCREENS[item.path];
  if (!Screen) return <PendingScreen title={t(item.title)} path={pathname} />;
  // Screens learn which pages are still to come (the dashboard's tiles) from the same table, through ComingProvider.
  return <ComingProvider><Suspense fallback={<Center mih="50vh"><Loader /></Center>}><Screen /></Suspense></ComingProvider>;
}
