import type { BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateRangeOf, dateRangeStrings } from '../../src/domain/rules/date-ranges';
import { localDateString } from '../../src/domain/rules/date-single';
import { formatForReading } from '../../src/domain/rules/numbers';
import { logIn, pagePerTest, serverCall, waitForServiceWorkerControl } from './helpers';

/**
 * The stock views (issue 31 item 5, docs/stock.md "Views") as the demo's storekeeper uses them: the stock report opens
 * on the last month with the opening of its first day and the closing of today, equal to the server's sums; drilled
 * from an item to its warehouses and days, the first day opening at the warehouse's opening and the last closing at its
 * closing; exported; and read again offline after a reload, from the device's copy. An item's query shows its stock per warehouse and its last movements as the API lists them.
 */
let context: BrowserContext;
let page: Page;
pagePerTest(s => { ({ context, page } = s); }, { serviceWorker: true });

let session = '';
beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'store', password: 'store123' } })).body.sessionid);
});

async function api(path: string): Promise<Record<string, unknown>> {
  const r = await serverCall(path, { sessionid: session });
  expect(r.status, path).toBe(200);
  return r.body;
}

type Sums = Record<string, number | null>;
const totalOf = async (source: string, from: string, to: string, group: string): Promise<Sums> =>
  ((await api(`/reports/totals/${source}/?from=${from}&to=${to}&group=${group}`)).total as { sums: Sums }).sums;

const cells = async (testId: string, at = 0): Promise<string[]> =>
  (await page.getByTestId(testId).nth(at).locator('td').allTextContents()).slice(1).map(s => s.trim());

const q = (v: number | null | undefined) => formatForReading(v ?? 0, 'zh');
const money = (v: number | null | undefined) => formatForReading(v ?? 0, 'zh', 2, 2);

describe('stock views', () => {
  it('the stock report: opening, in, out and closing of the last month as the server sums them; drilled; exported', async () => {
    await logIn(page, 'store', 'store123');
    const [from, to] = dateRangeStrings(dateRangeOf('month', new Date()));
    const tomorrow = (() => { const d = new Date(); return localDateString(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)); })();
    const opening = await totalOf('stockopening', from, from, 'item');
    const moves = await totalOf('stockmoves', from, to, 'item');
    const closing = await totalOf('stockopening', tomorrow, tomorrow, 'item');
    expect(moves.received).toBeGreaterThan(0);
    expect(opening.quantity).toBeGreaterThan(0);

    await page.goto('/reports/warehouses');
    await page.getByTestId('monitor').waitFor();
    await expect.poll(() => page.getByTestId('monitor-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => cells('monitor-total'), { timeout: 30_000 }).toEqual([
      q(opening.quantity), q(moves.received), q(moves.issued), q(closing.quantity),
      money(opening.value), money(moves.value_received), money(moves.value_issued), money(closing.value),
    ]);

    // The first item: its warehouses, then the days of the first, carried from the warehouse's opening to its closing.
    const itemRow = await cells('monitor-row');
    await page.getByTestId('monitor-row').first().click();
    await page.getByTestId('monitor-path').waitFor();
    await expect.poll(() => cells('monitor-total')).toEqual(itemRow);
    const warehouse = await cells('monitor-row');
    await page.getByTestId('monitor-row').first().click();
    await expect.poll(() => page.getByTestId('monitor-path').locator('a').count()).toBe(3);
    await expect.poll(() => page.getByTestId('monitor-row').count()).toBeGreaterThan(0);
    const days = await page.getByTestId('monitor-row').count();
    expect((await cells('monitor-row', 0))[0]).toBe(warehouse[0]);
    expect((await cells('monitor-row', days - 1))[3]).toBe(warehouse[3]);
    expect((await cells('monitor-total'))[3]).toBe(warehouse[3]);

    // The spreadsheet of the level: a title row, a row per day, the total.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('monitor-export').click()]);
    const wb = XLSX.read(await readFile((await download.path())!));
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(sheet).toHaveLength(days + 2);
    expect(sheet[0]).toEqual(['日期', '期初数量', '入库数量', '出库数量', '期末数量', '期初金额', '入库金额', '出库金额', '期末金额']);
  });

  it('the stock report reads offline after one visit: the same figures, the time of their data', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await logIn(page, 'store', 'store123');
    await page.goto('/reports/warehouses');
    await page.getByTestId('monitor-asof').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('monitor-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const online = await cells('monitor-total');
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('monitor-offline').waitFor({ timeout: 30_000 });
    await expect.poll(() => cells('monitor-total'), { timeout: 30_000 }).toEqual(online);
    await context.setOffline(false);
  }, 120_000);

  it('an item\'s query: its stock per warehouse and its last movements as the API lists them', async () => {
    await logIn(page, 'store', 'store123');
    const top = (await api('/warehouses/inventory/list/?limit=1&sort=-value')).dt as { item_id: number }[];
    const item = top[0]!.item_id;
    const stock = await api(`/warehouses/inventory/list/?item_id=${item}&limit=-1&totals=1`);
    const rows = (stock.dt as { quantity: number }[]).filter(r => r.quantity !== 0);
    const totals = stock.totals as { quantity: number; value: number };
    const moves = (await api(`/warehouse/movements/list/?item_id=${item}&limit=20&sort=-id`)).dt as { doc_show_id: string; quantity: number }[];

    await page.goto(`/items/query?item=${item}`);
    await page.getByTestId('item-query').waitFor();
    await expect.poll(() => page.getByTestId('item-query-warehouse').count(), { timeout: 30_000 }).toBe(rows.length);
    const total = page.getByTestId('item-query-warehouse-total');
    await expect.poll(async () => [await total.getByTestId('quantity').textContent(), await total.getByTestId('value').textContent()])
      .toEqual([formatForReading(totals.quantity, 'zh', 4), formatForReading(totals.value, 'zh', 2, 2)]);
    await expect.poll(() => page.getByTestId('item-query-move').count()).toBe(moves.length);
    const first = page.getByTestId('item-query-move').first();
    expect(await first.getByRole('link').textContent()).toBe(moves[0]!.doc_show_id);
    expect(await first.getByTestId('quantity').textContent()).toBe(formatForReading(moves[0]!.quantity, 'zh', 4));
    // The storekeeper may see the open orders and formula uses (decision 183): no section is refused.
    await expect.poll(() => page.locator('[data-testid$="-denied"]').count()).toBe(0);
    for (const part of ['item-query-orders', 'item-query-formulas', 'item-query-places']) {
      await expect.poll(() => page.getByTestId(part).locator('table, [data-testid$="-empty"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    }
  });
});
