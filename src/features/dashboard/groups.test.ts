import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../domain/menu/menu-types';
import { dashboardGroups } from './groups';

describe('dashboardGroups', () => {
  it('makes one group per top-level node with its openable pages, skipping the console itself', () => {
    const tree: MenuNode[] = [
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
    const groups = dashboardGroups(tree);
    expect(groups.map(g => [g.title, g.items.map(i => i.path)])).toEqual([
      ['menu.sales_group', ['/customers/list', '/tasks/list']],
      ['menu.tap', ['/orders/tap3']],
    ]);
    expect(groups[0]).toMatchObject({ path: '/sales', icon: 'IconShoppingCart' });
    expect(groups[0]!.items[0]!.color).toBe('red');
  });
});
