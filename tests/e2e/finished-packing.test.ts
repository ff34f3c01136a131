import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectCheckinPosted, logIn, pagePerTest, serverCall } from './helpers';
import { decodeQrCodes } from './qr';
import { scanAsReader } from './reader';

/**
 * Finished goods in and packing as the storekeeper (store / store123) does them (docs/delivery.md "Check-in" and
 * "Packing", issue 32): three finished cards checked into the finished goods store by scanning their labels with the
 * reader (one of them in part), two of them packed into a pallet by scanning again, the pallet weighed, sealed and its
 * label printed through the browser's dialog — the printed sheet captured and its QR code read back as the package
 * number — and the package listed sealed with its two lots.
 */
let page: Page;
let context: BrowserContext;
let browser: Browser;

pagePerTest(s => { ({ page, context, browser } = s); });

type Row = Record<string, unknown>;
let store = '';
const call = (path: string) => callAs(store, path);
const filter = (f: Row[]) => encodeURIComponent(JSON.stringify(f));
const SLOW = { timeout: 30_000 };

/** Finished cards with good units that no stock movement names yet: what a check-in takes. */
async function freshFinishedCards(n: number): Promise<{ id: number; show_id: string; left: number }[]> {
  const done = (await call(`/orders/cards/list/?limit=200&sort=-id&filter=${filter([
    { field: 'status', op: 'eq', value: 'done' }, { field: 'canceled', op: 'eq', value: false }, { field: 'finished_quantity', op: 'gte', value: 2 },
  ])}`)).dt as Row[];
  const out: { id: number; show_id: string; left: number }[] = [];
  for (const c of done) {
    const moved = await call(`/warehouse/movements/list/?limit=1&filter=${filter([{ field: 'card_id', op: 'eq', value: c.id }])}`);
    if (Number(moved.total) > 0) continue;
    const figures = (await call(`/warehouses/checkin2/card/?code=${encodeURIComponent(String(c.show_id))}`)).dt as Row;
    if (Number(figures.left) < 2) continue;
    out.push({ id: Number(c.id), show_id: String(c.show_id), left: Number(figures.left) });
    if (out.length === n) break;
  }
  return out;
}

beforeAll(async () => {
  store = String((await serverCall('/accounts/login/', { form: { username: 'store', password: 'store123' } })).body.sessionid);
});

