import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest, serverCall, tr } from './helpers';

/**
 * Issue 15: a record that does not exist is not a failure to load — its edit page says so (and who deleted it and
 * when, when the history knows) and links the list; every record's history opens as a page of its own from its edit
 * screen (`/history/list/{table}/{id}`).
 */
let page: Page;
pagePerTest(s => { ({ page } = s); }, { login: true, dashboard: false });

const RUN = Date.now().toString(36);

async function sessionOf(): Promise<string> {
  const sid = await page.evaluate(() => sessionStorage.getItem('sessionid'));
  if (!sid) throw new Error('no sessionid');
  return sid;
}

describe('not found', () => {
  it('/customers/edit/99999 says the record does not exist and links the list, with nothing to retry', async () => {
    await page.goto('/customers/edit/99999');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.innerText()).toContain(tr('zh', 'forms.not_found'));
    const body = await page.locator('body').innerText();
    expect(body).not.toContain(tr('zh', 'forms.load_failed'));
    expect(await page.getByTestId('resource-form').count()).toBe(0);
    const toList = page.getByTestId('not-found-list');
    expect(await toList.getAttribute('href')).toBe('/customers/list');
    await toList.click();
    await page.waitForURL(u => u.pathname === '/customers/list');
    await page.getByTestId('resource-list').waitFor();
  });

  it('a deleted record names who deleted it and links its history', async () => {
    const sessionid = await sessionOf();
    const code = `E2E-NF-${RUN}`;
    const saved = await serverCall('/customers/save/', { sessionid, form: { item: JSON.stringify({ name: `已删除客户-${RUN}`, code }) } });
    expect(saved.status).toBe(200);
    const id = saved.body.id as number;
    expect((await serverCall('/customers/delete/', { sessionid, form: { id: String(id) } })).status).toBe(200);

    await page.goto(`/customers/edit/${id}`);
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('deleted-by').waitFor();
    const history = page.getByTestId('not-found-history');
    expect(await history.getAttribute('href')).toBe(`/history/list/customers/${id}`);
    await history.click();
    await page.waitForURL(u => u.pathname === `/history/list/customers/${id}`);
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(2); // created, deleted
  });
});

describe('history page', () => {
  it('opens from a record’s edit screen and leads back to the record', async () => {
    const list = await serverCall('/customers/list/?limit=1', { sessionid: await sessionOf() });
    expect(list.status).toBe(200);
    const id = (list.body.dt as { id: number }[])[0]!.id;

    await page.goto(`/customers/edit/${id}`);
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('history-open').click();
    // The drawer's root has no box of its own: wait for what it shows.
    await page.getByTestId('history-drawer').getByTestId('history-page-link').click();
    await page.waitForURL(u => u.pathname === `/history/list/customers/${id}`);
    const historyPage = page.getByTestId('history-page');
    await historyPage.waitFor();
    expect(await historyPage.innerText()).toContain(`#${id}`);
    expect(await page.getByTestId('not-found').count()).toBe(0);

    await page.getByTestId('history-to-record').click();
    await page.waitForURL(u => u.pathname === `/customers/edit/${id}`);
    await page.getByTestId('resource-form').waitFor();
  });
});
