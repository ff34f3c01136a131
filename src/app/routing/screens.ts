import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screen of each menu path (the route tree's full path, `:id` included). Every screen is lazy-loaded so the
 * login page carries none of them (DESIGN §2). Screens of later roadmap steps are added here as they are built.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazy(() => import('../../features/dashboard/Dashboard')),
  '/accounts/profile': lazy(() => import('../../features/profile/ProfilePage')),
};
