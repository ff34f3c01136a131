import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, logIn, pagePerTest, serverCall } from './helpers';

/**
 * The contract screen in a real browser (docs/sales-office.md §1): the salesperson types a contract's line at its
 * agreed price, saves and activates it; an order naming the contract then takes that price when its item is picked.
 */
let page: Page;

pagePerTest(s => { ({ page } = s); });

type Row = Record<string, unknown>;
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

let sales = '';
let customer: Row;
let item: Row;
let contractId = 0;

beforeAll(async () => {
  sales = String((await serverCall('/accounts/login/', { form: { username: 'sales', password: 'sales123' } })).body.sessionid);
  const name = `合同客户_${Date.now().toString(36)}`;
  customer = (await callAs(sales, '/customers/save/', { name })).dt as Row;
  const filter = encodeURIComponent(JSON.stringify([{ field: 'unit', op: 'ne', value: null }, { field: 'active', op: 'eq', value: true }]));
  item = ((await callAs(sales, `/items/list/?limit=5&filter=${filter}`)).dt as Row[])[0]!;
  // The header by the API (dates are typed elsewhere in the suite); the line, the save and the activation on screen.
  contractId = (await callAs(sales, '/contracts/save_with_lines/', {
    item: { customer_id: customer.id, title: '年度供货合同', valid_from: day(-10), valid_to: day(300) }, lines: [],
  })).id as number;
});

describe('contracts', () => {
  it('lets sales type a line, save and activate the contract; an order naming it takes the agreed price', async () => {
    await logIn(page, 'sales', 'sales123');
    await page.goto(`/contracts/edit/${contractId}`);
    await page.getByTestId('contract-entry').waitFor();
    await page.getByTestId('contract-add-line').click();
    const itemCell = page.getByTestId('cline-0-item');
    await itemCell.fill(String(item.code));
    await page.getByRole('option').first().waitFor();
    await page.getByRole('option').first().click();
    await page.getByTestId('cline-0-quantity').fill('500');
    await page.getByTestId('cline-0-price').fill('3.21');
    await page.getByTestId('save-button').click();
    await expect.poll(async () => ((await callAs(sales, `/contracts/detail/?id=${contractId}`)).dt as Row).amount).toBe(1605);
    await expect.poll(() => page.getByTestId('contract-dirty').count()).toBe(0);

    await page.getByTestId('contract-activate').click();
    await expect.poll(async () => ((await callAs(sales, `/contracts/detail/?id=${contractId}`)).dt as Row).status).toBe('active');
    await page.getByTestId('contract-fixed').waitFor();

    // An order of the customer naming the contract: the picked item comes at the contract's price.
    await page.goto('/orders/create');
    await page.getByTestId('order-entry').waitFor();
    const name = String(customer.name);
    await page.getByTestId('field-customer_id').fill(name.slice(0, 6));
    await page.getByRole('option', { name }).first().click();
    await page.getByTestId('order-contract').click();
    await page.getByRole('option').filter({ hasText: '年度供货合同' }).first().click();
    const orderItem = page.getByTestId('line-0-item_id');
    await orderItem.fill(String(item.code));
    await page.locator('[role="option"][data-combobox-selected]').waitFor();
    await orderItem.press('Enter');
    await expect.poll(() => page.getByTestId('line-0-price').inputValue()).toBe('3.21');
    await expect.poll(() => page.getByTestId('line-0-contract-price').textContent()).toContain('3.21');
    await page.getByTestId('line-0-quantity').fill('100');
    await page.getByTestId('save-button').click();
    await page.waitForURL(u => /^\/orders\/edit\/\d+$/.test(u.pathname));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const lines = (await callAs(sales, `/orders/details/list/?order_id=${orderId}`)).dt as Row[];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ price: 3.21, amount: 321, contractline_id: expect.any(Number) });
    expect(((await callAs(sales, `/orders/orders/detail/?id=${orderId}`)).dt as Row).contract_id).toBe(contractId);
  }, 60_000);
});
