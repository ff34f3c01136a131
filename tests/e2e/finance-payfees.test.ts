import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { RESOURCE_LABELS } from '../../src/domain/i18n/resource-labels';
import { callAs, pagePerTest, serverCall, tr } from './helpers';

/**
 * Invoices and the fees import in a real browser (docs/finance.md "invoices", "fees"): an invoice issued on the generic
 * create screen for a confirmed bill (made through the API) lowers the bill's uninvoiced amount on the bills list, and
 * voided on its screen raises it again; a fees sheet imported twice on /fees/excel adds its rows once, its bad row named
 * both times.
 */
let page: Page;
pagePerTest(s => { ({ page } = s); }, { login: true, dashboard: false });

const RUN = Date.now().toString(36);
type Row = Record<string, unknown>;

const sessionOf = async (): Promise<string> => {
  const sid = await page.evaluate(() => sessionStorage.getItem('sessionid'));
  if (!sid) throw new Error('no sessionid');
  return sid;
};
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** A cell's number as shown (grouping signs left out). */
const shown = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The value shown in column `field` of the bills list's one row found by `showId` (the list opened first). */
async function billCell(showId: string, field: string): Promise<number> {
  // Wide enough for every column of the bills list: the grid renders only the columns in view.
  await page.setViewportSize({ width: 3600, height: 900 });
  await page.goto('/payments/bills');
  await page.getByTestId('resource-list').waitFor();
  await page.getByTestId('list-keyword').fill(showId);
  const rows = page.getByTestId('grid-row');
  await expect.poll(() => rows.count()).toBe(1);
  await rows.filter({ hasText: showId }).waitFor();
  const headers = await page.locator('[data-testid^="grid-header-"]').evaluateAll(els => els.map(e => e.getAttribute('data-testid')));
  const index = headers.indexOf(`grid-header-${field}`);
  expect(index, headers.join(" ")).toBeGreaterThanOrEqual(0);
  // The row's first cell is its selection box.
  return shown(await rows.first().getByRole('gridcell').nth(index + 1).innerText());
}

