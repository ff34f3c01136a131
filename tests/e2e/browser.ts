import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium (never a downloaded browser build), with the flags this machine needs. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const appUrl = (): string => inject('appUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * Faults seen by the pages of this test file; every context made here reports them and the per-test hooks expect
 * none: Content-Security-Policy violations (issue 10: the built app runs under its CSP with none), and console errors
 * naming the local helper's port (issue 15: without a helper the app never knocks on ws://127.0.0.1:8765, and the
 * browser logs every refused websocket as an error, so one such line means the app tried when nothing needed it).
 * `cspViolations` is the older name of the same list.
 */
export const pageFaults: string[] = [];
export const cspViolations = pageFaults;

/** The local helper's default port (src/app/local-helper), as it appears in the browser's messages. */
const HELPER_PORT = /:8765\b/;

export async function watchCsp(context: BrowserContext): Promise<void> {
  // Console messages of every page of the context, the browser's own network errors included.
  context.on('console', msg => {
    if (msg.type() === 'error' && HELPER_PORT.test(msg.text())) pageFaults.push(`console error: ${msg.text()}`);
  });
  await context.exposeFunction('__reportCsp', (v: string) => { pageFaults.push(v); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', e => {
      void (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

/**
 * A fresh context and page. Without `serviceWorker` the context blocks the app's service worker: each fresh context
 * would otherwise install it and precache every chunk of the app (4 MB) while the test runs, about a tenth of a UI
 * test's time on two busy cores, for tests that are not about it. The tests of the offline app (offline, session,
 * shopfloor, data-layer) run with it. `bypassCSP`: the page runs scripts the test adds (the accessibility test's axe-core).
 */
export async function newPage(browser: Browser, opts: { locale?: string; serviceWorker?: boolean; bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'zh-CN', baseURL: appUrl(), serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    // Only for a test that injects a script of its own (axe-core, tests/e2e/axe.ts): the app's CSP refuses inline scripts.
    bypassCSP: opts.bypassCSP ?? false,
  });
  await watchCsp(context);
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the login page and waits for the dashboard. */
export async function loginAs(page: Page, username: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('login-form').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}
