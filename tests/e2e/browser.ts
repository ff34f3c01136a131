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
 * Content-Security-Policy violations seen by the pages of this test file (issue 10: the built app runs under its CSP
 * with none). Every context made here reports them; the per-test hooks expect none.
 */
export const cspViolations: string[] = [];

export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeFunction('__reportCsp', (v: string) => { cspViolations.push(v); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', e => {
      void (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

export async function newPage(browser: Browser, opts: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: opts.locale ?? 'zh-CN', baseURL: appUrl() });
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
