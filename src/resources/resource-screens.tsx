import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDef } from '../domain/registry/resource';
import { RESOURCES } from '../domain/resources/all';
import { createPathOf, editPathOf, listPathOf } from '../domain/menu/resource-paths';
import { HISTORY_PAGE } from './form/history/history-path';

export type Screen = LazyExoticComponent<ComponentType>;

const loadList = () => import('./list/ResourceList');
const loadEdit = () => import('./screens/ResourceEdit');
const loadCreate = () => import('./screens/ResourceCreate');
const loadHistory = () => import('./form/history/HistoryPage');

/**
 * The generic screens of every declared resource, by route path (DESIGN §3): `<base>/list`, `<base>/edit/:id`,
 * `<base>/create`, derived from the resource's first menu path (form/resource-paths.ts). Each is lazy: the three
 * generic components are chunks of their own, loaded once and bound to the declaration here. The history page of any
 * row (`/history/list/:table_name/:kid`, opened from the edit screen) is generic too and reads the resource from its
 * path; it is a hidden menu page, so MenuRoute checks the role holds it like any other screen.
 *
 * To override one screen of a resource, map its path to a hand-written screen in app/routing/screens.ts: entries
 * there win over these, and the other two screens stay generic.
 */
export function resourceScreens(resources: readonly ResourceDef[] = RESOURCES): Record<string, Screen> {
  const out: Record<string, Screen> = { [HISTORY_PAGE]: lazy(loadHistory) };
  for (const def of resources) {
    const list = listPathOf(def);
    const edit = editPathOf(def, ':id');
    const create = createPathOf(def);
    if (list) out[list] = lazy(() => loadList().then(m => ({ default: () => <m.default def={def} /> })));
    if (edit) out[edit] = lazy(() => loadEdit().then(m => ({ default: () => <m.default def={def} /> })));
    if (create) out[create] = lazy(() => loadCreate().then(m => ({ default: () => <m.default def={def} /> })));
  }
  return out;
}
