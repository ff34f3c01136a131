import type { Lang } from '../messages/catalog';
import type { ResourceDef } from '../registry/resource';
import { RESOURCES } from '../resources/all';
import { MENU_GROUPS, type MenuGroup } from './groups';
import type { MenuNode } from './menu-types';
import { MENU_PAGES, PAGE_TITLES, type MenuPage } from './pages';
import { createPathOf, editPathOf, listPathOf } from './resource-paths';

/**
 * The complete route tree (spec §2), derived from the declarations (each resource's `place`) and the menu pages
 * (pages.ts), grouped by MENU_GROUPS. The client posts it to the server, which answers with the part the role may see
 * (DESIGN §5). Rules:
 * - Full paths are exactly the spec's paths: the roles' menu paths (server/seed/org.ts) and the resources' `menu`
 *   paths are compared with them verbatim. Leaves carry absolute paths; a group's path only names the group.
 * - A node with `children` is a group of the sidebar; only leaves are pages.
 * - Every visible page has `meta.title` (an i18n key: `menu.<title>` for pages and groups, `resources.<name>.menu`
 *   for a resource's list) and `meta.icon` (a name of icon-names.ts).
 * - A resource's edit and create pages are hidden right after its list and name it in `meta.activeMenu`: the sidebar
 *   highlights the list, and the server keeps them for every role that holds the list.
 * - Within a group, entries are sorted by `order` (ties keep the group's resources after its pages).
 */
interface Entry { order: number; seq: number; nodes: MenuNode[] }

function pageNode(p: MenuPage): MenuNode {
  const meta: NonNullable<MenuNode['meta']> = { title: `menu.${p.title}` };
  if (p.icon) meta.icon = p.icon;
  if (p.activeMenu) meta.activeMenu = p.activeMenu;
  if (p.affix) meta.affix = true;
  return { path: p.path, ...(p.name ? { name: p.name } : {}), ...(p.hidden ? { hidden: true } : {}), meta };
}

/** A resource's entry (its list, or its create page when it has no list) and its hidden edit / create pages. */
function resourceNodes(r: ResourceDef): MenuNode[] {
  const entry = listPathOf(r) ?? createPathOf(r);
  if (!entry || !r.place) return [];
  const nodes: MenuNode[] = [{ path: entry, meta: { title: `resources.${r.name}.menu`, icon: r.place.icon } }];
  const edit = editPathOf(r, ':id');
  const create = createPathOf(r);
  if (edit) nodes.push({ path: edit, hidden: true, meta: { title: 'menu.edit', activeMenu: entry } });
  if (create && create !== entry) nodes.push({ path: create, hidden: true, meta: { title: 'menu.create', activeMenu: entry } });
  return nodes;
}

export function buildRouteTree(resources: readonly ResourceDef[] = RESOURCES, pages: readonly MenuPage[] = MENU_PAGES,
  groups: readonly MenuGroup[] = MENU_GROUPS): MenuNode[] {
  return groups.map(g => {
    const entries: Entry[] = [];
    let seq = 0;
    for (const p of pages) if (p.group === g.id) entries.push({ order: p.order, seq: seq++, nodes: [pageNode(p)] });
    for (const r of resources) {
      if (r.place?.group !== g.id) continue;
      const nodes = resourceNodes(r);
      if (nodes.length) entries.push({ order: r.place.order, seq: seq++, nodes });
    }
    entries.sort((a, b) => a.order - b.order || a.seq - b.seq);
    return { path: g.path, meta: { title: `menu.${g.title}`, icon: g.icon }, children: entries.flatMap(e => e.nodes) };
  });
}

export const ROUTE_TREE: readonly MenuNode[] = buildRouteTree();

/** The `menu.*` titles of the groups and pages in one language, for the UI's i18n bundle. */
export function menuTitles(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of MENU_GROUPS) out[g.title] = g.labels[lang];
  for (const [k, l] of Object.entries(PAGE_TITLES)) out[k] = l[lang];
  return out;
}
