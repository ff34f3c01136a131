import { describe, expect, it } from 'vitest';
import { afterLoginTarget, isPublicPath, loggedInLoginTarget, loginRedirect, redirectTarget } from './route-rules';
import { terminalScreenPath } from '../rules/terminal-screen';

describe('route rules', () => {
  it('knows the public pages', () => {
    for (const p of ['/login', '/auth-redirect', '/orders/query', '/bills/query', '/test', '/404', '/401']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/dashboard', '/', '/orders/list', '/accounts/profile']) expect(isPublicPath(p)).toBe(false);
  });

  it('sends a page without a session to the login with the wanted path', () => {
    expect(loginRedirect('/customers/list?x=1')).toBe('/login?redirect=%2Fcustomers%2Flist%3Fx%3D1');
    expect(loginRedirect('/')).toBe('/login');
  });

  it('keeps ws_port and client only when both are present', () => {
    expect(loggedInLoginTarget('?ws_port=8765&client=K1&x=2')).toBe('/dashboard?ws_port=8765&client=K1');
    expect(loggedInLoginTarget('?ws_port=8765')).toBe('/dashboard');
  });

  it('returns to a local redirect only', () => {
    expect(afterLoginTarget('?redirect=%2Forders%2Flist')).toBe('/orders/list');
    expect(afterLoginTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterLoginTarget('?redirect=%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterLoginTarget('')).toBe('/dashboard');
  });

  it('starts a terminal on its screen (issue 30), unless the login was for another page', () => {
    expect(afterLoginTarget('', '/orders/tap3')).toBe('/orders/tap3');
    expect(afterLoginTarget('?redirect=%2Finventorydetails%2Fprecheck', '/orders/tap3')).toBe('/inventorydetails/precheck');
    expect(loggedInLoginTarget('', '/inventorydetails/create')).toBe('/inventorydetails/create');
    expect(loggedInLoginTarget('?ws_port=8765&client=K1', '/orders/tap3')).toBe('/orders/tap3?ws_port=8765&client=K1');
    expect(terminalScreenPath('precheck')).toBe('/inventorydetails/precheck');
    expect(terminalScreenPath('inspect')).toBe('/inventorydetails/create');
    expect(terminalScreenPath(null)).toBe('/orders/tap3');
    expect(terminalScreenPath('something-newer')).toBe('/orders/tap3');
  });

  it('unwraps the refresh route', () => {
    expect(redirectTarget('/redirect/customers/list', '?page=2')).toBe('/customers/list?page=2');
  });
});
