import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, pageFaults } from './browser';
import { callAs, logIn, serverCall, tr } from './helpers';
import { shippedDelivery as shippedDeliveryAs } from './finance-fixtures';
import { decodeQrCodes } from './qr';

/**
 * The accountant's month (docs/finance.md "Reconciliation", "Bills", "Print and export", "9."), as the finance role
 * walks it on the shared e2e server: a customer of its own (made through the API at the start) had one delivery
 * shipped this month, of two lines, one delivered at a price that is no longer the order's. The accountant
 *
 * 1. reconciles the customer's month at /payments/deliveries_all: both lines unbilled, the changed price marked, the sums;
 * 2. builds its bill from there (/payments/build2), which opens at /bills/edit/:id;
 * 3. adjusts a line: without a reason the server's refusal is shown in the user's language; with one the total follows;
 * 4. confirms it (read-only from then on) and prints it: the printed sheet shows the total in Chinese capitals and the
 *    bill's check code; its QR code, decoded and opened without a login, shows the customer the bill (and a wrong code
 *    shows nothing);
 * 5. finds it in /query/bills by the delivery note's number; the package reconciliation has none of its lines (they
 *    left loose);
 * 6. prints the bills ticked on the list of bills;
 * 7. writes a credit note by hand at /payments/bills_other: a line of one negative amount, the total in capitals with 负.
 *
 * The steps share what they made (a step fails when the one before it did). Every wait is on a condition.
 */
type Row = Record<string, unknown>;
const SLOW = { timeout: 30_000 };
const RUN = Date.now().toString(36);

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin = '';

/** A new browser context as `user`, logged in without the login page. */
async function pageAs(user: string, password: string): Promise<Page> {
  const { context, page } = await newPage(browser);
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  await logIn(page, user, password);
  return page;
}

/** A POST as the admin with an Idempotency-Key (a create, or a call that needs one); the reply's body. */
const call = (path: string, form?: Row) => callAs(admin, path, form);

/** What the story made, step by step. */
const story = { customer: '', customerId: 0, note: '', bill: { id: 0, no: '', code: '' } };

/** The rows of the first sheet of the spreadsheet a click downloads. */
async function downloaded(page: Page, testId: string): Promise<unknown[][]> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId(testId).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = XLSX.read(await readFile((await download.path())!));
  return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
}

