import { describe, expect, it } from 'vitest';
import type { Auth } from '../../server/auth/sessions';
import { filterMenu } from '../../server/areas/accounts/routes/menus';
import { flattenMenu } from '../../src/domain/menu/flatten';
import type { MenuNode } from '../../src/domain/menu/menu-types';
import { ROUTE_TREE } from '../../src/domain/menu/route-tree';
import { allLeaves, checkState, filterTree, permissionTree, setPaths, unknownPaths } from '../../src/resources/form/menu-tree';

const TREE = permissionTree(ROUTE_TREE);

function flatPaths(nodes: MenuNode[], parent = ''): string[] {
  return flattenMenu(nodes, parent).map(i => i.path);
}

describe('menu permission tree', () => {
  it('offers every visible page and the hidden pages without a list, never edit/create pages', () => {
    const leaves = allLeaves(TREE);
    const flat = flattenMenu(ROUTE_TREE);
    expect(leaves).toEqual(flat.filter(i => !i.hidden || !i.activeMenu).map(i => i.path));
    expect(leaves).toContain('/customers/list');
    expect(leaves).toContain('/accounts/profile');
    expect(leaves).toContain('/warestatus/create');
    expect(leaves.some(p => p.includes(':'))).toBe(false);
    expect(new Set(leaves).size).toBe(leaves.length);
  });

  it('stores what the server needs: ticking a list lets the role reach its edit and create pages', () => {
    const group = TREE.find(n => n.key === 'group:/sales')!;
    const menus = setPaths([], TREE, group.leaves, true);
    const auth = { isAdmin: false, menus: new Set(menus) } as unknown as Auth;
    const kept = flatPaths(filterMenu(ROUTE_TREE as unknown as MenuNode[], auth, {}) as MenuNode[]);
    expect(kept).toContain('/customers/list');
    expect(kept).toContain('/customers/edit/:id');
    expect(kept).toContain('/customers/create');
    expect(kept).not.toContain('/items/list');
  });

  it('a group is all, some or none of its pages; ticking it ticks its pages', () => {
    const people = TREE.find(n => n.key === 'group:/people')!;
    expect(checkState(new Set(), people)).toBe('none');
    expect(checkState(new Set(['/persons/list']), people)).toBe('some');
    expect(checkState(new Set(people.leaves), people)).toBe('all');
    const after = setPaths(['/persons/list'], TREE, people.leaves, false);
    expect(after).toEqual([]);
  });

  it('keeps paths it does not know, after the known ones in tree order', () => {
    const value = ['/old/page', '/persons/list', '/dashboard'];
    expect(unknownPaths(value, TREE)).toEqual(['/old/page']);
    expect(setPaths(value, TREE, ['/customers/list'], true)).toEqual(['/dashboard', '/customers/list', '/persons/list', '/old/page']);
    expect(setPaths(value, TREE, ['/old/page'], false)).toEqual(['/dashboard', '/persons/list']);
  });

  it('a filtered group ticks only the pages it shows', () => {
    const shown = filterTree(TREE, n => (n.path ?? '').startsWith('/customer'));
    const sales = shown.find(n => n.key === 'group:/sales')!;
    expect(sales.leaves).toEqual(['/customercategories/list', '/customers/list']);
    expect(setPaths([], TREE, sales.leaves, true)).toEqual(['/customercategories/list', '/customers/list']);
    // A matching group keeps all its pages.
    expect(filterTree(TREE, n => n.key === 'group:/people')[0]!.leaves).toEqual(TREE.find(n => n.key === 'group:/people')!.leaves);
  });
});
