import { joinPath } from './flatten';
import type { MenuNode } from './menu-types';

/**
 * Whether the app routes a screen to a page of the route tree, by the page's full path as the tree writes it
 * (`/customers/list`, `/orders/edit/:id`). The shell answers it from the router's own table of screens
 * (src/app/menu/coming.ts): this module only applies the answer, so "exists" is decided in one place.
 */
export type HasScreen = (path: string) => boolean;

/**
 * A page is *coming* when the router has no screen for it: opening it shows the pending notice (PendingScreen) of a
 * later step of the roadmap. Its menu entry and dashboard tile are marked as coming, or hidden when the user asks, but
 * never presented like a working screen. A group is not a page and is never coming by itself (see groupIsComing).
 */
export function isComing(path: string, hasScreen: HasScreen): boolean {
  return !hasScreen(path);
}

/** The visible pages under a node (the node itself when it is a page), with their full paths. */
function visiblePages(node: MenuNode, parent: string): string[] {
  if (node.hidden) return [];
  const full = joinPath(parent, node.path);
  if (!node.children) return [full];
  return node.children.flatMap(c => visiblePages(c, full));
}

/**
 * A group of the sidebar is coming when it holds visible pages and every one of them is coming: the whole section
 * is still to be built (finance, energy …), so it is marked like its entries.
 */
export function groupIsComing(node: MenuNode, parent: string, hasScreen: HasScreen): boolean {
  const pages = visiblePages(node, parent);
  return pages.length > 0 && pages.every(p => isComing(p, hasScreen));
}

/**
 * The tree as shown to a user who hides what is coming: visible coming pages are left out, and so is a group left
 * without visible pages. Hidden pages stay (they are never shown, and the router finds pages in the store's menu,
 * not in this tree); so does everything else, unchanged.
 */
export function withoutComing(tree: readonly MenuNode[], hasScreen: HasScreen, parent = ''): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of tree) {
    const full = joinPath(parent, n.path);
    if (!n.children) {
      if (n.hidden || !isComing(full, hasScreen)) out.push(n);
      continue;
    }
    const children = withoutComing(n.children, hasScreen, full);
    if (children.some(c => visiblePages(c, full).length > 0)) out.push({ ...n, children });
  }
  return out;
}

/** The full paths of the visible coming pages of a tree, in tree order (for tests and counts). */
export function comingPages(tree: readonly MenuNode[], hasScreen: HasScreen, parent = ''): string[] {
  return tree.flatMap(n => visiblePages(n, parent)).filter(p => isComing(p, hasScreen));
}