describe('finished goods in and packing', () => {
  it('checks in three cards by scanning, packs two into a pallet, seals it and prints its label', async () => {
    const cards = await freshFinishedCards(3);
    expect(cards, 'three finished cards not yet in stock').toHaveLength(3);
    const [a, b, c] = cards as [typeof cards[0], typeof cards[0], typeof cards[0]];
    // The demo's finished-goods store, the first made: other tests (the finance ones) make finished stores of their own.
    const stores = (await call(`/warehouses/list/?limit=-1&sort=id&filter=${filter([{ field: 'kind', op: 'eq', value: 'finished' }])}`)).dt as Row[];
    expect(stores.length).toBeGreaterThan(0);
    const position = ((await call(`/warehouses/positions/list/?limit=-1&sort=code&filter=${filter([
      { field: 'warehouse_id', op: 'eq', value: stores[0]!.id }])}`)).dt as Row[])[0]!;

    await logIn(page, 'store', 'store123');

    // Check-in: the location scanned, then the three cards' labels; the third in part (all but one).
    await page.goto('/warehouses/checkin2');
    await page.getByTestId('checkin-screen').waitFor();
    if (stores.length > 1) {
      // Several finished-goods stores (other tests make their own): the storekeeper chooses where the goods go.
      await page.getByTestId('checkin-warehouse').click();
      await page.getByRole('option', { name: String(stores[0]!.name), exact: true }).click();
    }
    // The screen knows its store's locations once it has read them: a label scanned before that is taken for a card's
    // (and refused). Scanned again until it is taken for the location, as a storekeeper does when the reader buzzes.
    await expect.poll(async () => {
      await scanAsReader(context, page, String(position.code));
      return (await page.getByTestId('checkin-notice').textContent({ timeout: 2000 }).catch(() => null)) ?? '';
    }, { timeout: 60_000, interval: 1000 }).toContain(String(position.code));
    for (const card of cards) {
      await scanAsReader(context, page, card.show_id);
      await page.getByTestId(`checkin-line-${card.show_id}`).waitFor();
    }
    for (const card of cards) expect(Number(await page.getByTestId(`checkin-qty-${card.show_id}`).inputValue())).toBe(card.left);
    // A second scan of a card adds nothing.
    await scanAsReader(context, page, a.show_id);
    await expect.poll(() => page.getByTestId('checkin-notice').textContent(), SLOW).toContain(a.show_id);
    expect(await page.getByTestId('checkin-lines').locator('tbody tr').count()).toBe(3);
    await page.getByTestId(`checkin-qty-${c.show_id}`).fill(String(c.left - 1));
    await page.getByTestId('checkin-post').click();
    await expectCheckinPosted(page);
    const left = async (show: string) => Number(((await call(`/warehouses/checkin2/card/?code=${show}`)).dt as Row).left);
    expect([await left(a.show_id), await left(b.show_id), await left(c.show_id)]).toEqual([0, 0, 1]);

    // Packing: a new pallet in the finished goods store, the first two cards' lots scanned into it whole.
    await page.goto('/warehouses/packings');
    await page.getByTestId('packing-screen').waitFor();
    if (stores.length > 1) {
      // Several finished-goods stores (other tests make their own): the storekeeper says where the pallet is packed.
      await page.getByTestId('new-warehouse').click();
      await page.getByRole('option', { name: String(stores[0]!.name), exact: true }).click();
    }
    await page.getByTestId('package-new').click();
    const current = page.getByTestId('package-current');
    await current.waitFor(SLOW);
    const packageNo = (await page.getByTestId('package-no').textContent())!.trim();
    expect(packageNo).toMatch(/^PK\d{10}$/);
    for (const card of [a, b]) {
      await scanAsReader(context, page, card.show_id);
      await page.getByTestId(`pending-${card.show_id}`).waitFor(SLOW);
    }
    await page.getByTestId('pack-post').click();
    for (const card of [a, b]) await page.getByTestId(`content-${card.show_id}`).waitFor(SLOW);
    expect(await page.getByTestId('package-contents').locator('tbody tr').count()).toBe(2);

    // Weighed, then sealed and its label printed through the browser's dialog: the printed sheet is captured.
    await page.getByTestId('weight-gross').fill('512.5');
    await page.getByTestId('weight-net').fill('498');
    await page.getByTestId('weights-save').click();
    await expect.poll(() => page.getByTestId('packing-notice').textContent(), SLOW).toBe('重量已保存');
    const printed = page.waitForResponse(r => new URL(r.url()).pathname === '/prints/sheet/', SLOW);
    await page.getByTestId('package-close-print').click();
    const html = await (await printed).text();
    expect(await decodeQrCodes(browser, html)).toEqual([packageNo]);
    for (const card of [a, b]) expect(html).toContain(card.show_id);
    expect(html).not.toContain(c.show_id);
    expect(html).toContain('498');
    await expect.poll(() => current.getAttribute('data-status'), SLOW).toBe('closed');

    // Listed sealed with its two lots: on the screen's list, and at the spec's list of packings.
    await expect.poll(() => page.getByTestId(`package-row-${packageNo}`).textContent(), SLOW).toContain('2');
    const listed = ((await call(`/warehouses/packings/list/?limit=5&keyword=${packageNo}`)).dt as Row[]);
    expect(listed).toEqual([expect.objectContaining({ show_id: packageNo, status: 'closed', lots: 2, printed: 1 })]);
    const inside = (await call(`/warehouses/stocklots/list/?limit=10&filter=${filter([{ field: 'package_id', op: 'eq', value: listed[0]!.id }])}`)).dt as Row[];
    expect(inside.filter(r => Number(r.quantity) > 0).map(r => r.lot).sort()).toEqual([a.show_id, b.show_id].sort());
  }, 240_000);
});
