import type { BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateRangeOf, dateRangeStrings } from '../../src/domain/rules/date-ranges';
import { formatForReading } from '../../src/domain/rules/numbers';
import { logIn, pagePerTest, serverCall, waitForServiceWorkerControl } from './helpers';

/**
 * The monitoring screens (issue 14) as a supervisor uses them on the demo plant: each opens on its figures, equal to
 * the server's SQL sums of the same range; the range changed by a §9 shortcut; a group drilled into; the table
 * exported and printed; and after a reload with the network cut, the same figures from the device's copy with the
 * time of their data.
 */
let context: BrowserContext;
let page: Page;

pagePerTest(s => { ({ context, page } = s); }, { serviceWorker: true });

let session = '';
beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'supervisor', password: 'super123' } })).body.sessionid);
});

/** The server's sums of a source by one key over a range (`GET /reports/totals/…`). */
async function sqlTotal(source: string, group: string, [from, to]: [string, string]): Promise<Record<string, number | null>> {
  return (await sqlTotals(source, group, [from, to])).sums;
}

async function sqlTotals(source: string, group: string, [from, to]: [string, string]): Promise<{ facts: number; sums: Record<string, number | null> }> {
  const r = await serverCall(`/reports/totals/${source}/?from=${from}&to=${to}&group=${group}`, { sessionid: session });
  expect(r.status).toBe(200);
  return r.body.total as { facts: number; sums: Record<string, number | null> };
}

/** The total row's cells (after the label). */
async function totalCells(): Promise<string[]> {
  return (await page.getByTestId('monitor-total').locator('td').allTextContents()).slice(1).map(s => s.trim());
}

