import { flattenMenu, joinPath } from '../../domain/menu/flatten';
import type { FlatMenuItem, MenuNode } from '../../domain/menu/menu-types';

export interface DashboardGroup {
  path: string;
  /** i18n key. */
  title: string;
  icon?: string;
  items: FlatMenuItem[];
}

/** The console itself is not offered as an entry of its own map. */
const SELF = '/dashboard';

/**
 * The function map: one group per top-level node of the role's menu, holding the pages one can open directly.
 * Hidden pages (edit/create, pages that need an id) are left out; a top-level page forms a group of its own.
 */
export function dashboardGroups(tree: readonly MenuNode[]): DashboardGroup[] {
  const out: DashboardGroup[] = [];
  for (const n of tree) {
    const path = joinPath('', n.path);
    const items = flattenMenu([n]).filter(i => !i.hidden && i.path !== SELF && !i.path.includes(':'));
    if (items.length === 0) continue;
    const g: DashboardGroup = { path, title: n.meta?.title ?? '', items };
    if (n.meta?.icon) g.icon = n.meta.icon;
    out.push(g);
  }
  return out;
}
