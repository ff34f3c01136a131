import type { FlatMenuItem, MenuNode } from './menu-types';

/** A child's full path, joined exactly as the server joins it (server/areas/accounts/routes/menus.ts). */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * The pages of a tree with their full paths, in tree order. A node with `children` is a group of the sidebar, not a
 * page: it appears only as a title in its pages' `parents`.
 */
export function flattenMenu(tree: readonly MenuNode[], parent = '', parents: readonly string[] = []): FlatMenuItem[] {
  const out: FlatMenuItem[] = [];
  for (const n of tree) {
    const path = joinPath(parent, n.path);
    if (n.children) {
      out.push(...flattenMenu(n.children, path, n.meta?.title ? [...parents, n.meta.title] : parents));
      continue;
    }
    const item: FlatMenuItem = { path, title: n.meta?.title ?? '', hidden: !!n.hidden, parents: [...parents] };
    if (n.meta?.icon) item.icon = n.meta.icon;
    if (n.color) item.color = n.color;
    if (n.meta?.activeMenu) item.activeMenu = n.meta.activeMenu;
    out.push(item);
  }
  return out;
}

const trim = (p: string) => p.replace(/\/+$/, '') || '/';

/**
 * What a route parameter accepts (spec §2): `:id` is digits, except `faq/:id` and `prints/logview/:id`, which take
 * word characters; so does `:qs`. Other parameters named like ids (`:kid`, `:category_id`) are digits; the rest
 * (`:table_name`, `:category`) are word characters.
 */
function paramAccepts(name: string, previous: string | undefined, value: string): boolean {
  const word = (name === 'id' && (previous === 'faq' || previous === 'logview')) ||
    !(name === 'id' || name === 'kid' || name.endsWith('_id'));
  return word ? /^\w+$/.test(value) : /^\d+$/.test(value);
}

/** True when a concrete path fits a pattern like `/customers/edit/:id`; trailing slashes are ignored. */
export function matchPath(pattern: string, pathname: string): boolean {
  const p = trim(pattern).split('/');
  const a = trim(pathname).split('/');
  if (p.length !== a.length) return false;
  return p.every((seg, i) => {
    const val = a[i]!;
    return seg.startsWith(':') ? paramAccepts(seg.slice(1), p[i - 1], val) : seg === val;
  });
}

/**
 * The entry a location belongs to: the page with that exact path, else the page whose pattern it fits
 * (`/customers/edit/12` → `/customers/edit/:id`). The query string and hash are not part of `pathname`.
 */
export function findMenuItem(flat: readonly FlatMenuItem[], pathname: string): FlatMenuItem | undefined {
  const path = trim(pathname);
  // A literal path wins over a pattern, so `/forms/create` is never read as a parameter value.
  return flat.find(i => trim(i.path) === path) ?? flat.find(i => i.path.includes(':') && matchPath(i.path, path));
}

/** The sidebar entry to highlight for a location: the list an edit/create page names, else the page itself. */
export function activeMenuOf(flat: readonly FlatMenuItem[], pathname: string): string | undefined {
  const item = findMenuItem(flat, pathname);
  return item ? item.activeMenu ?? item.path : undefined;
}

/**
 * The title keys that name a page in a tab or breadcrumb: a hidden page with a parent list is shown after the list
 * ("客户 / 编辑"), as its own title (`menu.edit`, `menu.create` …) is shared by every list.
 */
export function titleKeysOf(flat: readonly FlatMenuItem[], item: FlatMenuItem): string[] {
  if (!item.hidden || !item.activeMenu) return [item.title];
  const list = flat.find(i => i.path === item.activeMenu);
  return list && list !== item ? [list.title, item.title] : [item.title];
}
