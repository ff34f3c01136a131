import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { MenuNode } from '../../../../src/domain/menu/menu-types';
import { resourceByName } from '../../../../src/domain/resources/all';
import type { Auth } from '../../../auth/sessions';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { configValues } from '../../../resources/configs';
import { authOf } from '../../../http/auth';
import { column } from '../../../db/columns';
import * as accountsApi from '../../../../src/domain/contract/endpoints/accounts';
import { route } from '../../../http/endpoint-route';

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * Keeps the nodes the role may see (DESIGN §5): a node whose full path the role holds; a hidden edit/create page
 * whose `meta.activeMenu` (its parent list) the role holds; a parent that keeps at least one child. `admin` keeps
 * everything. Colours come from the config `menu_colors` ({path: colour}).
 */
export function filterMenu(nodes: MenuNode[], auth: Auth, colors: Record<string, string>, parent = ''): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    const full = join(parent, n.path);
    const children = n.children ? filterMenu(n.children, auth, colors, full) : undefined;
    const allowed = auth.isAdmin || auth.menus.has(full) ||
      (!!n.hidden && !!n.meta?.activeMenu && auth.menus.has(n.meta.activeMenu));
    if (!allowed && !(children && children.length)) continue;
    const kept: MenuNode = { ...n, ...(children ? { children } : {}) };
    if (colors[full]) kept.color = colors[full];
    out.push(kept);
  }
  return out;
}

export default async function menuRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, accountsApi.loadMenu, async (p, req) => {
    const cfg = await configValues(db, ['menu_colors']);
    let colors: Record<string, string> = {};
    try { colors = JSON.parse(cfg.get('menu_colors') ?? '{}') as Record<string, string>; } catch { /* a bad config value only loses colours */ }
    return { msg: 'OK', menus: filterMenu(p.menus ?? [], authOf(req), colors) };
  });

  /** The caller's favourite menu entries, minus any the role no longer grants. */
  route(app, accountsApi.favMenus, async (_p, req) => {
    const auth = authOf(req);
    const t = tableOf(resourceByName('favmenus')!);
    const found = await db.select({
      id: column(t, 'id'), path: column(t, 'path'), title: column(t, 'title'), icon: column(t, 'icon'),
      color: column(t, 'color'), sort: column(t, 'sort'),
    }).from(t).where(eq(column(t, 'account_id'), auth.accountId)).orderBy(asc(column(t, 'sort')), asc(column(t, 'id')));
    const menus = found.filter(f => auth.isAdmin || auth.menus.has(f.path as string));
    return { msg: 'OK', menus, total: menus.length };
  });
}
