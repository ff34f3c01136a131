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

export async function newPage(browser: Browser, opts: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: opts.locale ?? 'zh-CN', baseURL: appUrl() });
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
