import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, cspViolations, launch, watchCsp } from './browser';
import { callAs, serverCall, waitForServiceWorkerControl } from './helpers';
import { scanAsReader } from './reader';

/**
 * The stocktake on a handheld (issue 31 item 4, docs/stock.md "Stocktake") as a storekeeper counts: the handheld logs
 * in as its terminal on a tablet's screen and opens a new count of a warehouse; the network goes; 30 lines are
 * counted by scanning a position label, then items, typing each quantity; the page is reloaded without the network
 * and opens the same count at the same position with its 30 queued lines; 20 more are counted; the network comes
 * back and the 50 lines reach the server once; the differences are posted and the stock is what was counted.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  expect(cspViolations.splice(0)).toEqual([]);
});

type Row = Record<string, unknown>;
let admin = '';

const call = (path: string, form?: Record<string, unknown>): Promise<Row> => callAs(admin, path, form);
const list = async (path: string, filter: unknown[]) =>
  (await call(`${path}?limit=1000&filter=${encodeURIComponent(JSON.stringify(filter))}`)).dt as Row[];

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const ITEMS = 5;

/**
 * A warehouse of its own with two positions, five items, each with 10 on the book at the first position; a handheld
 * terminal for stocktakes and its enrolment code.
 */
async function plant() {
  const wh = (await call('/warehouses/save/', { code: `E2EW${RUN}`, name: `E2E盘点仓${RUN}` })).dt as Row;
  const positions: { id: number; code: string }[] = [];
  for (const n of [1, 2]) {
    const code = `E2EP${RUN}${n}`;
    const p = (await call('/warehouses/positions/save/', { warehouse_id: wh.id, code, name: `库位${n}` })).dt as Row;
    positions.push({ id: p.id as number, code });
  }
  const items: { id: number; code: string }[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const code = `E2EST${RUN}${i}`;
    const it = (await call('/items/save/', { code, name: `盘点物料${i}`, unit: '卷' })).dt as Row;
    items.push({ id: it.id as number, code });
  }
  const doc = await call('/warehouses/stockdocs/save/', { item: { kind: 'in', warehouse_id: wh.id } });
  for (const it of items) await call('/warehouses/stocklines/save/', { item: { doc_id: doc.id, item_id: it.id, position_id: positions[0]!.id, quantity: 10, unit_cost: 3 } });
  const [d] = await list('/warehouses/stockdocs/list/', [{ field: 'id', op: 'eq', value: doc.id }]);
  await call('/warehouses/stockdocs/post/', { id: doc.id, version: d!.version });
  const terminal = `E2E-PDA-${RUN}`;
  const pc = (await call('/computers/save/', { code: terminal, name: `E2E 盘点手持机 ${RUN}`, screen: 'count' })).dt as Row;
  const enrol = String((await call('/computers/enrol/', { id: pc.id })).code);
  return { warehouse: wh.id as number, positions, items, terminal, enrol };
}

const scan = (code: string) => scanAsReader(context, page, code);
const linesShown = () => page.getByTestId('stocktake-lines').getAttribute('data-count').catch(() => '0');

/** Counts `n` lines at the current position: the items in turn, one each. */
async function countLines(items: readonly { code: string }[], from: number, n: number): Promise<void> {
  for (let k = from; k < from + n; k++) {
    await scan(items[k % items.length]!.code);
    const qty = page.getByTestId('stocktake-quantity');
    await qty.waitFor();
    await qty.fill('1');
    await qty.press('Enter');
    await expect.poll(linesShown).toBe(String(k + 1));
  }
}

beforeAll(async () => {
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});

