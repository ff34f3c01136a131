import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, pagePerTest, serverCall } from './helpers';
import { scanAsReader } from './reader';

/**
 * The stock documents as a storekeeper (store / store123) writes them (docs/stock.md "Screens"): goods in of an item
 * the demo's stock never touched, typed line by line from the keyboard; an issue of part of it to a process card,
 * scanned with the reader; a move between two locations; a transfer to another warehouse — each posted from its
 * screen — then the ledger list showing the six movements, and a refused over-issue saying how much is there.
 */
let page: Page;
let context: BrowserContext;

pagePerTest(s => { ({ page, context } = s); });

type Row = Record<string, unknown>;
let session = '';
const call = async (path: string) => {
  const r = await serverCall(path, { sessionid: session });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body;
};
const filter = (f: Row[]) => encodeURIComponent(JSON.stringify(f));

beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'store', password: 'store123' } })).body.sessionid);
});

/** Picks a row in a header select by typing part of its name. */
async function pick(testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(name);
  await page.getByRole('option', { name, exact: true }).first().click();
}

/** Posts the document on screen and waits until it says so. */
async function postIt(): Promise<void> {
  await page.getByTestId('doc-post').click();
  // A refusal is shown on the screen: the poll reports it instead of timing out on the status alone.
  await expect.poll(async () => {
    const error = page.getByTestId('doc-error');
    if (await error.isVisible()) return `refused: ${await error.textContent()}`;
    return page.getByTestId('stock-doc-entry').getAttribute('data-status');
  }).toBe('posted');
}

/**
 * Types as a person does, a key every 120 ms: the screen reads scanners on the whole page, and keys as fast as a
 * reader's followed by Enter are a scan (src/ui/scanner/scan-reader.ts) — Playwright's own typing can be that fast.
 */
async function typeAsPerson(text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 120 });
}

const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);

/**
 * Types a line from the keyboard: each value, then Enter, which resolves a code cell (the item, the location) and
 * moves to the next cell — each value typed once the cell before has handed over the focus.
 */
async function typeLine(row: number, values: readonly string[]): Promise<void> {
  await page.getByTestId(`line-${row}-item`).click();
  for (const [col, v] of values.entries()) {
    await expect.poll(focused).toBe(`${row}:${col}`);
    await typeAsPerson(v);
    await page.keyboard.press('Enter');
  }
}

