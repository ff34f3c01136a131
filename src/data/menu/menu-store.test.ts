// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { setMenuFetcher, type MenuRequest } from './fetcher';
import { LOAD_MENU_URL, menuStore } from './menu-store';
import type { MenuNode } from '../../domain/menu/menu-types';
import { ROUTE_TREE } from '../../domain/menu/route-tree';

const filtered: MenuNode[] = [
  { path: '/sales', meta: { title: 'menu.sales_group', icon: 'IconShoppingCart' }, children: [
    { path: '/customers/list', color: '#f60', meta: { title: 'menu.customers', icon: 'IconAddressBook' } },
    { path: '/customers/edit/:id', hidden: true, meta: { title: 'menu.edit', activeMenu: '/customers/list' } },
  ] },
];

/** A fetcher whose replies the test releases by hand. */
function deferredFetcher() {
  const calls: { req: MenuRequest; resolve(v: unknown): void; reject(e: unknown): void }[] = [];
  const fn = vi.fn((req: MenuRequest) => new Promise<unknown>((resolve, reject) => calls.push({ req, resolve, reject })));
  return { fn, calls };
}

describe('menu store', () => {
  beforeEach(() => menuStore.getState().clear());
  afterEach(() => setMenuFetcher(null));

  it('posts the route tree and keeps the filtered reply, flattened', async () => {
    const f = deferredFetcher();
    setMenuFetcher(f.fn);
    const p = menuStore.getState().load();
    expect(f.calls).toHaveLength(1);
    const { req } = f.calls[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(LOAD_MENU_URL);
    expect(LOAD_MENU_URL).toBe('/accounts/my/?action=loadmenu&platform=pc');
    expect(JSON.parse(String(req.data?.menus))).toEqual(JSON.parse(JSON.stringify(ROUTE_TREE)));
    f.calls[0]!.resolve({ msg: 'OK', menus: filtered });
    await p;
    const s = menuStore.getState();
    expect(s.loaded).toBe(true);
    expect(s.tree).toEqual(filtered);
    expect(s.flat.map(i => i.path)).toEqual(['/customers/list', '/customers/edit/:id']);
    expect(s.flat[0]!.color).toBe('#f60');
  });

  it('shares one request between concurrent loads', async () => {
    const f = deferredFetcher();
    setMenuFetcher(f.fn);
    const a = menuStore.getState().load();
    const b = menuStore.getState().load();
    expect(f.fn).toHaveBeenCalledTimes(1);
    f.calls[0]!.resolve({ msg: 'OK', menus: filtered });
    await Promise.all([a, b]);
    // Once settled, a new load asks again (the role may have changed).
    void menuStore.getState().load();
    expect(f.fn).toHaveBeenCalledTimes(2);
  });

  it('drops a reply that arrives after a session reset', async () => {
    const f = deferredFetcher();
    setMenuFetcher(f.fn);
    const p = menuStore.getState().load();
    sessionStore.getState().reset();
    f.calls[0]!.resolve({ msg: 'OK', menus: filtered });
    await p;
    expect(menuStore.getState()).toMatchObject({ tree: null, flat: [], loaded: false });
  });

  it('is cleared when the session is reset', async () => {
    setMenuFetcher(async () => ({ msg: 'OK', menus: filtered }));
    await menuStore.getState().load();
    expect(menuStore.getState().loaded).toBe(true);
    sessionStore.getState().reset();
    expect(menuStore.getState()).toMatchObject({ tree: null, flat: [], loaded: false });
  });

  it('rejects and stays unloaded when the request fails or the reply has no menus', async () => {
    setMenuFetcher(async () => { throw new Error('network'); });
    await expect(menuStore.getState().load()).rejects.toThrow('network');
    expect(menuStore.getState().loaded).toBe(false);
    setMenuFetcher(async () => ({ msg: 'OK' }));
    await expect(menuStore.getState().load()).rejects.toThrow(/no menus/);
    expect(menuStore.getState().loaded).toBe(false);
  });
});
