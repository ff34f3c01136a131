import { describe, expect, it } from 'vitest';
import type { Auth } from '../../server/auth/sessions';
import { filterMenu } from '../../server/areas/accounts/routes/menus';
import { ROLES } from '../../server/seed/org';
import { LANGS } from '../../src/domain/messages/catalog';
import { RESOURCES } from '../../src/domain/resources/all';
import { RESOURCE_LABELS } from '../../src/domain/i18n/resource-labels';
import { flattenMenu } from '../../src/domain/menu/flatten';
import { MENU_ICONS } from '../../src/ui/menu/icons';
import type { MenuNode } from '../../src/domain/menu/menu-types';
import { menuTitles, ROUTE_TREE } from '../../src/domain/menu/route-tree';
import { SPEC_PATHS } from '../../src/domain/menu/spec-paths';

const flat = flattenMenu(ROUTE_TREE);
const paths = flat.map(i => i.path);

function allNodes(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap(n => [n, ...allNodes(n.children ?? [])]);
}

describe('route tree', () => {
  it('has every path of the spec, each once', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(SPEC_PATHS.filter(p => !paths.includes(p))).toEqual([]);
  });

  it('covers every menu path a resource declares', () => {
    const missing = RESOURCES.flatMap(r => r.menu.filter(p => !paths.includes(p)).map(p => `${r.name}: ${p}`));
    expect(missing).toEqual([]);
  });

  it('covers every menu path a demo role holds, and shows each as a visible page', () => {
    const visible = new Set(flat.filter(i => !i.hidden).map(i => i.path));
    const missing = ROLES.flatMap(r => r.menus.filter(p => !visible.has(p) && p !== '/accounts/profile').map(p => `${r.code}: ${p}`));
    expect(missing).toEqual([]);
  });

  it('gives every node a title key, present and non-empty in all four languages', () => {
    const keys = allNodes(ROUTE_TREE).map(n => n.meta?.title ?? '');
    for (const lang of LANGS) {
      const titles = menuTitles(lang);
      const missing = keys.filter(k => {
        const resource = /^resources\.(\w+)\.menu$/.exec(k)?.[1];
        const v = resource ? RESOURCE_LABELS[lang].resources[resource]?.menu : k.startsWith('menu.') ? titles[k.slice(5)] : undefined;
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(missing, lang).toEqual([]);
    }
  });

  it('gives every visible node an icon the icon map holds', () => {
    const bad = allNodes(ROUTE_TREE).filter(n => !n.hidden && !(n.meta?.icon && n.meta.icon in MENU_ICONS));
    expect(bad.map(n => n.path)).toEqual([]);
  });

  it('hides edit, create and parameter pages under a visible list', () => {
    const visible = new Set(flat.filter(i => !i.hidden).map(i => i.path));
    for (const i of flat) {
      const sub = i.path.includes(':') || /\/(edit|create)(\/|$)/.test(i.path);
      // Pages the spec puts in the menu by themselves, though named "create".
      if (['/orders/create', '/shifts/create', '/warestatus/create', '/inventorydetails/create'].includes(i.path)) continue;
      if (!sub) continue;
      expect(i.hidden, i.path).toBe(true);
      expect(i.activeMenu && visible.has(i.activeMenu), `${i.path} → ${i.activeMenu}`).toBe(true);
    }
    expect(flat.find(i => i.path === '/customers/edit/:id')?.activeMenu).toBe('/customers/list');
    expect(flat.find(i => i.path === '/warestatus/edit/:id')?.activeMenu).toBe('/warestatus/create');
  });

  it('fixes the dashboard tab', () => {
    const dash = allNodes(ROUTE_TREE).find(n => n.path === '/dashboard');
    expect(dash?.meta?.affix).toBe(true);
  });

  it('is filtered by the server to what each demo role holds', () => {
    const wire = JSON.parse(JSON.stringify(ROUTE_TREE)) as MenuNode[];
    for (const role of ROLES.filter(r => !r.isAdmin)) {
      const menus = new Set(role.menus);
      const auth: Auth = {
        accountId: 1, username: role.code, name: role.name, personId: null, isAdmin: false, menus, roleCodes: [role.code],
        roleIds: [1], permissions: { admin: false, resources: {} }, sessionRowId: 1, tokenRowId: 1,
      };
      const kept = flattenMenu(filterMenu(wire, auth, {}) as MenuNode[]);
      const visible = kept.filter(i => !i.hidden).map(i => i.path).sort();
      expect(visible, role.code).toEqual(role.menus.filter(p => p !== '/accounts/profile').sort());
      // Hidden pages come along with their list; the profile comes because every role holds it.
      for (const i of kept.filter(k => k.hidden)) {
        expect(menus.has(i.path) || (!!i.activeMenu && menus.has(i.activeMenu)), `${role.code}: ${i.path}`).toBe(true);
      }
      expect(kept.some(i => i.path === '/customers/edit/:id')).toBe(menus.has('/customers/list'));
    }
  });

  it('stays within what the server accepts for one post', () => {
    for (const n of allNodes(ROUTE_TREE)) {
      expect(n.children?.length ?? 0).toBeLessThanOrEqual(500);
      expect(n.path.length).toBeLessThanOrEqual(300);
    }
    expect(ROUTE_TREE.length).toBeLessThanOrEqual(500);
  });
});