/** A customer with one shipped delivery this month: 70 at the order's 2.5 and 40 at 3.3333 (the order says 2.5). */
async function shippedDelivery(): Promise<void> {
  const made = await shippedDeliveryAs(admin, { name: `对账客户_${RUN}`, store: `FGB${RUN}`.slice(-20), price: 2.5, secondPrice: 3.3333 });
  story.customer = made.name;
  story.customerId = made.id;
  story.note = made.note;
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

describe('the accountant\'s month', () => {
  it('reconciles a customer\'s month, builds its bill, adjusts a line with a reason, confirms and prints it', { timeout: 300_000 }, async () => {
    await shippedDelivery();
    const page = await pageAs('finance', 'fin123');

    // 1. The month's lines of the customer: both unbilled, the repriced one marked, the sums of both.
    await page.goto('/payments/deliveries_all');
    await page.getByTestId('reconcile').waitFor();
    await page.getByTestId('reconcile-customer').fill(story.customer);
    await page.getByRole('option', { name: story.customer, exact: true }).click();
    // (Until the customer's lines are asked, every customer's are listed: wait for its two rows alone.)
    const rows = page.locator(`[data-testid="reconcile-row"][data-delivery="${story.note}"]`);
    await expect.poll(async () => [await rows.count(), await page.getByTestId('reconcile-row').count()], SLOW).toEqual([2, 2]);
    expect(await page.locator('[data-testid="reconcile-row"][data-billed="0"]').count()).toBe(2);
    expect(await page.locator('[data-testid="reconcile-row"][data-price-changed="1"]').count()).toBe(1);
    // 70 × 2.5 + 40 × 3.3333 = 308.332, shown at 2 decimals.
    expect(await page.getByTestId('reconcile-sums').innerText()).toContain('308.33');
    // Exported: the same two rows under the columns' titles.
    const lines = await downloaded(page, 'reconcile-export');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map(r => r[0])).toEqual([story.note, story.note]);

    // 2. Build its bill: the preview lists the two lines; the bill opens as a draft.
    await page.getByTestId('reconcile-build').click();
    await page.waitForURL(u => u.pathname === '/payments/build2');
    await expect.poll(() => page.getByTestId('build-preview-row').count(), SLOW).toBe(2);
    await page.getByTestId('build-submit').click();
    await page.waitForURL(u => /^\/bills\/edit\/\d+$/.test(u.pathname), SLOW);
    const entry = page.getByTestId('bill-entry');
    await expect.poll(() => entry.getAttribute('data-status'), SLOW).toBe('draft');
    await expect.poll(() => page.getByTestId('bill-line').count()).toBe(2);
    story.bill.id = Number(new URL(page.url()).pathname.split('/').pop());
    const bill = (await call(`/payments/bills/detail/?id=${story.bill.id}`)).dt as Row;
    story.bill.no = String(bill.show_id);
    story.bill.code = String(bill.check_code);
    expect(await page.getByTestId('bill-check-code').innerText()).toBe(story.bill.code);

    // 3. The second line rounded down by 8.332: refused without a reason (the server's message, in Chinese), then saved with one.
    const line = page.locator('[data-testid="bill-line"][data-line="2"]');
    await line.getByTestId('bill-line-adjustment').fill('-8.332');
    await line.getByTestId('bill-line-save').click();
    await expect.poll(async () => (await page.getByTestId('bill-error').allInnerTexts()).join(' '), SLOW).toContain('调整原因');
    await line.getByTestId('bill-line-adjustment_reason').fill('抹零');
    await line.getByTestId('bill-line-save').click();
    await expect.poll(() => page.getByTestId('bill-total').innerText(), SLOW).toBe('300.00');
    expect(await page.getByTestId('bill-capitals').innerText()).toBe('叁佰元整');

    // The customer's own reconciliation now shows both lines billed by this bill.
    await page.goto(`/payments/deliveries/${story.customerId}`);
    await expect.poll(async () => [await page.locator('[data-testid="reconcile-row"][data-billed="1"]').count(),
      await page.getByTestId('reconcile-row').count()], SLOW).toEqual([2, 2]);
    expect(await page.getByTestId('reconcile-row').first().innerText()).toContain(story.bill.no);
    await page.goto(`/bills/edit/${story.bill.id}`);
    await expect.poll(() => entry.getAttribute('data-status'), SLOW).toBe('draft');

    // 4. Confirmed, it reads only; printed, the sheet holds the total in capitals and the check code.
    await page.getByTestId('bill-confirm').click();
    await page.getByTestId('bill-ask-yes').click();
    await expect.poll(() => entry.getAttribute('data-status'), SLOW).toBe('confirmed');
    await page.getByTestId('bill-read-only').waitFor();
    expect(await page.getByTestId('bill-line-adjustment').count()).toBe(0);
    const sheet = page.waitForResponse(r => new URL(r.url()).pathname === '/prints/sheet/', SLOW);
    await page.getByTestId('bill-print-button').click();
    const html = await (await sheet).text();
    for (const text of ['叁佰元整', `<b data-check-code>${story.bill.code}</b>`, story.bill.no, story.note, '抹零', story.customer]) {
      expect(html, text).toContain(text);
    }
    const logs = (await call('/prints/logs/list/?page=1&limit=5&sort=-id')).dt as Row[];
    expect(logs.some(l => l.category === 'bills' && l.how === 'browser')).toBe(true);
    // Exported: the lines, the note's subtotal, the total and the total in capitals.
    const exported = await downloaded(page, 'bill-export');
    expect(exported.map(r => r[1])).toEqual([tr('zh', 'bills.cols.delivery'), story.note, story.note, `${tr('zh', 'bills.bill.subtotal')} ${story.note}`,
      tr('zh', 'bills.bill.total'), tr('zh', 'bills.bill.capitals'), tr('zh', 'bills.bill.received'), tr('zh', 'bills.bill.balance')]);
    expect(exported[4]![9]).toBe(300);
    expect(exported[5]![2]).toBe('叁佰元整');

    // The customer, without a login, follows the QR code of the paper: the bill, its lines and its total in capitals.
    const [url] = await decodeQrCodes(browser, html);
    expect(new URL(url!).pathname).toBe('/bills/query');
    expect(new URL(url!).searchParams.get('code')).toBe(story.bill.code);
    const { context, page: customer } = await newPage(browser);
    contexts.push(context);
    await customer.goto(url!);
    await customer.getByTestId('bill-query-result').waitFor(SLOW);
    expect(await customer.getByTestId('bill-query-line').count()).toBe(2);
    expect(await customer.getByTestId('bill-query-total').innerText()).toBe('300');
    expect(await customer.getByTestId('bill-query-capitals').innerText()).toBe('叁佰元整');
    const wrong = new URL(url!);
    wrong.searchParams.set('code', 'WRONG234');
    await customer.goto(wrong.toString());
    await customer.getByTestId('bill-query-notfound').waitFor(SLOW);
    expect(await customer.getByTestId('bill-query-result').count()).toBe(0);
  });

  it('finds the bill in the bill query by its delivery note\'s number', { timeout: 120_000 }, async () => {
    expect(story.bill.no, 'the bill of the first step').not.toBe('');
    const page = await pageAs('finance', 'fin123');
    await page.goto('/query/bills');
    const search = page.getByTestId('query-anywhere');
    await search.waitFor();
    expect(await search.getAttribute('placeholder')).toBe(tr('zh', 'reports.anywhere_bills'));
    await search.fill(story.note);
    await expect.poll(async () => {
      const found = await page.getByTestId('grid-row').allInnerTexts();
      return found.length === 1 && found[0]!.includes(story.bill.no);
    }, SLOW).toBe(true);
  });

  it('prints the bills ticked on the list of bills', { timeout: 120_000 }, async () => {
    expect(story.bill.no, 'the bill of the first step').not.toBe('');
    const page = await pageAs('finance', 'fin123');
    await page.goto('/payments/bills');
    await page.getByTestId('bills-list').waitFor();
    await page.getByTestId('list-keyword').fill(story.bill.no);
    const rows = page.getByTestId('grid-row');
    await expect.poll(() => rows.count(), SLOW).toBe(1);
    const row = rows.filter({ hasText: story.bill.no });
    await row.getByText(story.bill.no).click();
    await expect.poll(() => row.getAttribute('data-state')).toContain('selected');
    const sheet = page.waitForResponse(r => new URL(r.url()).pathname === '/prints/sheet/', SLOW);
    await page.getByTestId('bill-print-button').click();
    const html = await (await sheet).text();
    expect(html).toContain(`data-bill="${story.bill.no}"`);
    expect(html).toContain('叁佰元整');
  });

  it('shows no package rows for a customer whose goods left loose', { timeout: 120_000 }, async () => {
    expect(story.customer, 'the customer of the first step').not.toBe('');
    const page = await pageAs('finance', 'fin123');
    await page.goto('/payments/deliverypackings');
    await expect.poll(() => page.getByTestId('reconcile').getAttribute('data-packages'), SLOW).toBe('1');
    await page.getByTestId('reconcile-customer').fill(story.customer);
    await page.getByRole('option', { name: story.customer, exact: true }).click();
    await page.getByTestId('reconcile-none').waitFor(SLOW);
    expect(await page.getByTestId('reconcile-row').count()).toBe(0);
  });

  it('writes a credit note by hand: one negative amount, its total in capitals with 负', { timeout: 120_000 }, async () => {
    expect(story.customer, 'the customer of the first step').not.toBe('');
    const page = await pageAs('finance', 'fin123');
    await page.goto('/payments/bills_other');
    await page.getByTestId('bills-other').waitFor();
    await page.getByTestId('bills-other-customer').fill(story.customer);
    await page.getByRole('option', { name: story.customer, exact: true }).click();
    await page.getByTestId('bills-other-remark').fill(`退货折让 ${RUN}`);
    await page.getByTestId('bills-other-create').click();
    await page.waitForURL(u => /^\/bills\/edit\/\d+$/.test(u.pathname), SLOW);
    const entry = page.getByTestId('bill-entry');
    await expect.poll(() => entry.getAttribute('data-kind'), SLOW).toBe('other');
    // Half a line is refused on the screen before anything is sent.
    await page.getByTestId('bill-add-description').fill('退货折让');
    await page.getByTestId('bill-add-quantity').fill('2');
    await page.getByTestId('bill-add-line').click();
    await expect.poll(async () => (await page.getByTestId('bill-error').allInnerTexts()).join(' '), SLOW).toBe(tr('zh', 'bills.bill.line_needs'));
    await page.getByTestId('bill-add-quantity').fill('');
    await page.getByTestId('bill-add-amount').fill('-120.5');
    await page.getByTestId('bill-add-line').click();
    await expect.poll(() => page.getByTestId('bill-line').count(), SLOW).toBe(1);
    await expect.poll(() => page.getByTestId('bill-total').innerText(), SLOW).toBe('-120.50');
    expect(await page.getByTestId('bill-capitals').innerText()).toBe('负壹佰贰拾元伍角整');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await call(`/payments/bills/detail/?id=${id}`)).dt).toMatchObject({ kind: 'other', total: -120.5, customer_id: story.customerId });
  });
});
