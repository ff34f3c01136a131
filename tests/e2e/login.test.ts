import type { BrowserContext, Page } from 'playwright-core';
import { translate } from '../../src/domain/messages/catalog';
import { describe, expect, it } from 'vitest';
import { appUrl, loginAs } from './browser';
import { here, loginState, loginToDashboard, openFromSidebar, pagePerTest, redirectParam, serverCall, tabPaths, tr } from './helpers';

/** Login, deep links, the role's menu, and logout, in Chromium against the real server (spec §2, §4). */
let context: BrowserContext;
let page: Page;

pagePerTest(s => { ({ context, page } = s); });

describe('login', () => {
  it('logs in and lands on the dashboard with the token and the session id stored', async () => {
    await loginToDashboard(page);
    expect(here(page)).toBe('/dashboard');
    await page.getByTestId('app-layout').waitFor();
    // The user's name from /accounts/info/ is shown in the account menu.
    expect(await page.getByTestId('account-menu').innerText()).toContain('系统管理员');
    const s = await loginState(context, page);
    expect(s.token).toMatch(/\S{16,}/);
    expect(s.sessionid).toMatch(/\S{16,}/);
    // The session the page holds is one the server knows.
    expect((await serverCall('/accounts/info/', { sessionid: s.sessionid! })).body.username).toBe('admin');
  });

  it('refuses a wrong password and stays on the login page without a token', async () => {
    await loginAs(page, 'admin', 'wrong-password');
    // The server's message, in the page's language, as a notification.
    await page.getByText(translate('zh', 'login_failed')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await loginState(context, page)).toEqual({ token: null, sessionid: null });
  });

  it('asks for both fields before calling the server', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await page.locator('input[name="username"]').fill('');
    await page.getByTestId('login-submit').click();
    await page.getByText(tr('zh', 'login.required')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows each role only its own menu; a page of another role answers 401', async () => {
    await loginToDashboard(page, 'operator', 'oper123');
    const links = await page.getByTestId('sidebar').locator('a[href]').evaluateAll(as => as.map(a => a.getAttribute('href')));
    expect(links).toContain('/dashboard');
    expect(links).toContain('/devices/list_status');
    expect(links).not.toContain('/customers/list');
    await page.goto('/customers/list');
    await page.getByTestId('page-401').waitFor();
  });
});

describe('deep links and protected pages', () => {
  it('sends a protected page without a login to /login?redirect=<path>', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('login-form').waitFor();
    expect(here(page)).toBe('/login?redirect=%2Fdashboard');
    await page.goto('/persons/list?keyword=%E5%BC%A0');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(redirectParam(page)).toBe('/persons/list?keyword=%E5%BC%A0');
  });

  it('comes back to the deep link, query included, after the login', async () => {
    await page.goto('/customers/list?keyword=abc');
    await page.getByTestId('login-form').waitFor();
    expect(redirectParam(page)).toBe('/customers/list?keyword=abc');
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(u => u.pathname === '/customers/list');
    expect(here(page)).toBe('/customers/list?keyword=abc');
    await page.getByTestId('app-layout').waitFor();
    // The customers' list screen, generated from the declaration.
    await page.locator('[data-testid="resource-list"][data-resource="customers"]').waitFor();
  });

  it('keeps a logged-in user away from the login page and off other sites', async () => {
    await loginToDashboard(page);
    await page.goto('/login?redirect=%2Fpersons%2Flist');
    await page.waitForURL(u => u.pathname === '/persons/list');
    // An absolute address as the redirect would send the user to another site: the dashboard instead.
    await page.goto('/login?redirect=%2F%2Fexample.com%2F');
    await page.waitForURL(u => u.pathname === '/dashboard');
    expect(new URL(page.url()).origin).toBe(new URL(appUrl()).origin);
  });
});

describe('logout', () => {
  it('goes to the login page, clears the token, the session and the tabs, and revokes the token on the server', async () => {
    await loginToDashboard(page);
    await openFromSidebar(page, '/sales', '/customers/list');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/customers/list']);
    const before = await loginState(context, page);

    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Spec §2: logout sends the user to /login with a redirect back to the current page.
    expect(redirectParam(page)).toBe('/customers/list');
    expect(await loginState(context, page)).toEqual({ token: null, sessionid: null });
    const tabs = await page.evaluate(() => sessionStorage.getItem('ipos-tabs'));
    expect(JSON.parse(tabs ?? '{}')).toMatchObject({ state: { tabs: [{ path: '/dashboard' }], recent: [] } });

    // DESIGN §5: logout revokes the token and the session on the server, so a copy of either stops working.
    await expect.poll(async () => (await serverCall('/accounts/info/', { sessionid: before.sessionid! })).status).toBe(401);
    const again = await serverCall('/accounts/login/', { form: { token: before.token! } });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(50012);

    await page.goto('/dashboard');
    await page.getByTestId('login-form').waitFor();
    expect(here(page)).toBe('/login?redirect=%2Fdashboard');
  });
});