describe('the stocktake handheld', () => {
  it('counts 50 lines across an offline reload and posts them once, with the right differences', { timeout: 300_000 }, async () => {
    const { warehouse, positions, items, terminal, enrol } = await plant();
    context = await browser.newContext({ locale: 'zh-CN', baseURL: appUrl(), viewport: { width: 800, height: 1280 }, hasTouch: true });
    await watchCsp(context);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();

    // The handheld logs in once as its terminal, as the storekeeper, and lands on the stocktake.
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await page.locator('input[name=username]').fill('store');
    await page.locator('input[name=password]').fill('store123');
    await page.getByTestId('login-terminal').fill(terminal);
    await page.getByTestId('login-enrol').fill(enrol);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(u => u.pathname === '/warehouses/count');
    await page.getByTestId('stocktake').waitFor();

    // A new count of the warehouse, opened while online.
    await page.getByTestId('stocktake-warehouse').click();
    await page.getByRole('option', { name: new RegExp(`E2EW${RUN}`) }).click();
    await page.getByTestId('stocktake-create').click();
    await page.waitForURL(u => u.searchParams.has('doc'));
    const doc = Number(new URL(page.url()).searchParams.get('doc'));
    // The offline copy (positions, items) arrives in the background after the login.
    await page.locator('[data-testid="stocktake-sheet"][data-ready="true"]').waitFor({ timeout: 90_000 });
    await scan(positions[0]!.code);
    await expect.poll(async () => `${await page.getByTestId('stocktake-position').getAttribute('data-code')}|${
      await page.getByTestId('stocktake-notice').textContent().catch(() => '')}`).toBe(`${positions[0]!.code}|`);

    await context.setOffline(true);
    // 25 lines at the first position (5 of each item, where the book says 10), then 5 at the second (none on the book).
    await countLines(items, 0, 25);
    await scan(positions[1]!.code);
    await expect.poll(() => page.getByTestId('stocktake-position').getAttribute('data-code')).toBe(positions[1]!.code);
    await countLines(items, 25, 5);
    await expect.poll(() => page.getByTestId('stocktake-pending').getAttribute('data-pending')).toBe('30');

    // Reloaded without the network: the same count, the same position, its 30 queued lines.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.locator(`[data-testid="stocktake-sheet"][data-doc="${doc}"][data-ready="true"]`).waitFor()
      .catch(async (e: unknown) => { throw new Error(`${String(e)}\n${await page.locator('body').innerText()}`); });
    await expect.poll(() => page.getByTestId('stocktake-position').getAttribute('data-code')).toBe(positions[1]!.code);
    await expect.poll(linesShown).toBe('30');
    expect(await page.locator('[data-testid="stocktake-lines"] tr[data-state="queued"]').count()).toBe(30);
    await countLines(items, 30, 20);
    await expect.poll(() => page.getByTestId('stocktake-pending').getAttribute('data-pending')).toBe('50');

    // Back online: the queue drains, and the lines are the server's.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('stocktake-pending').getAttribute('data-pending'), { timeout: 120_000, interval: 1000 }).toBe('0');
    await expect.poll(() => page.locator('[data-testid="stocktake-lines"] tr[data-state="saved"]').count(), { timeout: 60_000 }).toBe(50);

    const lines = await list('/warehouses/stocklines/list/', [{ field: 'doc_id', op: 'eq', value: doc }]);
    expect(lines).toHaveLength(50);
    const computers = await list('/computers/list/', [{ field: 'code', op: 'eq', value: terminal }]);
    const facts = await list('/sync/facts/list/', [{ field: 'computer_id', op: 'eq', value: computers[0]!.id }]);
    expect(facts).toHaveLength(50);
    expect(facts.every(f => f.status === 'applied' && f.name === 'count')).toBe(true);

    // The differences, posted from the handheld.
    await page.getByText('盘点差异').click();
    await page.getByTestId('stocktake-post').click();
    await page.getByTestId('stocktake-notice').filter({ hasText: '已过账' }).waitFor().catch(async (e: unknown) => { throw new Error(`${String(e)}\nNOTICE: ${await page.getByTestId('stocktake-notice').allInnerTexts().then(t => t.join('|'))}\nBODY: ${(await page.locator('body').innerText()).slice(0, 1500)}`); });
    const moves = await list('/warehouse/movements/list/', [{ field: 'doc_id', op: 'eq', value: doc }]);
    // Each item: 5 found of 10 at the first position (−5), 5 found where the book had none (+5).
    expect(moves).toHaveLength(ITEMS * 2);
    const lots = await list('/warehouses/stocklots/list/', [{ field: 'warehouse_id', op: 'eq', value: warehouse }]);
    for (const it of items) {
      for (const p of positions) {
        const at = lots.filter(l => l.item_id === it.id && l.position_id === p.id);
        expect(at.reduce((s, l) => s + Number(l.quantity), 0), `${it.code} at ${p.code}`).toBe(5);
      }
    }
  });
});
