import { isComing, type HasScreen } from '../../domain/menu/coming';
import { flattenMenu, joinPath } from '../../domain/menu/flatten';
import type { FlatMenuItem, MenuNode } from '../../domain/menu/menu-types';

/** A tile of the function map: a page, and whether its screen is still to come. */
export interface DashboardItem extends FlatMenuItem {
  coming: boolean;
}

export interface DashboardGroup {
  path: string;
  /** i18n key. */
  title: string;
  icon?: string;
  items: DashboardItem[];
}

/** The console itself is not offered as an entry of its own map. */
const SELF = '/dashboard';

export interface ComingOptions {
  /** Whether the router has a screen for a page; by default every page has one. */
  hasScreen?: HasScreen;
  /** Leave the coming pages out (the user's setting) instead of marking them. */
  hide?: boolean;
}

/**
 * The function map: one group per top-level node of the role's menu, holding the pages one can open directly.
 * Hidden pages (edit/create, pages that need an id) are left out; a top-level page forms a group of its own. A page
 * whose screen is still to come is marked `coming`, or left out with `hide`; a group left empty is dropped.
 */
export function dashboardGroups(tree: readonly MenuNode[], opts: ComingOptions = {}): DashboardGroup[] {
  const hasScreen = opts.hasScreen ?? (() => true);
  const out: DashboardGroup[] = [];
  for (const n of tree) {
    const path = joinPath('', n.path);
    const items = flattenMenu([n])
      .filter(i => !i.hidden && i.path !== SELF && !i.path.includes(':'))
      .map(i => ({ ...i, coming: isComing(i.path, hasScreen) }))
      .filter(i => !(opts.hide && i.coming));
    if (items.length === 0) continue;
    const g: DashboardGroup = { path, title: n.meta?.title ?? '', items };
    if (n.meta?.icon) g.icon = n.meta.icon;
    out.push(g);
  }
  return out;
}
