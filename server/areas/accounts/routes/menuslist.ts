import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type MenuCatalogueEntry, type MenusListParams, type MenusListReply } from '../../../../src/domain/contract/menuslist';
import { RESOURCE_LABELS } from '../../../../src/domain/i18n/resource-labels';
import { joinPath } from '../../../../src/domain/menu/flatten';
import type { MenuNode } from '../../../../src/domain/menu/menu-types';
import { menuTitles, ROUTE_TREE } from '../../../../src/domain/menu/route-tree';
import type { Lang } from '../../../../src/domain/messages/catalog';
import type { Db } from '../../../db/connection';
import { configValues } from '../../../resources/configs';
import * as accountsApi from '../../../../src/domain/contract/endpoints/accounts';
import { route } from '../../../http/endpoint-route';

/**
 * `/accounts/menuslist/` (spec §7): the catalogue of menu entries an admin picks a role's menus from
 * (src/domain/contract/menuslist.ts states what it answers and why).
 */

const TITLES: Partial<Record<Lang, Record<string, string>>> = {};

/** A title key (`menu.<title>` or `resources.<name>.menu`) in `lang`, else in Chinese, else the key itself. */
export function menuTitle(lang: Lang, key: string): string {
  const titles = (l: Lang) => (TITLES[l] ??= menuTitles(l));
  const res = /^resources\.([a-z0-9_]+)\.menu$/.exec(key);
  if (res) return RESOURCE_LABELS[lang].resources[res[1]!]?.menu || RESOURCE_LABELS.zh.resources[res[1]!]?.menu || key;
  const page = key.startsWith('menu.') ? key.slice(5) : key;
  return titles(lang)[page] || titles('zh')[page] || key;
}

/** Every page of the tree in the sidebar's order, titled in `lang`; hidden pages only when asked for. */
export function menuCatalogue(tree: readonly MenuNode[], lang: Lang, opts: { hidden: boolean; colors: Record<string, string> }):
  MenuCatalogueEntry[] {
  const out: MenuCatalogueEntry[] = [];
  const walk = (nodes: readonly MenuNode[], parent: string, parents: readonly string[]) => {
    for (const n of nodes) {
      const path = joinPath(parent, n.path);
      const key = n.meta?.title ?? '';
      if (n.children) {
        walk(n.children, path, key ? [...parents, menuTitle(lang, key)] : parents);
        continue;
      }
      // Numbered over every page, hidden or not, so an entry keeps its id whether or not hidden pages are asked for.
      const id = out.length + 1;
      out.push({
        id, path, title: key ? menuTitle(lang, key) : path, title_key: key, parents: [...parents],
        icon: n.meta?.icon ?? null, hidden: !!n.hidden, active_menu: n.meta?.activeMenu ?? null,
        color: opts.colors[path] ?? n.color ?? null,
      });
    }
  };
  walk(tree, '', []);
  return opts.hidden ? out : out.filter(e => !e.hidden);
}

/** Entries whose path or title (in the caller's language or in Chinese) holds every word of the keyword. */
function matches(e: MenuCatalogueEntry, zhTitle: string, words: readonly string[]): boolean {
  const hay = `${e.path}\n${e.title}\n${zhTitle}`.toLowerCase();
  return words.every(w => hay.includes(w));
}

async function menuColors(db: Db): Promise<Record<string, string>> {
  const raw = (await configValues(db, ['menu_colors'])).get('menu_colors');
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((kv): kv is [string, string] => typeof kv[1] === 'string'));
  } catch {
    return {}; // a bad config value only loses colours, as on /accounts/my/
  }
}

export default async function menusListRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  const list = async (p: MenusListParams, req: FastifyRequest): Promise<MenusListReply> => {
    const colors = await menuColors(db);
    let dt = menuCatalogue(ROUTE_TREE, req.lang, { hidden: p.hidden ?? false, colors });
    const words = (p.keyword ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length) {
      const zh = new Map(menuCatalogue(ROUTE_TREE, 'zh', { hidden: true, colors: {} }).map(e => [e.path, e.title]));
      dt = dt.filter(e => matches(e, zh.get(e.path) ?? '', words));
    }
    const total = dt.length;
    const limit = p.limit ?? -1;
    if (limit !== -1) dt = dt.slice(((p.page ?? 1) - 1) * limit, (p.page ?? 1) * limit);
    return {
      msg: 'OK', dt, total,
      ...(p.token !== undefined ? { token: p.token } : {}),
      ...(p.token1 !== undefined ? { token1: p.token1 } : {}),
      ...(p.token2 !== undefined ? { token2: p.token2 } : {}),
    };
  };

  // A list call answers GET (spec §7) and POST, like every list (docs/decisions.md).
  route(app, accountsApi.menusList, (p, req) => list(p, req));
  route(app, accountsApi.menusListPost, (p, req) => list(p, req));
}