describe('stock documents', () => {
  it('takes goods in, issues to a card, moves, transfers, and shows each movement in the ledger and the stock report', async () => {
    // An item the demo's stock never touched, two warehouses with two locations each, a live card.
    const items = (await call('/items/list/?limit=60&sort=id')).dt as Row[];
    let item: Row | undefined;
    for (const candidate of items.filter(i => i.unit && i.active !== false)) {
      const moved = await call(`/warehouse/movements/list/?limit=1&filter=${filter([{ field: 'item_id', op: 'eq', value: candidate.id }])}`);
      if (Number(moved.total) === 0) { item = candidate; break; }
    }
    expect(item, 'an item without demo stock').toBeDefined();
    const code = String(item!.code);
    const positions = (await call('/warehouses/positions/list/?limit=-1&sort=code')).dt as Row[];
    const warehouses = (await call('/warehouses/list/?limit=-1&sort=id')).dt as Row[];
    const withPositions = warehouses.filter(w => positions.filter(p => p.warehouse_id === w.id).length >= 2);
    expect(withPositions.length).toBeGreaterThanOrEqual(2);
    const [w1, w2] = withPositions as [Row, Row];
    const [p1, p2] = positions.filter(p => p.warehouse_id === w1.id) as [Row, Row];
    const q1 = positions.find(p => p.warehouse_id === w2.id)!;
    const card = ((await call(`/orders/cards/list/?limit=5&sort=-id&filter=${filter([{ field: 'canceled', op: 'eq', value: false }])}`)).dt as Row[])[0]!;
    const lot = `E2E${Date.now().toString(36).toUpperCase()}`;

    await logIn(page, 'store', 'store123');

    // Goods in: 10 of the item at the first location, typed — code, Enter, quantity, Enter, location, Enter, lot.
    await page.goto('/warehouses/in');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-warehouse_id', String(w1.name));
    await typeLine(0, [code, '10', String(p1.code), lot, '2.5']);
    await expect.poll(() => page.getByTestId('line-0-name').textContent()).toContain(String(item!.name));
    // The last cell's Enter opened the next line.
    await expect.poll(focused).toBe('1:0');
    await postIt();

    // Goods out to the card: the item scanned three times with the reader at the scanned location, its lot typed.
    await page.goto('/warehouses/out');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-warehouse_id', String(w1.name));
    await pick('head-card_id', String(card.show_id));
    await scanAsReader(context, page, String(p1.code));
    await expect.poll(() => page.getByTestId('doc-notice').textContent()).toContain(String(p1.code));
    for (let i = 0; i < 3; i++) await scanAsReader(context, page, code);
    await expect.poll(() => page.getByTestId('line-0-quantity').inputValue()).toBe('3');
    await expect.poll(() => page.getByTestId('line-0-position').inputValue()).toBe(String(p1.code));
    await page.getByTestId('line-0-lot').fill(lot);
    await postIt();

    // More than is there is refused with what is there (10 − 3 = 7), and nothing is posted.
    await page.getByTestId('doc-new').click();
    await expect.poll(() => page.getByTestId('stock-doc-entry').getAttribute('data-status')).toBe('new');
    await typeLine(0, [code, '8', String(p1.code), lot]);
    await page.getByTestId('doc-post').click();
    await expect.poll(() => page.getByTestId('doc-error').textContent()).toMatch(/7/);
    expect(await page.getByTestId('stock-doc-entry').getAttribute('data-status')).toBe('draft');
    await page.getByTestId('doc-cancel').click();
    await page.getByTestId('doc-cancel-confirm').click();
    await expect.poll(() => page.getByTestId('stock-doc-entry').getAttribute('data-status')).toBe('canceled');

    // A move of 2 from the first location to the second.
    await page.goto('/warehouses/move');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-warehouse_id', String(w1.name));
    await typeLine(0, [code, '2', String(p1.code), lot, String(p2.code)]);
    await postIt();

    // A transfer of 4 to the other warehouse's location; then it is listed among the transfers and opens there.
    await page.goto('/shifts/create');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-warehouse_id', String(w1.name));
    await pick('head-to_warehouse_id', String(w2.name));
    await typeLine(0, [code, '4', String(p1.code), lot, String(q1.code)]);
    await postIt();
    const transferNo = (await page.getByTestId('doc-status').textContent())!.replace(/^\S+\s*/, '').trim();
    await page.goto('/shifts/detail');
    await page.getByTestId(`recent-doc-${transferNo}`).getByRole('button').click();
    await page.waitForURL(u => u.pathname.startsWith('/shifts/edit/'));
    await expect.poll(() => page.getByTestId('line-0-to_position').inputValue()).toBe(String(q1.code));

    // The ledger: +10 in, −3 out, −2 +2 moved, −4 +4 transferred — the cancelled over-issue wrote nothing.
    await page.goto('/itemlogs/list');
    await page.getByTestId('list-keyword').fill(lot);
    await expect.poll(() => page.getByTestId('grid-row').count()).toBe(6);
    const ledger = (await call(`/warehouse/movements/list/?limit=20&sort=id&keyword=${lot}`)).dt as Row[];
    expect(ledger.map(r => [r.kind, Number(r.quantity), r.warehouse_id, r.position_id])).toEqual([
      ['in', 10, w1.id, p1.id], ['out', -3, w1.id, p1.id], ['move', -2, w1.id, p1.id], ['move', 2, w1.id, p2.id],
      ['transfer', -4, w1.id, p1.id], ['transfer', 4, w2.id, q1.id],
    ]);
    const out = (await call(`/warehouses/stockdocs/list/?limit=5&sort=-id&filter=${filter([{ field: 'kind', op: 'eq', value: 'out' }])}`)).dt as Row[];
    expect(out.find(d => d.card_id === card.id && d.status === 'posted')).toBeDefined();

    // The stock report of this month: the item opened at nothing and closes at what is left of it, 10 − 3 = 7, and
    // what came in less what went out is the same (moves and transfers come in where they go out).
    await page.goto('/reports/warehouses');
    await page.getByTestId('monitor').waitFor();
    // Rows are labelled by the item's name, which another item may share: the one that moved today is the one.
    const rows = page.getByTestId('monitor-row').filter({ hasText: String(item!.name) });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const figures = await Promise.all((await rows.all()).map(async r =>
      (await r.locator('td').allTextContents()).slice(1, 5).map(t => Number(t.replace(/,/g, '')))));
    expect(figures.filter(([opening, received, issued, closing]) => opening === 0 && closing === 7 && received! - issued! === 7)).toHaveLength(1);
  }, 180_000);

  it('proposes an issue to a card by its formula, and a transfer of a card\'s lots', async () => {
    const admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
    const asAdmin = async (path: string) => (await serverCall(path, { sessionid: admin })).body;
    // A card whose item has a current formula (the demo's cartons), and what the server proposes for it.
    const formulas = (await asAdmin('/formulas/list/?limit=-1')).dt as Row[];
    const withFormula = [...new Set(formulas.filter(f => f.is_current && !f.canceled).map(f => f.item_id))];
    const card = ((await asAdmin(`/orders/cards/list/?limit=20&filter=${filter([{ field: 'item_id', op: 'in', value: withFormula }])}`)).dt as Row[])
      .find(c => !c.canceled && Number(c.quantity) > 0)!;
    const proposed = ((await call(`/warehouses/stockdocs/issue_proposal/?card_id=${String(card.id)}`)).dt as Row[]).filter(r => Number(r.quantity) > 0);
    expect(proposed.length).toBeGreaterThan(0);

    await logIn(page, 'store', 'store123');
    await page.goto('/warehouses/out');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-card_id', String(card.show_id));
    await page.getByTestId('doc-propose').click();
    // The proposed materials, then the empty line the next entry goes to.
    await expect.poll(() => page.getByTestId('stock-lines').locator('tbody tr').count()).toBe(proposed.length + 1);
    for (const [i, r] of proposed.entries()) {
      expect(await page.getByTestId(`line-${i}-item`).inputValue()).toBe(String(r.code));
      expect(Number(await page.getByTestId(`line-${i}-quantity`).inputValue())).toBeCloseTo(Number(r.quantity), 4);
    }

    // A finished card's lots in its store, proposed whole for a transfer by card.
    const lots = (await call(`/warehouses/stocklots/list/?limit=200&sort=-id&filter=${filter([{ field: 'quantity', op: 'gte', value: 1 }])}`)).dt as Row[];
    const lot = lots.find(l => l.card_id != null)!;
    expect(lot, 'the demo holds finished lots of cards').toBeDefined();
    const held = lots.filter(l => l.card_id === lot.card_id && l.warehouse_id === lot.warehouse_id);
    const warehouses = (await call('/warehouses/list/?limit=-1&sort=id')).dt as Row[];
    const other = warehouses.find(w => w.id !== lot.warehouse_id)!;
    await page.goto('/shifts/card');
    await page.getByTestId('stock-doc-entry').waitFor();
    await pick('head-warehouse_id', String(lot.warehouse_id_name));
    await pick('head-to_warehouse_id', String(other.name));
    await pick('head-card_id', String(lot.card_id_name));
    await page.getByTestId('doc-propose').click();
    await expect.poll(() => page.getByTestId('stock-lines').locator('tbody tr').count()).toBe(held.length + 1);
    const shown = await Promise.all(held.map((_, i) => page.getByTestId(`line-${i}-lot`).inputValue()));
    expect(shown.sort()).toEqual(held.map(l => String(l.lot)).sort());
  }, 120_000);
});
