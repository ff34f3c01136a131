import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, cspViolations, launch, watchCsp } from './browser';
import { here, loginToDashboard, tr, waitForServiceWorkerControl } from './helpers';
import { startSwProxy, type SwProxy } from './sw-proxy';

/**
 * The service worker (DESIGN §6): after one online visit the shell reloads offline from its cache, and a new version
 * is offered, never forced.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let proxy: SwProxy | undefined;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  await proxy?.close();
  proxy = undefined;
  expect(cspViolations.splice(0)).toEqual([]);
});

async function open(baseURL: string): Promise<void> {
  context = await browser.newContext({ locale: 'zh-CN', baseURL });
  await watchCsp(context);
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
}


describe('offline', () => {
  it('reloads the shell from the service worker after one online visit of /login and /dashboard', async () => {
    await open(appUrl());
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await loginToDashboard(page);

    await context.setOffline(true);
    // Nothing reaches the server any more …
    expect(await page.evaluate(() => fetch('/accounts/configslist_safe/').then(() => 'online', () => 'offline'))).toBe('offline');

    // … yet the reload of the dashboard renders the logged-in shell from the service worker and the offline
    // profile: same user, same menu, no detour through the login page.
    const dashboard = await page.reload();
    expect(dashboard?.fromServiceWorker()).toBe(true);
    await page.getByTestId('app-layout').waitFor();
    expect(here(page)).toBe('/dashboard');
    await page.getByTestId('sidebar').locator('a').first().waitFor();
    expect(await page.title()).not.toBe('');

    // A deep link to another page of the menu opens from the same cached shell, still logged in.
    const deep = await page.goto('/customers/list?keyword=abc');
    expect(deep?.fromServiceWorker()).toBe(true);
    await page.getByTestId('app-layout').waitFor();
    expect(here(page)).toBe('/customers/list?keyword=abc');

    // Back online, the session is confirmed with the server and the shell carries on.
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(here(page)).toBe('/customers/list?keyword=abc');
  });

  it('opens the login page offline after a logout: the offline copy leaves with the login state', async () => {
    await open(appUrl());
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await loginToDashboard(page);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ipos-offline-profile'))).toBeNull();

    await context.setOffline(true);
    const login = await page.goto('/dashboard');
    expect(login?.fromServiceWorker()).toBe(true);
    await page.getByTestId('login-form').waitFor();
    await page.locator('input[name="username"]').waitFor();
  });

  it('keeps the precached chunks of every screen, not only the ones visited', async () => {
    await open(appUrl());
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.some(u => /^\/index\.html$/.test(u))).toBe(true);
    // The dashboard's chunk was never loaded on the login page, yet it is in the cache.
    expect(cached.some(u => /^\/assets\/Dashboard-[\w-]+\.js$/.test(u))).toBe(true);
  });
});

describe('updates', () => {
  it('offers a new version without reloading; the old worker keeps control until the user accepts', async () => {
    proxy = await startSwProxy(appUrl());
    await open(proxy.url);
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    const original = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // Something only this document holds: it is gone if the page reloads.
    await page.evaluate(() => { (window as unknown as { e2eMarker?: string }).e2eMarker = 'before-update'; });
    await page.locator('input[name="username"]').fill('typed-before-update');

    proxy.setSwSuffix('\n// e2e: a new version of the service worker\n');
    const fetchesBefore = proxy.swFetches();
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    expect(proxy.swFetches()).toBeGreaterThan(fetchesBefore);

    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain(tr('zh', 'pages.update_available'));
    // Give a forced update the time it would need to show itself.
    await page.waitForTimeout(1500);
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return {
        marker: (window as unknown as { e2eMarker?: string }).e2eMarker,
        waiting: reg?.waiting?.state ?? null,
        controllerIsActive: navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller === reg?.active,
      };
    });
    expect(state).toEqual({ marker: 'before-update', waiting: 'installed', controllerIsActive: true });
    expect(await page.locator('input[name="username"]').inputValue()).toBe('typed-before-update');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(original);

    // The user accepts: the waiting worker takes over and the page reloads once.
    await prompt.getByRole('button', { name: tr('zh', 'pages.update_now') }).click();
    await page.waitForFunction(() => (window as unknown as { e2eMarker?: string }).e2eMarker === undefined);
    await page.getByTestId('login-form').waitFor();
    await page.waitForFunction(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.waiting === null && navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller === reg.active;
    });
    expect(await prompt.count()).toBe(0);
    expect(here(page)).toBe('/login');
  });

  it('"later" hides the offer and leaves the page and the old worker as they are', async () => {
    proxy = await startSwProxy(appUrl());
    await open(proxy.url);
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await page.evaluate(() => { (window as unknown as { e2eMarker?: string }).e2eMarker = 'kept'; });

    proxy.setSwSuffix('\n// e2e: another version\n');
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByRole('button', { name: tr('zh', 'pages.update_later') }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return [(window as unknown as { e2eMarker?: string }).e2eMarker, reg?.waiting?.state ?? null];
    })).toEqual(['kept', 'installed']);
  });
});
