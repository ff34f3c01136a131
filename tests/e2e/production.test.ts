import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './browser';
import { callAs, pagePerTest, serverCall, tabPaths } from './helpers';
import { decodeQrCodes } from './qr';

/**
 * The production screens of issue 11 in a real browser, on orders made through the API as the order screen makes
 * them: a line's cards in the cards list, their labels previewed with QR code and barcode, the cards per work node,
 * a card's life, and the public order query a customer uses without a login.
 */
let page: Page;
let browser: Browser;

pagePerTest(s => { ({ page, browser } = s); }, { login: true, dashboard: false });

type Row = Record<string, unknown>;
interface Made { id: number; show_id: string; check_code: string; detail_id: number; cards: Row[] }

let session = '';

const call = (path: string, form?: Record<string, unknown>): Promise<Row> => callAs(session, path, form);

/** Active demo items that have a routing (cards can be made of them). */
async function itemsWithRouting(): Promise<Row[]> {
  const filter = encodeURIComponent(JSON.stringify([{ field: 'workflow_id', op: 'ne', value: null }, { field: 'active', op: 'eq', value: true }]));
  return (await call(`/items/list/?limit=20&filter=${filter}`)).dt as Row[];
}

/** An order of one line of 90, confirmed, on three cards; the first card done at its first node. */
async function makeOrder(): Promise<Made> {
  const customer = ((await call('/customers/list/?limit=1')).dt as Row[])[0]!;
  const [item] = await itemsWithRouting();
  const saved = await call('/orders/orders/save_with_lines/', {
    item: { customer_id: customer.id }, lines: [{ item_id: item!.id, quantity: 90 }],
  });
  const confirmed = await call('/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' });
  const detailId = (saved.lines as Row[])[0]!.id as number;
  const made = await call('/orders/cards/generate/', { detail_id: detailId, count: 3 });
  const cards = made.dt as Row[];
  const nodes = (await call(`/orders/cardnodes/list/?card_id=${String(cards[0]!.id)}&sort=seq`)).dt as Row[];
  // Started now and finished a second later: after the card's creation, as on the floor.
  const now = Date.now();
  await call('/orders/cardnodes/save/', {
    id: nodes[0]!.id, version: nodes[0]!.version, status: 'done', good_quantity: 28, bad_quantity: 2,
    started_at: new Date(now).toISOString(), finished_at: new Date(now + 1000).toISOString(),
  });
  const dt = confirmed.dt as Row;
  return { id: saved.id as number, show_id: dt.show_id as string, check_code: dt.check_code as string, detail_id: detailId, cards };
}

let made: Made;
beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
  made = await makeOrder();
});

