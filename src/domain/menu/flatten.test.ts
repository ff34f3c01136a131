import { describe, expect, it } from 'vitest';
import { activeMenuOf, findMenuItem, flattenMenu, joinPath, matchPath, titleKeysOf } from './flatten';
import type { MenuNode } from './menu-types';
import { ROUTE_TREE } from './route-tree';

const tree: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console' }, children: [
    { path: 'dashboard', meta: { title: 'menu.dashboard', icon: 'IconLayoutDashboard', affix: true } },
  ] },
  { path: '/sales', meta: { title: 'menu.sales_group', icon: 'IconShoppingCart' }, children: [
    { path: 'customers/list', color: '#f60', meta: { title: 'menu.customers', icon: 'IconAddressBook' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/customers/list' } },
    { path: '/customers/create', hidden: true, meta: { title: 'menu.create', activeMenu: '/customers/list' } },
    { path: 'more/', meta: { title: 'menu.more' }, children: [{ path: 'deep', meta: { title: 'menu.deep' } }] },
  ] },
];

describe('flattenMenu', () => {
  const flat = flattenMenu(tree);

  it('lists the pages with full paths joined as the server joins them, groups only as parents', () => {
    expect(flat.map(i => i.path)).toEqual([
      '/dashboard', '/sales/customers/list', '/customers/edit/:id', '/customers/create', '/sales/more/deep',
    ]);
    expect(flat.find(i => i.path === '/sales/more/deep')?.parents).toEqual(['menu.sales_group', 'menu.more']);
    expect(flat[0]).toEqual({ path: '/dashboard', title: 'menu.dashboard', icon: 'IconLayoutDashboard', hidden: false,
      parents: ['menu.console'] });
    expect(flat[1]!.color).toBe('#f60');
    expect(flat[2]).toMatchObject({ hidden: true, activeMenu: '/customers/list', title: 'menu.edit' });
  });

  it('joins like the server: absolute child paths stand alone, one slash between parent and child', () => {
    expect(joinPath('/sales/', 'x')).toBe('/sales/x');
    expect(joinPath('/sales', '/x')).toBe('/x');
    expect(joinPath('/', 'dashboard')).toBe('/dashboard');
  });
});

describe('findMenuItem / activeMenuOf', () => {
  const flat = flattenMenu(ROUTE_TREE);

  it('finds a visible page by its path, ignoring a trailing slash', () => {
    expect(findMenuItem(flat, '/customers/list')?.title).toBe('resources.customers.menu');
    expect(findMenuItem(flat, '/customers/list/')?.path).toBe('/customers/list');
    expect(findMenuItem(flat, '/itemlogs/list/')?.path).toBe('/itemlogs/list');
  });

  it('matches an edit page to its hidden pattern, ids digits only', () => {
    expect(findMenuItem(flat, '/customers/edit/12')?.path).toBe('/customers/edit/:id');
    expect(findMenuItem(flat, '/customers/edit/abc')).toBeUndefined();
    expect(findMenuItem(flat, '/customers/edit/12/x')).toBeUndefined();
    expect(findMenuItem(flat, '/customers/edit/')).toBeUndefined();
  });

  it('takes word characters where the spec says so', () => {
    expect(findMenuItem(flat, '/faq/install_guide')?.path).toBe('/faq/:id');
    expect(findMenuItem(flat, '/prints/logview/a1b2')?.path).toBe('/prints/logview/:id');
    expect(findMenuItem(flat, '/inventorydetails/summary/week_3')?.path).toBe('/inventorydetails/summary/:qs');
    expect(findMenuItem(flat, '/history/list/customers/7')?.path).toBe('/history/list/:table_name/:kid');
    expect(findMenuItem(flat, '/history/list/customers/x')).toBeUndefined();
    expect(findMenuItem(flat, '/forms/list/abc')).toBeUndefined();
    expect(findMenuItem(flat, '/prints/design/abc')).toBeUndefined();
  });

  it('prefers a literal page over a pattern', () => {
    expect(findMenuItem(flat, '/forms/create')?.path).toBe('/forms/create');
    expect(findMenuItem(flat, '/inventorydetails/summary')?.path).toBe('/inventorydetails/summary');
  });

  it('highlights the list for edit and create pages, the page itself otherwise', () => {
    expect(activeMenuOf(flat, '/customers/edit/12')).toBe('/customers/list');
    expect(activeMenuOf(flat, '/customers/create')).toBe('/customers/list');
    expect(activeMenuOf(flat, '/warestatus/edit/3')).toBe('/warestatus/create');
    expect(activeMenuOf(flat, '/orders/list')).toBe('/orders/list');
    expect(activeMenuOf(flat, '/nowhere')).toBeUndefined();
  });

  it('names a hidden page after its list', () => {
    const edit = findMenuItem(flat, '/customers/edit/1')!;
    expect(titleKeysOf(flat, edit)).toEqual(['resources.customers.menu', 'menu.edit']);
    expect(titleKeysOf(flat, findMenuItem(flat, '/customers/list')!)).toEqual(['resources.customers.menu']);
  });

  it('matchPath compares segment by segment', () => {
    expect(matchPath('/prints/choose/:category/:kid', '/prints/choose/cards/15')).toBe(true);
    expect(matchPath('/prints/choose/:category/:kid', '/prints/choose/cards/x')).toBe(false);
    expect(matchPath('/a/:id', '/b/1')).toBe(false);
  });
});
