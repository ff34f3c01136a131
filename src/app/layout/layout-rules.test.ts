// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { flattenMenu } from '../../domain/menu/flatten';
import type { MenuNode } from '../../domain/menu/menu-types';
import { crumbsOf } from './Breadcrumb';
import { searchItems } from './HeaderSearch';
import { isCurrentServer, switchableServers } from './shell-calls';
import { refreshPath } from './TagsView';

const TREE: MenuNode[] = [
  { path: '/', meta: { title: 'menu.console' }, children: [{ path: '/dashboard', meta: { title: 'menu.dashboard' } }] },
  { path: '/sales', meta: { title: 'sales' }, children: [
    { path: '/customers/list', meta: { title: 'customers' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'edit', activeMenu: '/customers/list' } },
  ] },
];
const flat = flattenMenu(TREE);

describe('breadcrumb', () => {
  it('starts with 控制台 → /dashboard everywhere, even on unknown pages', () => {
    expect(crumbsOf(flat, '/dashboard')).toEqual([{ title: 'shell.dashboard', to: '/dashboard' }]);
    expect(crumbsOf(flat, '/nowhere')).toEqual([{ title: 'shell.dashboard', to: '/dashboard' }]);
  });

  it('lists the groups, then the page', () => {
    expect(crumbsOf(flat, '/customers/list/')).toEqual([
      { title: 'shell.dashboard', to: '/dashboard' }, { title: 'sales' }, { title: 'customers' },
    ]);
  });

  it('shows an edit page after its linked list', () => {
    expect(crumbsOf(flat, '/customers/edit/7')).toEqual([
      { title: 'shell.dashboard', to: '/dashboard' }, { title: 'sales' }, { title: 'customers', to: '/customers/list' }, { title: 'edit' },
    ]);
  });

  it('does not repeat a group titled like the first entry', () => {
    const tree: MenuNode[] = [{ path: '/', meta: { title: 'menu.console' }, children: [{ path: '/todos/list', meta: { title: 'todos' } }] }];
    const same = (a: string, b: string) => [a, b].every(k => k === 'menu.console' || k === 'shell.dashboard');
    expect(crumbsOf(flattenMenu(tree), '/todos/list', same).map(c => c.title)).toEqual(['shell.dashboard', 'todos']);
  });
});

describe('header search entries', () => {
  it('offers the visible pages titled with their groups, translated', () => {
    expect(searchItems(flat, k => k.toUpperCase())).toEqual([
      { path: '/dashboard', title: 'MENU.CONSOLE / MENU.DASHBOARD' },
      { path: '/customers/list', title: 'SALES / CUSTOMERS' },
    ]);
  });
});

describe('account menu servers', () => {
  it('offers non-test servers only', () => {
    expect(switchableServers([{ name: 'a', server: '' }, { name: 't', server: 'http://x', test: true }, { name: 'b', server: 'http://b' }]))
      .toEqual([{ name: 'a', server: '' }, { name: 'b', server: 'http://b' }]);
  });

  it('marks the current one: the empty address is the page origin', () => {
    expect(isCurrentServer('', '', 'http://o')).toBe(true);
    expect(isCurrentServer('http://o/', '', 'http://o')).toBe(true);
    expect(isCurrentServer('http://b', 'http://b/', 'http://o')).toBe(true);
    expect(isCurrentServer('http://b', '', 'http://o')).toBe(false);
  });
});

describe('tab refresh', () => {
  it('goes through /redirect with the full path', () => {
    expect(refreshPath('/customers/list?x=1')).toBe('/redirect/customers/list?x=1');
  });
});