describe('process cards', () => {
  it('lists a line\'s cards, opens one card\'s life and previews the labels of the chosen cards', async () => {
    await page.goto(`/orders/cards/list?quote_id=${made.detail_id}`);
    const rows = page.getByTestId('grid-row');
    await expect.poll(() => rows.count()).toBe(3);
    const first = rows.filter({ hasText: String(made.cards[0]!.show_id) });
    await first.getByText(String(made.cards[0]!.show_id)).click();
    await expect.poll(() => first.getAttribute('data-state')).toContain('selected');

    await page.getByTestId('cards-life').click();
    await page.waitForURL(u => u.pathname === `/cards/query/${String(made.cards[0]!.id)}`);
    await expect.poll(() => page.getByTestId('card-title').textContent()).toContain(String(made.cards[0]!.show_id));
    const nodes = page.getByTestId('card-node');
    await expect.poll(() => nodes.count()).toBeGreaterThanOrEqual(2);
    expect(await nodes.first().getAttribute('data-status')).toBe('done');
    // Its history shows the first step's start and finish among the card's changes, newest first (issue 30): the
    // finish with its good and bad quantities, the card's creation last.
    const history = page.getByTestId('history-list');
    await expect.poll(() => history.getByTestId('card-step').evaluateAll(els => els.map(e => e.getAttribute('data-kind'))))
      .toEqual(['finished', 'started']);
    const finish = history.getByTestId('history-event').first();
    expect(await finish.textContent()).toContain('良品数量: 28');
    expect(await finish.textContent()).toContain('不良数量: 2');
    await expect.poll(() => history.locator('[data-testid="history-entry"], [data-testid="history-event"]').last().getAttribute('data-testid'))
      .toBe('history-entry');

    const ids = made.cards.map(c => c.id).join(',');
    await page.goto(`/cards/prints?ids=${ids}`);
    await page.getByTestId('prints-chosen').waitFor();
    // The chosen cards are shown (and so selected) before anything is printed, as a person sees them.
    await expect.poll(() => page.getByTestId('grid-row').count()).toBe(3);
    await page.getByTestId('prints-preview').click();
    const frame = page.getByTestId('print-preview-frame');
    await frame.waitFor();
    const sheet = page.frameLocator('[data-testid="print-preview-frame"]');
    for (const c of made.cards) await sheet.getByText(String(c.show_id), { exact: false }).first().waitFor();
    // Every label carries a QR code and a barcode (inline SVG), one label per card.
    await expect.poll(() => sheet.locator('svg').count()).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');

    // Print through the browser's dialog: the sheet it prints is captured, and each QR code read back.
    const printed = page.waitForResponse(r => new URL(r.url()).pathname === '/prints/sheet/');
    await page.getByTestId('prints-print').click();
    const html = await (await printed).text();
    const decoded = await decodeQrCodes(browser, html);
    expect(decoded.sort()).toEqual(made.cards.map(c => String(c.show_id)).sort());
    const logs = (await call('/prints/logs/list/?sort=-id&limit=1')).dt as Row[];
    expect(logs[0]).toMatchObject({ category: 'cards', how: 'browser', count: 3 });
    expect(((await call(`/orders/cards/detail/?id=${String(made.cards[0]!.id)}`)).dt as Row).printed).toBe(1);
  });

  it('counts the order\'s cards per work node and opens the cards waiting at one', async () => {
    await page.goto('/orders/cards_nodes');
    const table = page.getByTestId('per-node-table');
    await table.waitFor();
    expect(await page.getByTestId('per-node-row').count()).toBeGreaterThan(1);
    const nodes = (await call(`/orders/cardnodes/list/?card_id=${String(made.cards[0]!.id)}&sort=seq`)).dt as Row[];
    const second = page.locator(`[data-testid="per-node-row"][data-worknode="${String(nodes[1]!.worknode_id)}"]`);
    await second.getByTestId('per-node-waiting').click();
    await page.waitForURL(u => u.pathname === '/orders/cards/list' && u.searchParams.get('node_status') === 'waiting');
    await expect.poll(() => page.getByTestId('grid-row').count()).toBeGreaterThan(0);
  });
});

