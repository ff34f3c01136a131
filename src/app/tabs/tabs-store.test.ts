// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_PATH, TABS_KEY, useTabs } from './tabs-store';

const paths = () => useTabs.getState().tabs.map(t => t.path);
const open = (path: string) => useTabs.getState().open({ path, title: `t${path}` });

beforeEach(() => {
  useTabs.getState().clear();
  sessionStorage.clear();
});

describe('visited tabs', () => {
  it('starts with the fixed dashboard tab, which cannot be closed', () => {
    expect(useTabs.getState().tabs).toEqual([{ path: DASHBOARD_PATH, title: 'shell.dashboard', affix: true }]);
    open('/customers/list');
    expect(useTabs.getState().close(DASHBOARD_PATH)).toBeNull();
    expect(useTabs.getState().closeAll()).toBe(DASHBOARD_PATH);
    expect(paths()).toEqual([DASHBOARD_PATH]);
  });

  it('keeps one tab per page and updates its query', () => {
    open('/customers/list');
    open('/orders/list');
    open('/customers/list?keyword=a');
    expect(paths()).toEqual([DASHBOARD_PATH, '/customers/list?keyword=a', '/orders/list']);
    expect(useTabs.getState().recent).toEqual(['/customers/list', '/orders/list']);
  });

  it('keeps the dashboard first and fixed when it is opened with a query', () => {
    open('/orders/list');
    open('/dashboard?ws_port=9000&client=k1');
    expect(useTabs.getState().tabs[0]).toEqual({ path: '/dashboard?ws_port=9000&client=k1', title: 'shell.dashboard', affix: true });
    expect(paths()).toHaveLength(2);
  });

  it('closing the active tab goes to the most recently used remaining tab', () => {
    open('/a/list');
    open('/b/list');
    open('/c/list');
    open('/a/list'); // MRU: a, c, b
    expect(useTabs.getState().close('/a/list')).toBe('/c/list');
    expect(useTabs.getState().close('/c/list')).toBe('/b/list');
  });

  it('closing the last active non-fixed tab goes to /dashboard', () => {
    open('/a/list');
    expect(useTabs.getState().close('/a/list')).toBe(DASHBOARD_PATH);
    expect(paths()).toEqual([DASHBOARD_PATH]);
  });

  it('closing an inactive tab stays where it is', () => {
    open('/a/list');
    open('/b/list');
    expect(useTabs.getState().close('/a/list')).toBeNull();
    expect(paths()).toEqual([DASHBOARD_PATH, '/b/list']);
  });

  it('close others keeps the fixed tab and the chosen one', () => {
    open('/a/list');
    open('/b/list?x=1');
    open('/c/list');
    // The active tab (c) is closed: go to the kept one.
    expect(useTabs.getState().closeOthers('/b/list')).toBe('/b/list?x=1');
    expect(paths()).toEqual([DASHBOARD_PATH, '/b/list?x=1']);
    open('/d/list');
    // The active tab is the kept one: stay.
    expect(useTabs.getState().closeOthers('/d/list')).toBeNull();
    expect(paths()).toEqual([DASHBOARD_PATH, '/d/list']);
  });

  it('close all keeps the fixed tab, and stays when the dashboard is active', () => {
    open('/a/list');
    open(DASHBOARD_PATH);
    expect(useTabs.getState().closeAll()).toBeNull();
    expect(paths()).toEqual([DASHBOARD_PATH]);
  });

  it('is cleared when the login state is reset', async () => {
    const { sessionStore } = await import('../../data/session/session-store');
    open('/a/list');
    sessionStore.getState().reset();
    expect(paths()).toEqual([DASHBOARD_PATH]);
    expect(useTabs.getState().recent).toEqual([]);
  });

  it('lets a saved new document\'s edit page take its create tab\'s place (issue 30)', () => {
    open('/a/list');
    open('/orders/create');
    open('/b/list');
    useTabs.getState().open({ path: '/orders/edit/7', title: 'edit', replaces: '/orders/create' });
    expect(useTabs.getState().tabs.map(t => t.path)).toEqual([DASHBOARD_PATH, '/a/list', '/orders/edit/7', '/b/list']);
    expect(useTabs.getState().recent[0]).toBe('/orders/edit/7');
    expect(useTabs.getState().recent).not.toContain('/orders/create');
    // Nothing to replace: an ordinary open.
    useTabs.getState().open({ path: '/orders/edit/8', title: 'edit', replaces: '/orders/create' });
    expect(useTabs.getState().tabs.map(t => t.path)).toEqual([DASHBOARD_PATH, '/a/list', '/orders/edit/7', '/b/list', '/orders/edit/8']);
  });

  it('survives a reload through sessionStorage', async () => {
    open('/a/list');
    open('/b/list?q=1');
    expect(sessionStorage.getItem(TABS_KEY)).toContain('/b/list?q=1');
    vi.resetModules();
    const reloaded = await import('./tabs-store');
    expect(reloaded.useTabs).not.toBe(useTabs);
    expect(reloaded.useTabs.getState().tabs.map(t => t.path)).toEqual([DASHBOARD_PATH, '/a/list', '/b/list?q=1']);
    expect(reloaded.useTabs.getState().close('/b/list')).toBe('/a/list');
  });

  it('restores the fixed dashboard first even from a damaged entry', async () => {
    sessionStorage.setItem(TABS_KEY, JSON.stringify({ state: { tabs: [{ path: '/x/list', title: 'x', affix: true }, 3], recent: 'no' }, version: 0 }));
    vi.resetModules();
    const reloaded = await import('./tabs-store');
    const s = reloaded.useTabs.getState();
    expect(s.tabs.map(t => [t.path, t.affix])).toEqual([[DASHBOARD_PATH, true], ['/x/list', true]]);
    expect(s.recent).toEqual([]);
  });
});
