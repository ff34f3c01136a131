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
  await page.waitForURL(u => u.pathname === '/dashboard');
  await page.getByTestId('dashboard').waitFor();
  await page.getByTestId('sidebar').locator('a').first().waitFor();
}

export interface PageSession { browser: Browser; context: BrowserContext; page: Page }

/**
 * The hooks of a browser test file: one Chromium for the file, a fresh context and page for each test (15 s default
 * timeout, closed after the test), logged in as admin first when `login`. `onEach` receives each test's objects.
 */
export function pagePerTest(onEach: (s: PageSession) => void, opts: { login?: boolean } = {}): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => { await browser?.close(); });
  beforeEach(async () => {
    const s = await newPage(browser!);
    context = s.context;
    context.setDefaultTimeout(15_000);
    onEach({ browser: browser!, ...s });
    if (opts.login) await loginToDashboard(s.page);
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
