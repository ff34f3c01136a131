import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pageFaults } from './browser';
import { callAs, logIn, serverCall } from './helpers';

/**
 * The accountant's receipt (docs/finance.md "Receipts and allocations", "Balances and aging"), on the shared e2e
 * server with the demo data: a customer of a demo salesperson has a confirmed bill of 1,000.00 dated 40 days ago (made
 * through the API); the accountant (finance) sees it owed on /payments/balances in the 31–60 days bucket, enters a
 * receipt of 600.00 on /payments/create, which then opens at its own page, allocates it automatically, and sees the
 * balance and the aging fall to 400.00 and the receipt allocated in full. Every wait is on a condition.
 */
type Row = Record<string, unknown>;
const RUN = Date.now().toString(36);

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin = '';

beforeAll(async () => {
  browser = await launch();
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(pageFaults.splice(0)).toEqual([]);
});

const call = (path: string, form?: Record<string, unknown>) => callAs(admin, path, form);
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A customer of a demo salesperson with one confirmed bill of 1,000 dated 40 days ago, and a bank account. */
async function owingCustomer(): Promise<{ id: number; name: string; bank: string }> {
  const saler = ((await call('/persons/list/?is_saler=true&limit=1')).dt as Row[])[0]!;
  const name = `回款客户${RUN}`;
  const customer = (await call('/customers/save/', { item: { name, saler_id: saler.id } })).dt as Row;
  const bank = `收款户${RUN}`;
  await call('/banks/save/', { item: { name: bank, bank_name: '建设银行', currency: 'CNY' } });
  const bill = (await call('/payments/bills/save/', { item: { customer_id: customer.id, date: day(-40), remark: '货款' } })).dt as Row;
  await call('/payments/bills/lines/save/', { item: { bill_id: bill.id, description: '纸箱', quantity: 1000, unit: '只', price: 1 } });
  const b = (await call(`/payments/bills/detail/?id=${String(bill.id)}`)).dt as Row;
  await call('/payments/bills/confirm/', { id: b.id, version: b.version });
  return { id: Number(customer.id), name, bank };
}

async function accountant(): Promise<Page> {
  const { context, page } = await newPage(browser);
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  await logIn(page, 'finance', 'fin123');
  return page;
}

/** The figure `f` of the customer's row on the balances screen, as shown. */
const figure = (page: Page, name: string, f: string) => page.getByTestId(`balance-${name}`).getByTestId(`balance-${f}`).textContent();

/** Picks `text` in a reference field by typing part of it and clicking the option. */
async function pick(page: Page, field: string, text: string): Promise<void> {
  await page.getByTestId(`field-${field}`).fill(text.slice(-6));
  await page.getByRole('option', { name: text }).first().click();
}

describe('a receipt entered by hand', () => {
  it('is allocated automatically and the customer\'s balance and aging follow', async () => {
    const customer = await owingCustomer();
    const page = await accountant();

    await page.goto('/payments/balances');
    await page.getByTestId(`balance-${customer.name}`).waitFor();
    await expect.poll(() => figure(page, customer.name, 'balance')).toBe('1,000.00');
    expect(await figure(page, customer.name, 'age_31_60')).toBe('1,000.00');
    expect(await figure(page, customer.name, 'age_0_30')).toBe('0.00');

    await page.goto('/payments/create');
    await page.getByTestId('resource-form').waitFor();
    await pick(page, 'bank_id', customer.bank);
    await page.getByTestId('field-date').click();
    await page.getByRole('button', { name: '今天' }).click();
    await pick(page, 'customer_id', customer.name);
    await page.getByTestId('field-amount').fill('600');
    await page.getByTestId('save-button').click();
    // Saved, the receipt opens at its own page, its allocation panel beside the form.
    await page.waitForURL(u => /^\/payments\/edit\/\d+$/.test(u.pathname));
    const made = (await call(`/payments/list/?limit=5&filter=${encodeURIComponent(JSON.stringify([{ field: 'customer_id', op: 'eq', value: customer.id }]))}`)).dt as Row[];
    expect(made).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe(`/payments/edit/${String(made[0]!.id)}`);
    const panel = page.getByTestId('allocation-panel');
    await panel.getByTestId('open-bills').waitFor();
    await expect.poll(() => panel.getByTestId('receipt-credit').textContent()).toBe('600.00');
    await panel.getByTestId('allocate-auto').click();
    await expect.poll(() => panel.getByTestId('receipt-allocated').textContent()).toBe('600.00');
    await expect.poll(() => panel.getByTestId('receipt-credit').textContent()).toBe('0.00');
    await expect.poll(() => panel.getByTestId('open-bill-outstanding').first().textContent()).toBe('400.00');

    await page.goto('/payments/balances');
    await page.getByTestId(`balance-${customer.name}`).waitFor();
    await expect.poll(() => figure(page, customer.name, 'balance')).toBe('400.00');
    expect(await figure(page, customer.name, 'received')).toBe('600.00');
    expect(await figure(page, customer.name, 'age_31_60')).toBe('400.00');
    expect(await figure(page, customer.name, 'credit')).toBe('0.00');
    await page.getByTestId(`balance-${customer.name}`).getByTestId('balance-detail').click();
    await expect.poll(() => page.getByTestId('open-items-bills').locator('tbody tr').count()).toBe(1);
  }, 120_000);
});
