// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store';
import { FAV_MENUS_URL, favMenusOf, favMenusStore } from './fav-menus-store';
import { setMenuFetcher, type MenuRequest } from './fetcher';

describe('favourite menus', () => {
  beforeEach(() => favMenusStore.getState().clear());
  afterEach(() => setMenuFetcher(null));

  it('GETs /accounts/favmenus/ and keeps the entries', async () => {
    const seen: MenuRequest[] = [];
    setMenuFetcher(async req => {
      seen.push(req);
      return { msg: 'OK', total: 2, menus: [
        { id: 1, path: '/customers/list', title: 'menu.customers', icon: 'IconAddressBook', color: '#f60', sort: 1 },
        { id: 2, path: '/orders/list', title: null, icon: null, color: '', sort: 2 },
      ] };
    });
    await favMenusStore.getState().load();
    expect(seen).toEqual([{ method: 'GET', url: FAV_MENUS_URL }]);
    expect(FAV_MENUS_URL).toBe('/accounts/favmenus/');
    expect(favMenusStore.getState()).toMatchObject({ loaded: true, menus: [
      { path: '/customers/list', title: 'menu.customers', icon: 'IconAddressBook', color: '#f60' },
      { path: '/orders/list', title: '/orders/list' },
    ] });
    expect(favMenusStore.getState().menus[1]).not.toHaveProperty('icon');
  });

  it('skips rows without a path and refuses a reply without menus', () => {
    expect(favMenusOf({ menus: [{ title: 'x' }, null, { path: '/a' }] })).toEqual([{ path: '/a', title: '/a' }]);
    expect(() => favMenusOf({ msg: 'OK' })).toThrow();
  });

  it('is cleared when the session is reset', async () => {
    setMenuFetcher(async () => ({ msg: 'OK', menus: [{ path: '/a', title: 'A' }] }));
    await favMenusStore.getState().load();
    sessionStore.getState().reset();
    expect(favMenusStore.getState()).toMatchObject({ menus: [], loaded: false });
  });
});