describe('finance: invoices and fees', () => {
  it('an invoice issued for a confirmed bill lowers the bill’s uninvoiced amount', async () => {
    const sid = await sessionOf();
    const customers = (await callAs(sid, '/customers/list/?limit=1')).dt as Row[];
    const bill = (await callAs(sid, '/payments/bills/save/', { item: { customer_id: customers[0]!.id, date: today(), remark: `E2E ${RUN}` } })).dt as Row;
    await callAs(sid, '/payments/bills/lines/save/', { item: { bill_id: bill.id, description: `E2E 加工费 ${RUN}`, quantity: 1, price: 1234.56 } });
    const draft = (await callAs(sid, `/payments/bills/detail/?id=${String(bill.id)}`)).dt as Row;
    await callAs(sid, '/payments/bills/confirm/', { id: String(draft.id), version: String(draft.version) });
    const showId = String(bill.show_id);
    expect(await billCell(showId, 'uninvoiced')).toBe(1234.56);

    await page.goto('/invoices/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-bill_id').fill(showId);
    await page.getByRole('option', { name: showId, exact: true }).click();
    await page.getByTestId('field-invoice_no').fill(`E2E${RUN}`);
    await page.getByTestId('field-date').click();
    await page.getByRole('button', { name: tr('zh', 'forms.dates.today'), exact: true }).click();
    await page.getByTestId('field-amount').fill('234.56');
    await page.getByTestId('save-button').click();
    // Saved, the screen leaves the create page.
    await page.waitForURL(u => u.pathname !== '/invoices/create');

    await expect.poll(() => billCell(showId, 'uninvoiced'), { timeout: 30_000 }).toBe(1000);
    expect(await billCell(showId, 'invoiced')).toBe(234.56);

    // Voided on its screen, the invoice frees the amount again.
    const [invoice] = (await callAs(sid, `/invoices/list/?keyword=E2E${RUN}`)).dt as Row[];
    await page.goto(`/invoices/edit/${String(invoice!.id)}`);
    await page.getByTestId('invoice-void').click();
    await page.getByTestId('invoice-void-confirm').click();
    await page.getByTestId('invoice-void').waitFor({ state: 'detached' });
    expect(((await callAs(sid, `/invoices/detail/?id=${String(invoice!.id)}`)).dt as Row).status).toBe('voided');
    await expect.poll(() => billCell(showId, 'uninvoiced'), { timeout: 30_000 }).toBe(1234.56);
  }, 90_000);

  it('a fees sheet imported twice adds its rows once, its bad row named both times', async () => {
    const sid = await sessionOf();
    const category = `E2E 费用 ${RUN}`;
    const made = await serverCall('/fees/categories/save/', { sessionid: sid, form: { item: JSON.stringify({ name: category, direction: 'expense' }) } });
    expect(made.status).toBe(200);
    const labels = RESOURCE_LABELS.zh.resources.fees!.fields as Record<string, string>;
    const tag = `E2E导入${RUN}`;
    const sheet = [
      [labels.date, labels.category_id, labels.amount, labels.remark],
      ['2022-03-05', category, 12.5, `${tag} 电费`],
      ['2022-03-06', category, 8, `${tag} 打车`],
      // The same ride twice: two fees.
      ['2022-03-06', category, 8, `${tag} 打车`],
      ['2022-03-07', category, 0, `${tag} 零`],
    ];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheet), 'Sheet1');
    const buffer = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    const importOnce = async () => {
      await page.getByTestId('import-file').setInputFiles({ name: 'fees.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
      const start = page.getByTestId('import-start');
      await start.waitFor({ timeout: 60_000 });
      await expect.poll(() => start.isEnabled(), { timeout: 60_000 }).toBe(true);
      await start.click();
      const result = page.getByTestId('import-result');
      await result.waitFor({ timeout: 60_000 });
      const n = async (k: string) => Number(await result.getAttribute(`data-${k}`));
      return { created: await n('created'), updated: await n('updated'), unchanged: await n('unchanged'), rejected: await n('rejected') };
    };

    await page.goto('/fees/excel');
    await page.getByTestId('import-page').waitFor();
    expect(await importOnce()).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 1 });
    expect(await importOnce()).toEqual({ created: 0, updated: 0, unchanged: 3, rejected: 1 });

    const stored = (await callAs(sid, `/fees/list/?limit=-1&keyword=${encodeURIComponent(tag)}`)).dt as Row[];
    expect(stored).toHaveLength(3);
  }, 120_000);

  it('the bank accounts list shows each account\'s balance, as of a day too', async () => {
    const sid = await sessionOf();
    const name = `E2E 银行 ${RUN}`;
    const bank = await serverCall('/banks/save/', { sessionid: sid, form: { item: JSON.stringify({ name, currency: 'CNY', opening_balance: 1000 }) } });
    expect(bank.status).toBe(200);
    const bankId = Number((bank.body.dt as Row | undefined)?.id ?? bank.body.id);
    const paid = await serverCall('/payouts/save/', { sessionid: sid, form: { item: JSON.stringify({ bank_id: bankId, date: today(), amount: 250.5, payee: `收款人 ${RUN}` }) } });
    expect(paid.status).toBe(200);
    const server = ((await callAs(sid, '/banks/balances/')).dt as Row[]).find(r => r.bank_id === bankId)!;
    expect(server).toMatchObject({ opening_balance: 1000, payouts: 250.5, balance: 749.5 });

    await page.goto('/banks/list');
    const row = page.locator(`[data-testid="bank-balance-row"][data-bank="${bankId}"]`);
    await expect.poll(async () => shown(await row.getByTestId('bank-balance').innerText()), { timeout: 30_000 }).toBe(749.5);
    expect(shown(await row.getByTestId('bank-payouts').innerText())).toBe(250.5);
    // The day before the payout: only the opening balance.
    const d = new Date(Date.now() - 86_400_000);
    await page.getByTestId('bank-balances-date').fill(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
    await expect.poll(async () => shown(await row.getByTestId('bank-balance').innerText()), { timeout: 30_000 }).toBe(1000);
    // The accounts' own list is still there under it.
    await page.getByTestId('resource-list').waitFor();
  }, 120_000);
});
