import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './browser';
import { pagePerTest, serverCall } from './helpers';

/**
 * Help articles in a real browser (docs/sales-office.md §5, decisions 283–284): the header's help button on the order
 * entry opens its article, whose in-app link navigates inside the app; `/faq/{key}` read in English falls back to the
 * Chinese article when no English one is written, and says so.
 */
let page: Page;

pagePerTest(s => { ({ page } = s); }, { login: true, dashboard: false });

type Row = Record<string, unknown>;

const sessionOf = async () => await page.evaluate(() => sessionStorage.getItem('sessionid')) ?? '';

describe('help', () => {
  it('the help button on the order entry opens its article', async () => {
    const sessionid = await sessionOf();
    const list = await serverCall('/faqs/list/?limit=-1&key=order_entry', { sessionid });
    const zh = (list.body.dt as Row[]).find(r => r.key === 'order_entry' && r.language === 'zh')!;
    expect(zh, 'the demo has the order entry\'s article').toBeTruthy();

    await page.goto('/orders/create');
    const button = page.getByTestId('help-button');
    await button.waitFor();
    expect(await button.getAttribute('data-key')).toBe('order_entry');
    await button.click();
    const article = page.getByTestId('help-drawer').getByTestId('faq-article');
    await article.waitFor();
    expect(await article.getByTestId('faq-title').textContent()).toBe(zh.title);
    expect(await article.getByTestId('faq-fallback').count()).toBe(0);
    // The body is rendered Markdown: its table and its in-app links.
    await article.getByTestId('faq-body').locator('table').first().waitFor();
    const link = article.getByTestId('faq-body').locator('a[href="/faq/cards"]');
    expect(await link.getAttribute('target')).toBeNull();
    await link.click();
    await page.waitForURL(u => u.pathname === '/faq/cards');
    await page.getByTestId('faq-page').getByTestId('faq-article').waitFor();
    expect(await page.getByTestId('faq-page').getByTestId('faq-article').getAttribute('data-key')).toBe('cards');
  });

  it('/faq/{key} read in English falls back to the Chinese article, saying so', async () => {
    const sessionid = await sessionOf();
    const key = `e2e_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const made = await fetch(`${appUrl()}/faqs/save/`, {
      method: 'POST',
      headers: { authorization: sessionid, 'idempotency-key': randomUUID() },
      body: new URLSearchParams({ key, language: 'zh', title: '只有中文的文章', body: '第一步：**保存**。\n\n[外部链接](https://example.com/)' }),
    });
    expect(made.status).toBe(200);
    const id = Number(((await made.json()) as Row).id);
    try {
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`/faq/${key}`);
      const article = page.getByTestId('faq-page').getByTestId('faq-article');
      await article.waitFor();
      expect(await article.getAttribute('data-lang')).toBe('zh');
      expect(await article.getByTestId('faq-title').textContent()).toBe('只有中文的文章');
      expect(await article.getByTestId('faq-fallback').textContent()).toMatch(/English.*Chinese/);
      expect(await article.getByTestId('faq-body').locator('strong').textContent()).toBe('保存');
      const outside = article.getByTestId('faq-body').locator('a[href="https://example.com/"]');
      expect(await outside.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await outside.getAttribute('target')).toBe('_blank');
    } finally {
      await serverCall('/faqs/delete/', { sessionid, form: { id: String(id) } });
    }
  });
});
