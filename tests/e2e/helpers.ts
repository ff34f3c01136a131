import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Tree } from '../../src/i18n/define';
import { bundleOf } from '../../src/i18n';
import { appUrl, launch, loginAs, newPage, pageFaults } from './browser';

/** The languages of the UI catalog. */
export type Lang = 'zh' | 'en' | 'es' | 'ja';

/**
 * A UI string from the app's own catalog (`shell.tags.close`, `menu.sales_group`, `resources.customers.menu` …), so
 * the tests follow the app's wording in every language instead of copying it.
 */
export function tr(lang: Lang, key: string): string {
  const [ns, ...rest] = key.split('.');
  let node: string | Tree | undefined = bundleOf(lang)[ns ?? ''];
  for (const k of rest) node = typeof node === 'object' ? node[k] : undefined;
  if (typeof node !== 'string') throw new Error(`no UI string ${lang}:${key}`);
  return node;
}

/** Logs in through the login page and waits until the dashboard and the role's menu are shown. */
export async function loginToDashboard(page: Page, username = 'admin', password = 'admin123'): Promise<void> {
  await loginAs(page, username, password);
  await waitForDashboard(page);
}

/** Waits until the page shows the dashboard and the role's menu. */
async function waitForDashboard(page: Page): Promise<void> {
  await page.waitForURL(u => u.pathname === '/dashboard');
  await page.getByTestId('dashboard').waitFor();
  await page.getByTestId('sidebar').locator('a').first().waitFor();
}

/** What a login leaves in the browser (src/data/session/session-store.ts, `loggedIn`). */
interface Login { token: string; sessionid: string; name: string; site_name: string; username: string }

/** The token of this file's first API login of each user (see `apiLogin`). */
const tokens = new Map<string, string>();

function loginOf(r: { status: number; body: Record<string, unknown> }, username: string): Login {
  const { token, sessionid, name, site_name } = r.body as Partial<Login>;
  if (r.status !== 200 || !token || !sessionid) throw new Error(`login of ${username} refused: ${r.status} ${JSON.stringify(r.body)}`);
  return { token, sessionid, name: name ?? '', site_name: site_name ?? '', username };
}

/**
 * A login through the API with a session of its own: the first of a user in this file with the password (as the
 * login page does), then token logins (as a new tab with the cookie does), which skip the password hash; a token
 * revoked meanwhile (a logout) means a password login again.
 */
async function apiLogin(username: string, password: string): Promise<Login> {
  const token = tokens.get(username);
  if (token) {
    const r = await serverCall('/accounts/login/', { form: { token } });
    if (r.status === 200) return loginOf(r, username);
    tokens.delete(username);
  }
  const login = loginOf(await serverCall('/accounts/login/', { form: { username, password } }), username);
  tokens.set(username, login.token);
  return login;
}

/**
 * Logs the page's browser in without the login page, for the tests that need a login but are not about it (the
 * login page's own flow is covered by login.test.ts, session.test.ts and offline.test.ts): a login through the API,
 * then the browser holds what the login page would have stored — the `Admin-Token` cookie, the tab's session id in
 * sessionStorage, the name, site and username in localStorage. The page is left on a static file of the app's
 * origin (where that storage lives), so the test's next `page.goto` starts the app like a tab right after a login.
 */
export async function logIn(page: Page, username = 'admin', password = 'admin123'): Promise<void> {
  const login = await apiLogin(username, password);
  await page.context().addCookies([{
    name: 'Admin-Token', value: encodeURIComponent(login.token), url: appUrl(), sameSite: 'Lax',
    expires: Math.floor(Date.now() / 1000) + 700 * 86400,
  }]);
  await page.goto('/favicon.svg');
  await page.evaluate(l => {
    sessionStorage.setItem('sessionid', l.sessionid);
    localStorage.setItem('name', l.name);
    localStorage.setItem('site_name', l.site_name);
    localStorage.setItem('username', l.username);
  }, login);
}

/** `logIn`, then opens the dashboard and waits for it and the role's menu, as `loginToDashboard` ends. */
export async function startLoggedIn(page: Page, username = 'admin', password = 'admin123'): Promise<void> {
  await logIn(page, username, password);
  await page.goto('/dashboard');
  await waitForDashboard(page);
}

export interface PageSession { browser: Browser; context: BrowserContext; page: Page }