describe('public order query', () => {
  it('shows a line\'s progress to whoever holds the check code, without a login, and nothing for a wrong code', async () => {
    const { context, page: guest } = await newPage(browser);
    try {
      await guest.goto('/orders/query');
      await guest.getByTestId('order-query-show-id').fill(made.show_id);
      await guest.getByTestId('order-query-code').fill(made.check_code.toLowerCase());
      await guest.getByTestId('order-query-submit').click();
      await expect.poll(() => guest.getByTestId('order-query-order').textContent()).toBe(made.show_id);
      expect(await guest.getByTestId('order-query-line').count()).toBe(1);
      expect(await guest.getByTestId('order-query-node').count()).toBeGreaterThanOrEqual(2);
      expect(await guest.getByTestId('order-query-result').textContent()).not.toContain('单价');

      await guest.getByTestId('order-query-code').fill('WRONG234');
      await guest.getByTestId('order-query-submit').click();
      await guest.getByTestId('order-query-notfound').waitFor();
      expect(await guest.getByTestId('order-query-result').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('order entry', () => {
  it('takes an order of three lines from the keyboard and two pasted from a sheet, confirms it and puts a line on cards', async () => {
    const customer = ((await call('/customers/list/?limit=1&nogroup=1')).dt as Row[])[0]!;
    const items = await itemsWithRouting();
    expect(items.length).toBeGreaterThanOrEqual(5);
    await page.goto('/orders/create');
    await page.getByTestId('order-entry').waitFor();
    const name = String(customer.name);
    await page.getByTestId('field-customer_id').fill(name.slice(0, 2));
    await page.getByRole('option', { name }).first().click();

    // Each line by keyboard: the item by its code (the first match is highlighted, Enter takes it and goes on to the
    // quantity), the quantity, then Alt+N for the next line.
    for (const [i, qty] of [120, 80, 60].entries()) {
      const item = page.getByTestId(`line-${i}-item_id`);
      // Alt+N put the cursor into the new line's item.
      if (i > 0) await expect.poll(() => item.evaluate(el => el === document.activeElement)).toBe(true);
      await item.fill(String(items[i]!.code));
      await page.locator('[role="option"][data-combobox-selected]').waitFor();
      await item.press('Enter');
      await expect.poll(() => page.getByTestId(`line-${i}-unit`).inputValue()).toBe(String(items[i]!.unit ?? ''));
      await expect.poll(() => page.getByTestId(`line-${i}-quantity`).evaluate(el => el === document.activeElement)).toBe(true);
      await page.keyboard.type(String(qty));
      await page.keyboard.press('Alt+n');
      await expect.poll(() => page.getByTestId('order-line').count()).toBe(i + 2);
    }
    // Two rows copied from a spreadsheet (item code, quantity, price) pasted into the empty fourth line.
    const rows = `${String(items[3]!.code)}\t3\t4.5\r\n${String(items[4]!.code)}\t7\t1.25\r\n`;
    await page.getByTestId('line-3-item_id').evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, rows);
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(5);
    await expect.poll(() => page.getByTestId('line-4-quantity').inputValue()).toBe('7');

    // Ctrl+S from the cell being typed in.
    await page.getByTestId('line-4-quantity').focus();
    await page.keyboard.press('Control+s');
    await page.waitForURL(u => /^\/orders\/edit\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    // The new order's tab became its edit tab (issue 30).
    await expect.poll(() => tabPaths(page)).toContain(`/orders/edit/${id}`);
    expect(await tabPaths(page)).not.toContain('/orders/create');
    const saved = (await call(`/orders/orders/detail/?id=${id}`)).dt as Row;
    expect(saved).toMatchObject({ status: 'draft', customer_id: customer.id, quantity: 270 });
    const lines = (await call(`/orders/details/list/?order_id=${id}&sort=line_no`)).dt as Row[];
    expect(lines.map(l => [l.item_id, Number(l.quantity), l.line_no])).toEqual([
      [items[0]!.id, 120, 1], [items[1]!.id, 80, 2], [items[2]!.id, 60, 3], [items[3]!.id, 3, 4], [items[4]!.id, 7, 5],
    ]);
    expect(lines.slice(3).map(l => Number(l.price))).toEqual([4.5, 1.25]);

    await page.getByTestId('order-to-confirmed').click();
    await expect.poll(async () => ((await call(`/orders/orders/detail/?id=${id}`)).dt as Row).status).toBe('confirmed');
    await page.getByTestId('line-0-generate').click();
    await page.getByTestId('generate-count').fill('2');
    await page.getByTestId('generate-submit').click();
    await expect.poll(async () => ((await call(`/orders/cards/list/?quote_id=${String(lines[0]!.id)}`)).total)).toBe(2);
    await expect.poll(async () => ((await call(`/orders/orders/detail/?id=${id}`)).dt as Row).status).toBe('producing');
    await page.getByTestId('line-0-cards').click();
    await page.waitForURL(u => u.pathname === '/orders/cards/list');
    await expect.poll(() => page.getByTestId('grid-row').count()).toBe(2);
  });
});
