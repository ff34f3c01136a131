import { joinPath } from '../../domain/menu/flatten';
import type { MenuNode } from '../../domain/menu/menu-types';

/**
 * A role's menu paths edited as a tree of the client's route tree (DESIGN §5).
 *
 * What is stored follows how the server reads a role (server/auth/permissions.ts, server/areas/accounts/routes/menus.ts):
 * a role holds exact full paths; a group is kept when one of its pages is; a hidden page that names its list in
 * `meta.activeMenu` (edit, create, detail pages) is kept whenever the list is, and a resource's endpoints are
 * allowed by its list path. So only pages are stored — visible pages, plus hidden pages without a list to follow
 * (the personal centre) — never group paths nor edit/create paths. Paths a role holds that the tree does not show
 * (older or hand-made ones) are kept as they are.
 */
export interface PermissionNode {
  /** Unique key: the page's path, or `group:<path>` for a group. */
  key: string;
  /** i18n key of the title (`menu.*`). */
  title: string;
  /** The stored menu path, for a page. */
  path?: string;
  children?: PermissionNode[];
  /** Every page path under the node (the node's own for a page), in tree order. */
  leaves: string[];
}

export function permissionTree(tree: readonly MenuNode[], parent = ''): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const n of tree) {
    const full = joinPath(parent, n.path);
    const title = n.meta?.title ?? full;
    if (n.children) {
      const children = permissionTree(n.children, full);
      if (children.length) out.push({ key: `group:${full}`, title, children, leaves: children.flatMap(c => c.leaves) });
    } else if (!n.hidden || !n.meta?.activeMenu) {
      out.push({ key: full, title, path: full, leaves: [full] });
    }
  }
  return out;
}

export type CheckState = 'all' | 'some' | 'none';

export function checkState(selected: ReadonlySet<string>, node: PermissionNode): CheckState {
  const n = node.leaves.filter(l => selected.has(l)).length;
  return n === 0 ? 'none' : n === node.leaves.length ? 'all' : 'some';
}

/** Every page path of the tree, in tree order. */
export function allLeaves(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap(n => n.leaves);
}

/**
 * The stored list after ticking (`checked`) or unticking the given pages: the tree's pages in tree order, then the
 * paths the tree does not know, in their old order (so the same choice always stores the same list).
 */
export function setPaths(value: readonly string[], tree: readonly PermissionNode[], paths: readonly string[], checked: boolean): string[] {
  const known = allLeaves(tree);
  const knownSet = new Set(known);
  const selected = new Set(value);
  for (const p of paths) {
    if (checked) selected.add(p);
    else selected.delete(p);
  }
  const ordered = known.filter(p => selected.has(p));
  const others = value.filter((p, i) => !knownSet.has(p) && selected.has(p) && value.indexOf(p) === i);
  return [...ordered, ...others];
}

/** The paths of `value` the tree does not show. */
export function unknownPaths(value: readonly string[], tree: readonly PermissionNode[]): string[] {
  const known = new Set(allLeaves(tree));
  return value.filter(p => !known.has(p));
}

/**
 * The part of the tree matching `match` (given a node, true when it matches): a matching group keeps all its
 * pages; another group keeps its matching descendants; `leaves` are recomputed, so ticking a filtered group ticks
 * only the pages shown.
 */
export function filterTree(nodes: readonly PermissionNode[], match: (n: PermissionNode) => boolean): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const n of nodes) {
    if (match(n)) { out.push(n); continue; }
    if (!n.children) continue;
    const children = filterTree(n.children, match);
    if (children.length) out.push({ ...n, children, leaves: children.flatMap(c => c.leaves) });
  }
  return out;
}
