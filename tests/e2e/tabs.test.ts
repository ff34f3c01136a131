import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { here, openFromSidebar, pagePerTest, tabOf, tabPaths, tr } from './helpers';

/** The tab bar of visited pages (spec §2): fixed dashboard, close, close others, most recent, kept over a reload. */
let page: Page;

pagePerTest(s => { ({ page } = s); }, { login: true });

const CUSTOMERS = '/customers/list';
const PERSONS = '/persons/list';
const DEVICES = '/devices/list';

/**
 * Opens customers, persons and devices from the sidebar, in that order, each shown (its tab there) before the next
 * is clicked, as a person does: a page left before it rendered (its screen still loading) gets no tab.
 */
async function openThree(): Promise<void> {
  for (const [group, path] of [['/sales', CUSTOMERS], ['/people', PERSONS], ['/device', DEVICES]] as const) {
    await openFromSidebar(page, group, path);
    await tabOf(page, path).waitFor();
  }
  await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', CUSTOMERS, PERSONS, DEVICES]);
}

/** The path of the selected tab. */
async function activeTab(): Promise<string | null> {
  return page.getByTestId('tags-view').locator('[data-testid="tab"][aria-selected="true"]').getAttribute('href');
}

describe('tabs', () => {
  it('has the dashboard tab fixed: first, titled 控制台, without a close button or a close entry', async () => {
    expect(await tabPaths(page)).toEqual(['/dashboard']);
    const dash = tabOf(page, '/dashboard');
    expect(await dash.innerText()).toContain(tr('zh', 'shell.dashboard'));
    expect(await dash.getAttribute('aria-selected')).toBe('true');
    expect(await dash.getByTestId('tab-close').count()).toBe(0);

    await openFromSidebar(page, '/sales', CUSTOMERS);
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', CUSTOMERS]);
    expect(await tabOf(page, CUSTOMERS).getByTestId('tab-close').count()).toBe(1);
    // Right-click offers close, disabled on the dashboard; close all keeps it.
    await dash.click({ button: 'right' });
    const close = page.getByTestId('tab-menu-close');
    await close.waitFor();
    expect(await close.isDisabled()).toBe(true);
    await page.getByTestId('tab-menu-close-all').click();
    await page.waitForURL(u => u.pathname === '/dashboard');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
  });

  it('closing the active tab goes to the most recently used one, not the neighbour', async () => {
    await openThree();
    // Back to customers through its tab: the order of use is now customers, devices, persons, dashboard.
    await tabOf(page, CUSTOMERS).getByTestId('tab-title').click();
    await page.waitForURL(u => u.pathname === CUSTOMERS);
    // Closed once it shows as the active tab (the page has rendered), as a person sees it before closing.
    await expect.poll(activeTab).toBe(CUSTOMERS);
    await tabOf(page, CUSTOMERS).getByTestId('tab-close').click();
    await page.waitForURL(u => u.pathname === DEVICES);
    expect(await tabPaths(page)).toEqual(['/dashboard', PERSONS, DEVICES]);
    expect(await activeTab()).toBe(DEVICES);

    // Closing a tab that is not active stays where the user is.
    await tabOf(page, PERSONS).getByTestId('tab-close').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', DEVICES]);
    expect(here(page)).toBe(DEVICES);

    // The last page tab closed: back to the dashboard.
    await tabOf(page, DEVICES).getByTestId('tab-close').click();
    await page.waitForURL(u => u.pathname === '/dashboard');
    expect(await tabPaths(page)).toEqual(['/dashboard']);
  });

  it('close others keeps the dashboard and the current tab', async () => {
    await openThree();
    await tabOf(page, PERSONS).getByTestId('tab-title').click();
    await page.waitForURL(u => u.pathname === PERSONS);
    await tabOf(page, PERSONS).click({ button: 'right' });
    await page.getByTestId('tab-menu-close-others').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', PERSONS]);
    expect(here(page)).toBe(PERSONS);
    expect(await activeTab()).toBe(PERSONS);
  });

  it('keeps the tabs, their order and the active one over a reload', async () => {
    await openThree();
    await tabOf(page, PERSONS).getByTestId('tab-title').click();
    await page.waitForURL(u => u.pathname === PERSONS);
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', CUSTOMERS, PERSONS, DEVICES]);
    expect(await activeTab()).toBe(PERSONS);
    // The order of use survived too: closing persons goes to devices, the one used before it.
    await tabOf(page, PERSONS).getByTestId('tab-close').click();
    await page.waitForURL(u => u.pathname === DEVICES);
  });

  it('one tab per page: a new query updates the page\'s tab', async () => {
    await openFromSidebar(page, '/sales', CUSTOMERS);
    await page.goto(`${CUSTOMERS}?keyword=abc`);
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', `${CUSTOMERS}?keyword=abc`]);
  });
});
