import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pageFaults } from './browser';
import { idOf, shippedDelivery as shippedDeliveryAs } from './finance-fixtures';
import { callAs, logIn, serverCall, tr } from './helpers';

/**
 * The accountant's whole month in one story (docs/finance.md "Reconciliation", "Bills", "Print and export", "4. Bank
 * statement import", "5. Balances and aging", "invoices"), logged in as `finance` on the shared e2e server. A customer
 * of its own (made through the API at the start, with a unique name) had one delivery shipped this month: 70 and 40
 * at 2.55, 280.50 in all. The accountant
 *
 * 1. reconciles the customer's month on /payments/deliveries/{customer id}: both lines unbilled, their sum;
 * 2. builds its bill from there (/payments/build2), confirms it on /bills/edit/{id} and prints it: the sheet holds
 *    the total in Chinese capitals and the bill's check code;
 * 3. reads the customer's balance and aging on /payments/balances: 280.50 owed, all of it 0–30 days;
 * 4. imports the bank's statement on /payments/upload-excel — the repository's demo statement pays demo customers
 *    only, so the test writes one in its layout (title and account lines above the headers, a total line below)
 *    whose one payer is this customer paying the bill's amount — confirms the proposed mapping, accepts the proposed
 *    customer and posts it with allocation;
 * 5. sees the balance and the aging fall to nothing on /payments/balances, the receipt in "received";
 * 6. issues the VAT invoice for the bill on the invoices' create screen and sees the bill's uninvoiced amount drop.
 *
 * Every wait is on a condition; everything it looks for is its own (unique names, a new bank account), so the story
 * passes again on the same server.
 */
type Row = Record<string, unknown>;
const SLOW = { timeout: 30_000 };
/** The story's own tag in every name it makes, new for each run of the story (the server may have seen others). */
let RUN = '';
const newRun = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin = '';

/** A POST as the admin with an Idempotency-Key (a create); the reply's body. */
const call = (path: string, form?: Row) => callAs(admin, path, form);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** A figure as shown (grouping signs left out). */
const shown = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** A customer of a demo salesperson with one delivery shipped today: 70 and 40 at the order's 2.55 (280.50). */
const shippedDelivery = () => shippedDeliveryAs(admin, { name: `月结客户_${RUN}`, store: `FGM${RUN}`.slice(-20), price: 2.55 });

/**
 * A statement in the layout of the repository's demo file (server/seed/files/make-bank-statement.ts): a title line, an
 * account line, the headers 交易日期 … 余额, the lines, a total line. One payer is the customer paying `amount` today;
 * one is a debit (electricity), which is never posted.
 */