describe('monitoring screens', () => {
  it('open on the server\'s figures, follow the range, drill down, export and print', async () => {
    await logIn(page, 'supervisor', 'super123');
    // Every monitoring screen opens on the last 30 days (the "last month" shortcut), its total the database's.
    for (const [path, source, group, measure] of [
      ['/devices/stat', 'steps', 'device', 'good'], ['/orders/cards_customers', 'steps', 'customer', 'good'],
      ['/orders/cards_salers', 'steps', 'saler', 'good'], ['/items/stat', 'steps', 'item', 'good'],
      ['/orders/cards_nodes?view=report', 'steps', 'worknode', 'good'], ['/persons/taplogs?view=report', 'taps', 'worknode', 'good'], ['/reports/production', 'works', 'worknode', 'quantity'],
      ['/reports/products', 'inspections', 'item', 'quantity'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('monitor').waitFor();
      const sql = await sqlTotals(source, group, dateRangeStrings(dateRangeOf('month', new Date())));
      await page.getByTestId('monitor-asof').waitFor({ timeout: 30_000 });
      if (sql.facts === 0) {
        await page.getByTestId('monitor-empty').waitFor();
        continue;
      }
      await expect.poll(() => page.getByTestId('monitor-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // Column 1 after the label is the facts' count, column 2 the chosen sum (thousands grouped as zh writes them).
      await expect.poll(async () => (await totalCells()).slice(0, 2), { timeout: 30_000 })
        .toEqual([formatForReading(sql.facts, 'zh', 0), formatForReading(sql.sums[measure]!, 'zh')]);
    }

    // The range by the "last week" shortcut: the figures follow.
    await page.goto('/items/stat');
    await expect.poll(() => page.getByTestId('monitor-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('grid-date-range').click();
    await page.getByRole('button', { name: '最近一周' }).click();
    const week = await sqlTotal('steps', 'item', dateRangeStrings(dateRangeOf('week', new Date())));
    await expect.poll(async () => (await totalCells())[1]).toBe(formatForReading(week.good!, 'zh'));

    // Drill into the first item: its rows are its work steps, and their total is the item's row.
    const first = page.getByTestId('monitor-row').first();
    const itemCells = (await first.locator('td').allTextContents()).slice(1).map(s => s.trim());
    await first.click();
    await page.getByTestId('monitor-path').waitFor();
    await expect.poll(() => totalCells()).toEqual(itemCells);

    // The spreadsheet, named after the screen and the day: a title row, a row per group, the total.
    const rows = await page.getByTestId('monitor-row').count();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('monitor-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^[^/\\]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(download.suggestedFilename()).not.toBe('excel.xlsx');
    const wb = XLSX.read(await readFile((await download.path())!));
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(sheet).toHaveLength(rows + 2);

    // The print view: the same table, printed with the browser's dialog (captured when print() is called).
    await page.evaluate(() => {
      const w = window as unknown as { __printed?: number; __title?: string; print: () => void };
      w.print = () => {
        w.__printed = document.querySelectorAll('[data-testid="monitor-print-view"] tbody tr').length;
        w.__title = document.querySelector('[data-testid="monitor-print-view"] h3')?.textContent ?? '';
      };
    });
    await page.getByTestId('monitor-print').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: number }).__printed)).toBe(rows + 1);
    // Headed with the screen's own title, never a raw key (issue 30: "pages.machine_stat" in every language).
    expect(await page.evaluate(() => (window as unknown as { __title?: string }).__title)).toBe('产品加工统计');

    // Narrowed to one work node by the filter: it joins the drill path, and the figures are that node's.
    await page.getByTestId('monitor-path').getByText('全部').click();
    await expect.poll(() => page.getByTestId('monitor-path').count()).toBe(0);
    await page.getByTestId('monitor-narrow-key').click();
    await page.getByRole('option', { name: '工序' }).click();
    await page.getByTestId('monitor-narrow-value').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('monitor-path').waitFor();
    await expect.poll(() => page.getByTestId('monitor-row').count()).toBeGreaterThan(0);

    // Pivoted by day: rows × days of the chart's measure, its grand total the table's.
    const tableTotal = (await totalCells())[1];
    await page.getByTestId('monitor-columns').click();
    await page.getByRole('option', { name: '日期' }).click();
    await page.getByTestId('monitor-pivot').waitFor();
    await expect.poll(async () => (await page.getByTestId('monitor-pivot-total').locator('td').last().textContent())?.trim()).toBe(tableTotal);
  }, 240_000);

  it('reads offline after one visit, each screen with the same figures and the time of their data', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await logIn(page, 'supervisor', 'super123');
    const paths = ['/devices/stat', '/orders/cards_customers', '/orders/cards_salers', '/items/stat', '/reports/production',
      '/orders/cards_nodes?view=report'];
    const online = new Map<string, string[]>();
    for (const path of paths) {
      await page.goto(path);
      await page.getByTestId('monitor-asof').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('monitor-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      online.set(path, await totalCells());
    }

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('monitor').waitFor({ timeout: 30_000 });
    for (const path of paths) {
      await page.goto(path);
      await page.getByTestId('monitor-offline').waitFor({ timeout: 30_000 });
      await expect.poll(() => totalCells(), { timeout: 30_000 }).toEqual(online.get(path));
      expect(await page.getByTestId('monitor-offline').textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    }
    await context.setOffline(false);
  }, 240_000);

  it('the queries search across a card\'s surroundings, and the to-do list shows what waits', async () => {
    await logIn(page, 'supervisor', 'super123');
    const card = ((await serverCall('/orders/cards/list/?limit=1&sort=id', { sessionid: session })).body.dt as { show_id: string }[])[0]!;
    await page.goto('/query/cards');
    await page.getByTestId('query-screen').waitFor();
    await page.getByTestId('query-anywhere').fill(card.show_id);
    await expect.poll(() => page.getByTestId('grid-row').count(), { timeout: 30_000 }).toBe(1);

    await page.goto('/todos/list');
    await page.getByTestId('todos').waitFor();
    await expect.poll(() => page.getByTestId('todo-group').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const queued = page.locator('[data-testid="todo-group"][data-kind="cards_queued"]');
    await queued.getByTestId('todo-entry').first().locator('a').click();
    await page.waitForURL(u => u.pathname === '/orders/cards_nodes');
  }, 120_000);
});

