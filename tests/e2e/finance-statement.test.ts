import type { Browser, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pageFaults } from './browser';
import { callAs, logIn, serverCall } from './helpers';

/**
 * The bank statement import as the accountant walks it (docs/finance.md "4. Bank statement import"), on the shared e2e
 * server with the demo data: the demo statement file of the repository (server/seed/files/bank-statement-demo.xlsx,
 * payers among the demo customers) dropped for a new bank account; the mapping proposed from its Chinese headers and
 * confirmed; the lines with their proposed customers; the proposals accepted and posted; the receipts in
 * /payments/list; the same file again adds nothing and asks for no mapping. Every wait is on a condition.
 */
const SLOW = { timeout: 30_000 };
const DEMO_FILE = fileURLToPath(new URL('../../server/seed/files/bank-statement-demo.xlsx', import.meta.url));
type Row = Record<string, unknown>;

let browser: Browser;
let admin = '';
let bank = { id: 0, name: '' };
let other = { id: 0, name: '' };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launch();
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
  const name = `E2E流水${Date.now().toString(36)}`;
  const made = await callAs(admin, '/banks/save/', { item: { name, bank_name: '工商银行', currency: 'CNY' } });
  bank = { id: Number((made.dt as Row).id), name };
  const second = await callAs(admin, '/banks/save/', { item: { name: `${name}乙`, bank_name: '建设银行', currency: 'CNY' } });
  other = { id: Number((second.dt as Row).id), name: `${name}乙` };
});
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  expect(pageFaults.splice(0)).toEqual([]);
});

async function openImport(account = bank): Promise<Page> {
  const { context, page } = await newPage(browser);
  context.setDefaultTimeout(30_000);
  closers.push(() => context.close());
  await logIn(page);
  await page.goto('/payments/upload-excel');
  await page.getByTestId('statement-import').waitFor();
  await page.getByTestId('statement-bank').fill(account.name);
  await page.getByRole('option', { name: account.name, exact: true }).click();
  return page;
}

async function dropDemoFile(page: Page): Promise<void> {
  await page.getByTestId('statement-file-input').setInputFiles({
    name: 'bank-statement-demo.xlsx', buffer: await readFile(DEMO_FILE),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

const statuses = (page: Page) => page.getByTestId('statement-line').evaluateAll(els => els.map(e => e.getAttribute('data-status')));
const customerAt = async (page: Page, row: number) => {
  const cell = page.locator(`[data-testid="statement-line"][data-row="${row}"] [data-testid="line-customer"]`);
  const input = cell.locator('input');
  return (await input.count()) > 0 ? input.first().inputValue() : (await cell.textContent()) ?? '';
};

describe('bank statement import', () => {
  it('imports the demo statement, proposes the demo customers, posts the accepted lines as receipts', async () => {
    const page = await openImport();
    await dropDemoFile(page);

    // First file of this bank: the mapping step, proposed from the headers below the title lines.
    await page.getByTestId('statement-mapping').waitFor(SLOW);
    expect(await page.getByTestId('mapping-date_column').inputValue()).toBe('交易日期');
    expect(await page.getByTestId('mapping-credit_column').inputValue()).toBe('收入金额');
    expect(await page.getByTestId('mapping-debit_column').inputValue()).toBe('支出金额');
    await page.getByTestId('mapping-read').click();

    await expect.poll(() => statuses(page), SLOW).toEqual(Array(9).fill('new'));
    // The payers who are demo customers are proposed: by full name, and by a name with a department added.
    const proposed = await Promise.all([4, 6, 7, 10, 11].map(r => customerAt(page, r)));
    expect(proposed.every(n => n.endsWith('有限公司'))).toBe(true);
    expect(proposed[0]).toBe(proposed[4]);
    expect(await customerAt(page, 8)).toBe('');

    await page.getByTestId('statement-post').click();
    await page.getByTestId('summary-posted').waitFor(SLOW);
    await expect.poll(async () => (await statuses(page)).filter(s => s === 'posted').length, SLOW).toBe(5);

    // The receipts: one per posted line, on this bank, each with its customer.
    const receipts = (await callAs(admin, `/payments/list/?limit=50&filter=${encodeURIComponent(JSON.stringify([
      { field: 'bank_id', op: 'eq', value: bank.id }]))}`)).dt as Row[];
    expect(receipts).toHaveLength(5);
    expect(receipts.every(r => r.customer_id !== null && r.statementline_id !== null)).toBe(true);
    const numbers = receipts.map(r => String(r.show_id));

    // …and in the receipts' list.
    await page.getByTestId('statement-to-receipts').click();
    await page.waitForURL(u => u.pathname === '/payments/list');
    await expect.poll(() => page.getByText(numbers[0]!, { exact: true }).count(), SLOW).toBeGreaterThan(0);
  }, 120_000);

  it('the same file again stores nothing, needs no mapping, and shows the lines as posted', async () => {
    const page = await openImport();
    await dropDemoFile(page);
    await page.getByTestId('summary-imported').waitFor(SLOW);
    expect(await page.getByTestId('statement-mapping').count()).toBe(0);
    expect((await page.getByTestId('summary-imported').textContent()) ?? '').toMatch(/0.*9/);
    await expect.poll(async () => (await statuses(page)).filter(s => s === 'posted').length, SLOW).toBe(5);
    const receipts = (await callAs(admin, `/payments/list/?limit=50&filter=${encodeURIComponent(JSON.stringify([
      { field: 'bank_id', op: 'eq', value: bank.id }]))}`)).dt as Row[];
    expect(receipts).toHaveLength(5);
  }, 120_000);

  it('a csv with one signed amount column: the mapping asked, a row that cannot be read shown by its row, a line ignored', async () => {
    const page = await openImport(other);
    const csv = `记账日期,交易金额,对方户名,用途,交易流水号\n2026-11-10,"2,500.00",某某商行,货款,CSV${Date.now()}\n2026-13-01,10,谁,x,CSVBAD\n`;
    await page.getByTestId('statement-file-input').setInputFiles({ name: '流水.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('statement-mapping').waitFor(SLOW);
    expect(await page.getByTestId('mapping-amount_column').inputValue()).toBe('交易金额');
    await page.getByTestId('mapping-read').click();

    await expect.poll(() => statuses(page), SLOW).toEqual(['new']);
    expect(await page.getByTestId('statement-row-errors').textContent()).toContain('第 3 行：日期无法识别');
    await page.getByTestId('line-pick').first().check();
    await page.getByTestId('statement-ignore').click();
    await expect.poll(() => statuses(page), SLOW).toEqual(['ignored']);
    const lines = (await callAs(admin, `/payments/statementlines/list/?limit=10&filter=${encodeURIComponent(JSON.stringify([
      { field: 'bank_id', op: 'eq', value: other.id }]))}`)).dt as Row[];
    expect(lines.map(l => [l.amount, l.status])).toEqual([[2500, 'ignored']]);
  }, 120_000);
});
