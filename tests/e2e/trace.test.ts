import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDateString } from '../../src/domain/rules/date-single';
import { formatForReading } from '../../src/domain/rules/numbers';
import { decodeMonitorState, encodeMonitorState } from '../../src/features/reports/monitor-url';
import { buildChain, type Chain } from '../api/delivery/trace-chain';
import { launch, pageFaults, watchCsp } from './browser';

/**
 * Traceability as the shipping office uses it (docs/delivery.md "Traceability"): a delivered line's trace shows the
 * card in its package with its steps, inspection and the reels issued to it; a reel's lot traced forward reaches the
 * customer; a card typed in the trace's search is traced too; the finished stock by card lists what is left; and the
 * finished-goods summary opens at a saved address (`/inventorydetails/summary/{qs}`) as it was saved.
 *
 * The chain (tests/api/delivery/trace-chain.ts) needs rows that only shipping writes (a check-out naming its
 * delivery), so this file serves the built app from a server and database of its own, with the demo data.
 */
let chain: Chain;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  chain = await buildChain('e2e-trace', join(import.meta.dirname, '..', '..', 'dist'));
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await chain?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ locale: 'zh-CN', baseURL: chain.s.url, serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  await watchCsp(context);
  page = await context.newPage();
  // Logged in as the admin without the login page (as tests/e2e/helpers.ts `logIn` does on the shared server).
  const login = await chain.s.call('/accounts/login/', { username: 'admin', password: 'admin123' });
  const body = login.body as { token: string; sessionid: string; name?: string; site_name?: string };
  await context.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(body.token), url: chain.s.url, sameSite: 'Lax',
    expires: Math.floor(Date.now() / 1000) + 86400 }]);
  await page.goto('/favicon.svg');
  await page.evaluate(l => {
    sessionStorage.setItem('sessionid', l.sessionid);
    localStorage.setItem('name', l.name ?? '');
    localStorage.setItem('site_name', l.site_name ?? '');
    localStorage.setItem('username', 'admin');
  }, body);
});
afterEach(async () => {
  await context?.close();
  // No Content-Security-Policy violation (browser.ts).
  expect(pageFaults.splice(0)).toEqual([]);
});

const texts = async (testId: string) => (await page.getByTestId(testId).allTextContents()).map(s => s.trim());

describe('trace', () => {
  it('a delivered line back to its card and reels, then a reel forward to the customer', async () => {
    const card = chain.cards[0]!;
    await page.goto(`/trace?kind=deliveryline&id=${chain.lines.pack}`);
    await page.getByTestId('trace-start').waitFor();
    await expect.poll(() => page.getByTestId('trace-card').count()).toBe(1);
    expect(await page.getByTestId('trace-card').getAttribute('data-card')).toBe(card.show_id);
    // Forward: the line's own shipment, in package P, to the customer.
    expect(await texts('trace-customer')).toEqual([chain.customer.name]);
    const own = page.locator('[data-testid="trace-forward-row"][data-own="1"]');
    await expect.poll(() => own.count()).toBe(1);
    const ownText = await own.innerText();
    expect(ownText).toContain(chain.deliveries.dNo);
    expect(ownText).toContain(chain.packages.pNo);
    // Backward: the step, the inspection and both reels (one issued to the card, one to its order line).
    await expect.poll(() => page.getByTestId('trace-steps').locator('tbody tr').count()).toBe(1);
    await expect.poll(() => page.getByTestId('trace-inspections').locator('tbody tr').count()).toBe(1);
    expect((await texts('trace-lot-link')).sort()).toEqual([chain.lots.r, chain.lots.r2].sort());
    await expect.poll(() => page.getByTestId('trace-hidden').count()).toBe(0);

    // The reel issued to the card, traced forward: the card, and the customer its delivery reached.
    await page.getByTestId('trace-lot-link').filter({ hasText: new RegExp(`^${chain.lots.r}$`) }).click();
    await page.waitForURL(u => u.pathname === '/trace' && u.searchParams.get('lot') === chain.lots.r);
    await expect.poll(() => page.getByTestId('trace-start').innerText()).toContain(chain.lots.r);
    await expect.poll(() => texts('trace-customer')).toEqual([chain.customer.name]);
    expect(await page.getByTestId('trace-card').getAttribute('data-card')).toBe(card.show_id);
    // The reel's own row is marked in the card's materials.
    await expect.poll(() => page.locator('[data-testid="trace-material"][data-own="1"]').count()).toBe(1);
  });

  it('a card typed in the search is traced; the finished stock by card lists what is left', async () => {
    await page.goto('/trace');
    await page.getByTestId('trace-kind').click();
    await page.getByRole('option', { name: '流程卡' }).click();
    await page.getByTestId('trace-code').fill(chain.cards[1]!.show_id);
    await page.getByTestId('trace-code').press('Enter');
    await page.waitForURL(u => u.searchParams.get('code') === chain.cards[1]!.show_id);
    await expect.poll(() => page.getByTestId('trace-card').getAttribute('data-card')).toBe(chain.cards[1]!.show_id);
    await expect.poll(() => page.getByTestId('trace-forward-row').count()).toBe(1);

    await page.goto('/warehouses/cards');
    await page.getByTestId('finished-cards-keyword').fill(chain.run);
    await expect.poll(async () => (await page.getByTestId('finished-cards-row').evaluateAll(rows => rows.map(r => r.getAttribute('data-card')))))
      .toEqual([chain.cards[1]!.show_id, chain.cards[2]!.show_id]);
    expect(await page.getByTestId('finished-cards-row').nth(1).innerText()).toContain(`PK2${chain.run}`);
  });

  it('the finished-goods summary opens at its saved address as saved', async () => {
    // From yesterday: the chain's inspection was made 90 minutes before it, which after midnight is yesterday.
    const today = localDateString(new Date());
    const yesterday = localDateString(new Date(Date.now() - 86_400_000));
    const qs = encodeMonitorState({ range: [yesterday, today], path: [{ grouping: { key: 'customer' }, id: chain.customer.id, label: chain.customer.name }],
      chosen: null, columns: null });
    await page.goto(`/inventorydetails/summary/${qs}`);
    await page.getByTestId('monitor').waitFor();
    await expect.poll(() => page.getByTestId('monitor-path').innerText()).toContain(chain.customer.name);
    // Inspected, bad, checked in, delivered, on hand at the start and the end, of the customer's one order.
    const q = (v: number) => formatForReading(v, 'zh');
    await expect.poll(async () => (await page.getByTestId('monitor-total').locator('td').allTextContents()).slice(1).map(s => s.trim()), { timeout: 60_000 })
      .toEqual([q(48), q(3), q(110), q(80), q(0), q(30)]);
    // Saving again gives an address that opens the same.
    await page.getByTestId('monitor-save-link').click();
    await page.waitForURL(u => u.pathname.startsWith('/inventorydetails/summary/'));
    const saved = new URL(page.url()).pathname.slice('/inventorydetails/summary/'.length);
    expect(decodeMonitorState(saved, { range: [null, null], path: [], chosen: null, columns: null })).toMatchObject({
      range: [yesterday, today], path: [{ grouping: { key: 'customer' }, id: chain.customer.id, label: chain.customer.name }] });
  });
});