function statementFile(payer: string, amount: number): Buffer {
  const header = ['交易日期', '收入金额', '支出金额', '对方户名', '对方账号', '摘要', '流水号', '余额'];
  const ws = XLSX.utils.aoa_to_sheet([
    ['中国工商银行 账户交易明细'],
    ['账号：1202 0210 0900 8866 001', null, '户名：示范纸箱包装有限公司', null, null, '币种：人民币'],
    header,
    [`${today()} 09:30:00`, amount, null, payer, `6222 0212 ${RUN}`, '货款', `M${RUN}1`, 100_000 + amount],
    [`${today()} 10:00:00`, null, 120, '国网浙江省电力有限公司', '3301 0401 0000 2231', '电费', `M${RUN}2`, 100_000 + amount - 120],
    ['合计', amount, 120],
  ]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, '交易明细');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

beforeAll(async () => {
  browser = await launch();
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(pageFaults.splice(0)).toEqual([]);
});

async function accountant(): Promise<Page> {
  const { context, page } = await newPage(browser);
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  await logIn(page, 'finance', 'fin123');
  return page;
}

/** The customer's figures on /payments/balances (opened anew), as numbers: balance, received and the aging. */
async function balanceOf(page: Page, name: string): Promise<Record<string, number>> {
  await page.goto('/payments/balances');
  const row = page.getByTestId(`balance-${name}`);
  await row.waitFor(SLOW);
  const figures: Record<string, number> = {};
  for (const f of ['billed', 'received', 'credit', 'balance', 'outstanding', 'age_0_30', 'age_31_60']) {
    figures[f] = shown(await row.getByTestId(`balance-${f}`).textContent());
  }
  return figures;
}

/** The value in column `field` of the bills list's one row found by `showId` (the list opened anew). */
async function billCell(page: Page, showId: string, field: string): Promise<number> {
  // Wide enough for every column of the bills list: the grid renders only the columns in view.
  await page.setViewportSize({ width: 3600, height: 900 });
  await page.goto('/payments/bills');
  await page.getByTestId('resource-list').waitFor();
  await page.getByTestId('list-keyword').fill(showId);
  const rows = page.getByTestId('grid-row');
  await expect.poll(() => rows.count(), SLOW).toBe(1);
  await rows.filter({ hasText: showId }).waitFor();
  const headers = await page.locator('[data-testid^="grid-header-"]').evaluateAll(els => els.map(e => e.getAttribute('data-testid')));
  const index = headers.indexOf(`grid-header-${field}`);
  expect(index, headers.join(' ')).toBeGreaterThanOrEqual(0);
  // The row's first cell is its selection box.
  return shown(await rows.first().getByRole('gridcell').nth(index + 1).innerText());
}

describe('the accountant\'s whole month', () => {
  it('reconciles, bills, prints, imports the bank\'s statement, sees the balance fall and invoices the bill', { timeout: 300_000 }, async () => {
    RUN = newRun();
    const customer = await shippedDelivery();
    const bank = `月结流水${RUN}`;
    const bankId = idOf(await call('/banks/save/', { item: { name: bank, bank_name: '工商银行', currency: 'CNY' } }));
    expect(bankId).toBeGreaterThan(0);
    const page = await accountant();

    // 1. The customer's month: the note's two lines, unbilled; 70 × 2.55 + 40 × 2.55 = 280.50.
    await page.goto(`/payments/deliveries/${customer.id}`);
    await page.getByTestId('reconcile').waitFor();
    const rows = page.getByTestId('reconcile-row');
    await expect.poll(async () => [await page.locator(`[data-testid="reconcile-row"][data-delivery="${customer.note}"]`).count(),
      await rows.count()], SLOW).toEqual([2, 2]);
    expect(await page.locator('[data-testid="reconcile-row"][data-billed="0"]').count()).toBe(2);
    expect(await page.getByTestId('reconcile-sums').innerText()).toContain('280.50');

    // 2. Its bill, built from there, opens as a draft; confirmed, it reads only; printed, the sheet holds the total in
    //    capitals and the check code.
    await page.getByTestId('reconcile-build').click();
    await page.waitForURL(u => u.pathname === '/payments/build2');
    await expect.poll(() => page.getByTestId('build-preview-row').count(), SLOW).toBe(2);
    await page.getByTestId('build-submit').click();
    await page.waitForURL(u => /^\/bills\/edit\/\d+$/.test(u.pathname), SLOW);
    const entry = page.getByTestId('bill-entry');
    await expect.poll(() => entry.getAttribute('data-status'), SLOW).toBe('draft');
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(2);
    const billId = Number(new URL(page.url()).pathname.split('/').pop());
    const made = (await call(`/payments/bills/detail/?id=${billId}`)).dt as Row;
    const bill = { no: String(made.show_id), code: String(made.check_code) };
    expect(made).toMatchObject({ customer_id: customer.id, total: 280.5 });
    expect(await page.getByTestId('bill-total').innerText()).toBe('280.50');
    expect(await page.getByTestId('bill-capitals').innerText()).toBe('贰佰捌拾元伍角整');

    await page.getByTestId('bill-confirm').click();
    await page.getByTestId('bill-ask-yes').click();
    await expect.poll(() => entry.getAttribute('data-status'), SLOW).toBe('confirmed');
    await page.getByTestId('bill-read-only').waitFor();
    const sheet = page.waitForResponse(r => new URL(r.url()).pathname === '/prints/sheet/', SLOW);
    await page.getByTestId('bill-print-button').click();
    const html = await (await sheet).text();
    for (const text of ['贰佰捌拾元伍角整', `<b data-check-code>${bill.code}</b>`, bill.no, customer.note, customer.name]) {
      expect(html, text).toContain(text);
    }

    // 3. Before the money comes: the whole bill owed, all of it 0–30 days old.
    expect(await balanceOf(page, customer.name)).toMatchObject({ billed: 280.5, received: 0, credit: 0, balance: 280.5,
      outstanding: 280.5, age_0_30: 280.5, age_31_60: 0 });

    // 4. The bank's statement: the mapping proposed from the headers under the title lines, the customer proposed by
    //    name for the money in, posted with allocation.
    await page.goto('/payments/upload-excel');
    await page.getByTestId('statement-import').waitFor();
    await page.getByTestId('statement-bank').fill(bank);
    await page.getByRole('option', { name: bank, exact: true }).click();
    await page.getByTestId('statement-file-input').setInputFiles({ name: `流水${RUN}.xlsx`, mimeType: XLSX_TYPE,
      buffer: statementFile(customer.name, 280.5) });
    await page.getByTestId('statement-mapping').waitFor(SLOW);
    expect(await page.getByTestId('mapping-date_column').inputValue()).toBe('交易日期');
    expect(await page.getByTestId('mapping-credit_column').inputValue()).toBe('收入金额');
    await page.getByTestId('mapping-read').click();
    const lines = page.getByTestId('statement-line');
    await expect.poll(() => lines.evaluateAll(els => els.map(e => e.getAttribute('data-status'))), SLOW).toEqual(['new', 'new']);
    const paid = page.locator('[data-testid="statement-line"][data-row="4"]');
    await expect.poll(() => paid.getByTestId('line-customer').locator('input').first().inputValue(), SLOW).toBe(customer.name);
    expect(await paid.getByTestId('line-reason').innerText()).toBe(tr('zh', 'statement.reason.name'));
    // The proposal accepted: the money-in line is ticked, the debit cannot be.
    expect(await paid.getByTestId('line-pick').isChecked()).toBe(true);
    expect(await page.locator('[data-testid="statement-line"][data-row="5"]').getByTestId('line-pick').isChecked()).toBe(false);
    expect(await page.getByTestId('statement-allocate').isChecked()).toBe(true);
    await page.getByTestId('statement-post').click();
    await page.getByTestId('summary-posted').waitFor(SLOW);
    await expect.poll(() => paid.getAttribute('data-status'), SLOW).toBe('posted');
    expect(await page.getByTestId('summary-posted').innerText()).toContain('280.50');

    // 5. The balance and the aging after the receipt: nothing owed, the money received.
    await expect.poll(() => balanceOf(page, customer.name), SLOW).toMatchObject({ billed: 280.5, received: 280.5, credit: 0,
      balance: 0, outstanding: 0, age_0_30: 0, age_31_60: 0 });

    // 6. The VAT invoice for the bill: its uninvoiced amount drops from 280.50 to 80.50.
    expect(await billCell(page, bill.no, 'uninvoiced')).toBe(280.5);
    await page.goto('/invoices/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-bill_id').fill(bill.no);
    await page.getByRole('option', { name: bill.no, exact: true }).click();
    await page.getByTestId('field-invoice_no').fill(`FP${RUN}`);
    await page.getByTestId('field-date').click();
    await page.getByRole('button', { name: tr('zh', 'forms.dates.today'), exact: true }).click();
    await page.getByTestId('field-amount').fill('200');
    await page.getByTestId('save-button').click();
    await page.waitForURL(u => u.pathname !== '/invoices/create', SLOW);
    await expect.poll(() => billCell(page, bill.no, 'uninvoiced'), SLOW).toBe(80.5);
    expect(await billCell(page, bill.no, 'invoiced')).toBe(200);
  });
});
