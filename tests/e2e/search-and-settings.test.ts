import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { here, type Lang, loginToDashboard, pagePerTest, startLoggedIn, tabPaths, tr } from './helpers';

/** The header search, the language menu and the settings drawer (spec §2, §4, §9). */
let page: Page;

pagePerTest(s => { ({ page } = s); });

/** "销售 / 客户": a menu entry's title with its group's, as the search lists it. */
const searchTitle = (lang: Lang, group: string, resource: string) => `${tr(lang, `menu.${group}`)} / ${tr(lang, `resources.${resource}.menu`)}`;

async function pickLanguage(lang: Lang): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${lang}`).click();
  await page.waitForFunction(l => localStorage.getItem('language') === l, lang);
}

async function searchAndPick(typed: string, option: string): Promise<void> {
  const input = page.getByTestId('header-search');
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('header search', () => {
  it('finds a page by part of its title in the current language and opens it', async () => {
    await startLoggedIn(page);
    const customers = tr('zh', 'resources.customers.menu');
    await searchAndPick(customers, searchTitle('zh', 'sales_group', 'customers'));
    await page.waitForURL(u => u.pathname === '/customers/list');
    await expect.poll(() => tabPaths(page)).toContain('/customers/list');
    // The input is cleared for the next search.
    expect(await page.getByTestId('header-search').inputValue()).toBe('');

    // After switching language the search reads the new titles: part of an English title finds the page.
    await pickLanguage('en');
    const devices = tr('en', 'resources.devices.menu');
    await searchAndPick(devices.slice(0, Math.max(4, devices.length - 2)), searchTitle('en', 'devices_group', 'devices'));
    await page.waitForURL(u => u.pathname === '/devices/list');
  });

  it('lists nothing for a title that does not exist', async () => {
    await startLoggedIn(page);
    const input = page.getByTestId('header-search');
    await input.fill('zzzqqqxxx');
    await page.getByText(tr('zh', 'shell.search.nothing')).waitFor();
    expect(await page.getByRole('option').count()).toBe(0);
    expect(here(page)).toBe('/dashboard');
  });
});

describe('language', () => {
  it('switches on the login page and stays after a reload and after the login', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await page.getByLabel(tr('zh', 'login.username'), { exact: true }).waitFor();
    await pickLanguage('en');
    await page.getByLabel(tr('en', 'login.username'), { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.reload();
    await page.getByLabel(tr('en', 'login.username'), { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await loginToDashboard(page);
    await page.getByTestId('sidebar').getByText(tr('en', 'menu.sales_group'), { exact: true }).waitFor();
  });

  it('switches in the header; the menu, the tabs and the API calls follow, and the choice survives a reload', async () => {
    await startLoggedIn(page);
    await pickLanguage('ja');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(tr('ja', 'menu.sales_group'), { exact: true }).waitFor();
    expect(await page.getByTestId('tags-view').innerText()).toContain(tr('ja', 'shell.dashboard'));

    // The server answers in the user's language: every call says which (`lang`).
    const info = page.waitForRequest(r => new URL(r.url()).pathname === '/accounts/info/');
    await page.reload();
    expect(new URL((await info).url()).searchParams.get('lang')).toBe('ja');
    await page.getByTestId('app-layout').waitFor();
    await sidebar.getByText(tr('ja', 'menu.sales_group'), { exact: true }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('language'), document.documentElement.lang])).toEqual(['ja', 'ja']);
  });
});

describe('settings', () => {
  const COLOUR = '#11a983';

  /** The theme's filled primary colour as the page computes it. */
  const primary = () => page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });

  it('tags view off and a theme colour apply at once and survive a reload', async () => {
    await startLoggedIn(page);
    const before = await primary();
    await page.getByTestId('settings-open').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('settings-tags-view').uncheck();
    await page.getByTestId('tags-view').waitFor({ state: 'detached' });
    await drawer.getByRole('radio', { name: COLOUR }).click();
    expect(await drawer.getByRole('radio', { name: COLOUR }).getAttribute('aria-checked')).toBe('true');
    const after = await primary();
    expect(after).not.toBe(before);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await primary()).toBe(after);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ipos-settings') ?? '{}') as { state?: { tagsView?: boolean; theme?: string } });
    expect(stored.state).toMatchObject({ tagsView: false, theme: COLOUR });
    await page.getByTestId('settings-open').click();
    await drawer.waitFor();
    expect(await drawer.getByTestId('settings-tags-view').isChecked()).toBe(false);
    expect(await drawer.getByRole('radio', { name: COLOUR }).getAttribute('aria-checked')).toBe('true');
  });
});
