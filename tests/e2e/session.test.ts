import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/domain/messages/catalog';
import { appUrl, launch, cspViolations, watchCsp } from './browser';
import { here, loginState, loginToDashboard, serverCall, tabOf, tr } from './helpers';

/**
 * What the app does when the server stops accepting its session (DESIGN §4, §5): a `needlogin` reply clears the login
 * state and sends the user to /login?redirect=…; a revoked session (code 50012) offers the logged-out dialog, and
 * only the user's Re-Login leaves the page.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  expect(cspViolations.splice(0)).toEqual([]);
});

/**
 * A fresh context. `serviceWorkers: 'block'` where the test rewrites the page's requests: a service worker in
 * between would hide them from the route.
 */
async function open(opts: { blockServiceWorkers?: boolean } = {}): Promise<void> {
  context = await browser.newContext({
    locale: 'zh-CN', baseURL: appUrl(), serviceWorkers: opts.blockServiceWorkers ? 'block' : 'allow',
  });
  await watchCsp(context);
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
}

/** Re-mounts the dashboard through the tab's refresh, so it asks the server for its counts again. */
async function refreshDashboard(): Promise<void> {
  await tabOf(page, '/dashboard').getByTestId('tab-refresh').click();
}

describe('needlogin', () => {
  it('a reply of needlogin during work clears the login state and goes to /login?redirect=<page>', async () => {
    await open({ blockServiceWorkers: true });
    await loginToDashboard(page);
    const before = await loginState(context, page);
    expect(before.token).not.toBeNull();

    // From now on the page's requests carry a session id the server does not know: it answers needlogin.
    let rewritten = 0;
    await context.route(u => u.pathname.endsWith('/'), async route => {
      const headers = route.request().headers();
      if (!headers.authorization) return route.continue();
      rewritten++;
      return route.continue({ headers: { ...headers, authorization: 'not-a-session-the-server-knows' } });
    });
    await refreshDashboard();

    await page.getByTestId('login-form').waitFor();
    expect(rewritten).toBeGreaterThan(0);
    expect(here(page)).toBe('/login?redirect=%2Fdashboard');
    expect(await loginState(context, page)).toEqual({ token: null, sessionid: null });
    // The server's message is shown.
    await page.getByText(translate('zh', 'needlogin')).first().waitFor();
  });

  it('a tab whose session id the server does not know is sent to the login page when it opens', async () => {
    await open();
    await loginToDashboard(page);
    await page.evaluate(() => sessionStorage.setItem('sessionid', 'stale-session-id'));
    await page.goto('/persons/list');
    await page.getByTestId('login-form').waitFor();
    expect(here(page)).toBe('/login?redirect=%2Fpersons%2Flist');
    expect(await loginState(context, page)).toEqual({ token: null, sessionid: null });
  });

  it('a tab with the token but no session id re-opens a session with a token login', async () => {
    await open();
    await loginToDashboard(page);
    const before = await loginState(context, page);
    await page.evaluate(() => sessionStorage.removeItem('sessionid'));
    await page.goto('/persons/list');
    await page.getByTestId('app-layout').waitFor();
    await page.locator('[data-testid="resource-list"][data-resource="persons"]').waitFor();
    expect(here(page)).toBe('/persons/list');
    const after = await loginState(context, page);
    expect(after.sessionid).not.toBeNull();
    expect(after.sessionid).not.toBe(before.sessionid);
  });
});

describe('a session revoked on the server (code 50012)', () => {
  it('offers the logged-out dialog; Cancel stays, Re-Login clears the login state and goes to the login page', async () => {
    await open();
    await loginToDashboard(page);
    const { sessionid } = await loginState(context, page);
    // Revoked from elsewhere (another device logging out this login), with the page's own session id.
    const out = await serverCall('/accounts/logout/', { sessionid: sessionid!, form: {} });
    expect(out.body.msg).toBe('OK');

    await refreshDashboard();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(tr('zh', 'login.logged_out_title')).waitFor();
    // Offered, not forced: the page stays where it was until the user chooses.
    expect(here(page)).toBe('/dashboard');
    await dialog.getByRole('button', { name: tr('zh', 'login.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(here(page)).toBe('/dashboard');
    expect((await loginState(context, page)).token).not.toBeNull();

    await refreshDashboard();
    await dialog.getByRole('button', { name: tr('zh', 'login.relogin') }).click();
    await page.getByTestId('login-form').waitFor();
    expect(here(page)).toBe('/login?redirect=%2Fdashboard');
    expect(await loginState(context, page)).toEqual({ token: null, sessionid: null });
  });
});
