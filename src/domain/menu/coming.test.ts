import { describe, expect, it } from 'vitest';
import { comingPages, groupIsComing, isComing, withoutComing } from './coming';
import type { MenuNode } from './menu-types';

const TREE: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console' }, children: [
    { path: '/dashboard', meta: { title: 'menu.dashboard' } },
    { path: '/todos/list', meta: { title: 'menu.todos' } },
  ] },
  { path: '/sales', meta: { title: 'menu.sales_group' }, children: [
    { path: '/customers/list', meta: { title: 'resources.customers.menu' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/customers/list' } },
    { path: '/contracts/list', meta: { title: 'menu.contracts' } },
    { path: '/contracts/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/contracts/list' } },
  ] },
  { path: '/finance', meta: { title: 'menu.finance_group' }, children: [
    { path: '/payments/list', meta: { title: 'menu.payments' } },
    { path: '/payments/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/payments/list' } },
  ] },
  // A group's own path is only a name: its children's relative paths join it.
  { path: '/device', meta: { title: 'menu.devices_group' }, children: [
    { path: 'list_status', meta: { title: 'menu.devices_status' } },
  ] },
];

/** The screens a router would have: the dashboard, the customers' generic screens, the status board. */
const SCREENS = new Set(['/dashboard', '/customers/list', '/customers/edit/:id', '/device/list_status']);
const hasScreen = (path: string) => SCREENS.has(path);

describe('pages still to come', () => {
  it('is every page the router has no screen for', () => {
    expect(isComing('/customers/list', hasScreen)).toBe(false);
    expect(isComing('/contracts/list', hasScreen)).toBe(true);
    expect(comingPages(TREE, hasScreen)).toEqual(['/todos/list', '/contracts/list', '/payments/list']);
  });

  it('marks a group only when every visible page in it is coming', () => {
    const [consoleGroup, sales, finance, device] = TREE;
    expect(groupIsComing(consoleGroup!, '', hasScreen)).toBe(false);
    expect(groupIsComing(sales!, '', hasScreen)).toBe(false);
    expect(groupIsComing(finance!, '', hasScreen)).toBe(true);
    expect(groupIsComing(device!, '', hasScreen)).toBe(false);
    // A group with no visible page is not "coming": there is nothing to show at all.
    expect(groupIsComing({ path: '/x', children: [{ path: '/x/edit/:id', hidden: true }] }, '', () => false)).toBe(false);
  });

  it('leaves out coming pages and the groups they empty, keeping hidden pages and built ones', () => {
    const shown = withoutComing(TREE, hasScreen);
    expect(shown.map(g => [g.path, g.children?.map(c => c.path)])).toEqual([
      ['/', ['/dashboard']],
      ['/sales', ['/customers/list', '/customers/edit/:id', '/contracts/edit/:id']],
      ['/device', ['list_status']],
    ]);
    // The input is not changed.
    expect(TREE[1]!.children).toHaveLength(4);
  });

  it('changes nothing when every page is built', () => {
    expect(withoutComing(TREE, () => true)).toEqual(TREE);
    expect(comingPages(TREE, () => true)).toEqual([]);
  });
});
