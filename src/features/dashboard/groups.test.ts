import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../domain/menu/menu-types';
import { dashboardGroups } from './groups';

const TREE: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console', icon: 'IconGauge' }, children: [
    { path: '/dashboard', meta: { title: 'menu.dashboard' } },
  ] },
  { path: '/sales', meta: { title: 'menu.sales_group', icon: 'IconShoppingCart' }, children: [
    { path: '/customers/list', color: 'red', meta: { title: 'menu.customers', icon: 'IconAddressBook' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/customers/list' } },
    { path: '/tasks/list', meta: { title: 'menu.tasks' } },
  ] },
  { path: '/orders/tap3', meta: { title: 'menu.tap', icon: 'IconId' } },
];

/** Customers is built; tasks and the swipe page are still to come. */
const hasScreen = (path: string) => path === '/customers/list' || path === '/customers/edit/:id';

describe('dashboardGroups', () => {
  it('makes one group per top-level node with its openable pages, skipping the console itself', () => {
    const groups = dashboardGroups(TREE);
    expect(groups.map(g => [g.title, g.items.map(i => i.path)])).toEqual([
      ['menu.sales_group', ['/customers/list', '/tasks/list']],
      ['menu.tap', ['/orders/tap3']],
    ]);
    expect(groups[0]).toMatchObject({ path: '/sales', icon: 'IconShoppingCart' });
    expect(groups[0]!.items[0]!.color).toBe('red');
    // Without the shell's answer every page counts as built.
    expect(groups.flatMap(g => g.items).some(i => i.coming)).toBe(false);
  });

  it('marks the pages the router has no screen for', () => {
    const groups = dashboardGroups(TREE, { hasScreen });
    expect(groups.flatMap(g => g.items.map(i => [i.path, i.coming]))).toEqual([
      ['/customers/list', false], ['/tasks/list', true], ['/orders/tap3', true],
    ]);
  });

  it('leaves them out when the user hides them, and drops a group left empty', () => {
    const groups = dashboardGroups(TREE, { hasScreen, hide: true });
    expect(groups.map(g => [g.title, g.items.map(i => i.path)])).toEqual([['menu.sales_group', ['/customers/list']]]);
  });
});