/**
 * The hooks of a browser test file: one Chromium for the file, a fresh context and page for each test (15 s default
 * timeout, closed after the test). With `login`, each test starts logged in as admin without the login page
 * (`startLoggedIn`): on the dashboard, or with `dashboard: false` on nothing yet (`logIn`), for tests whose first step
 * opens another page — the app's start on the dashboard would only be thrown away. `serviceWorker`: the app's service
 * worker runs (browser.ts `newPage`: blocked otherwise). `onEach` receives each test's objects.
 */
export function pagePerTest(onEach: (s: PageSession) => void,
  opts: { login?: boolean; dashboard?: boolean; serviceWorker?: boolean } = {}): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => { await browser?.close(); });
  beforeEach(async () => {
    const s = await newPage(browser!, { serviceWorker: opts.serviceWorker });
    context = s.context;
    context.setDefaultTimeout(15_000);
    onEach({ browser: browser!, ...s });
    if (opts.login) await (opts.dashboard === false ? logIn(s.page) : startLoggedIn(s.page));
  });
  afterEach(async () => {
    await context?.close();
    // No Content-Security-Policy violation, no console error from the local helper's socket (browser.ts).
    expect(pageFaults.splice(0)).toEqual([]);
  });
}

/** Path and query of the page, e.g. `/login?redirect=%2Fdashboard`. */
export function here(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** The `redirect` parameter of the login page's URL (decoded), or null. */
export function redirectParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get('redirect');
}

/** The login state as the browser holds it: the Admin-Token cookie and the tab's session id. */
export async function loginState(context: BrowserContext, page: Page): Promise<{ token: string | null; sessionid: string | null }> {
  const cookie = (await context.cookies(appUrlOf(page))).find(c => c.name === 'Admin-Token');
  const sessionid = await page.evaluate(() => sessionStorage.getItem('sessionid'));
  return { token: cookie && cookie.value ? decodeURIComponent(cookie.value) : null, sessionid };
}

function appUrlOf(page: Page): string {
  return new URL(page.url()).origin;
}

/** Calls the real server from the test (not the page), with the page's session id when given. */
export async function serverCall(path: string, opts: { sessionid?: string; form?: Record<string, string> } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${appUrl()}${path}`, {
    method: opts.form ? 'POST' : 'GET',
    headers: opts.sessionid ? { authorization: opts.sessionid } : {},
    body: opts.form ? new URLSearchParams(opts.form) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Opens a page of the menu through the sidebar: its group first (when it is in one), then the entry. */
export async function openFromSidebar(page: Page, group: string | null, path: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.locator(`a[href="${path}"]`);
  if (group && !(await link.isVisible())) await sidebar.getByTestId(`menu-group-${group}`).click();
  await link.click();
  await page.waitForURL(u => u.pathname === path);
}

/**
 * The tab of a page in the tab bar (its link's href is the page's full path). Click its `tab-title` to open it: the
 * middle of a narrow tab can be its close button (without CJK fonts a Chinese title is only a few pixels wide).
 */
export function tabOf(page: Page, path: string) {
  return page.getByTestId('tags-view').locator(`[data-testid="tab"][href="${path}"]`);
}

/** The hrefs of the tab bar, in order. */
export async function tabPaths(page: Page): Promise<string[]> {
  return page.getByTestId('tags-view').getByTestId('tab').evaluateAll(els => els.map(e => e.getAttribute('href') ?? ''));
}

/** Waits until the service worker is active and controls this page (a reload is needed after the first install). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * A call to the server as a session (a form of JSON-encoded values where they are not text), answering the reply's
 * body; anything but 200 throws with the path, the status and the start of the reply.
 */
export async function callAs(sessionid: string, path: string, form?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const f = form && Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const r = await serverCall(path, { sessionid, form: f });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

/**
 * Waits until the check-in screen (/warehouses/checkin2) has posted its document: its lines cleared to the empty row
 * and its notice naming the document's number; a refusal shown meanwhile fails at once with its text.
 */
export async function expectCheckinPosted(page: Page): Promise<void> {
  await expect.poll(async () => {
    const error = page.getByTestId('checkin-error');
    if (await error.isVisible()) return `refused: ${await error.textContent()}`;
    return (await page.getByTestId('checkin-lines').locator('tbody tr').count()) === 1
      && (await page.getByTestId('checkin-notice').textContent())?.match(/ST\d{8}-\d{3}/) !== null;
  }, { timeout: 30_000 }).toBe(true);
}
