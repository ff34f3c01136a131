import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, cspViolations, launch, watchCsp } from './browser';
import { callAs, serverCall, waitForServiceWorkerControl } from './helpers';
import { scanAsReader } from './reader';

/**
 * The card-swipe kiosk (issue 13) as an operator uses it: a terminal logged in from the login page, the operator
 * badges in, the network goes, 50 cards are swiped, the page is reloaded offline (the kiosk opens from the service
 * worker with its copy and its queued swipes), the operator badges in again and swipes the 50 cards a second time,
 * and when the network comes back the server holds exactly the 100 swipes and the card steps they imply.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  expect(cspViolations.splice(0)).toEqual([]);
});

type Row = Record<string, unknown>;
let admin = '';

const call = (path: string, form?: Record<string, unknown>): Promise<Row> => callAs(admin, path, form);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const BADGE = `77${Date.now().toString().slice(-7)}`;
const CARDS = 50;

/** A terminal at a work node of its own, an operator with a badge, and 50 cards waiting there. */
async function plant(): Promise<{ terminal: string; enrol: string; worknode: number; cards: { id: number; show_id: string; quantity: number }[] }> {
  const node = (await call('/workflows/worknodes/save/', { code: `E2E-${RUN}`, name: `E2E刷卡工序${RUN}`, tap_mode: 'start_finish', sequence_check: 'off' })).dt as Row;
  const flow = (await call('/workflows/workflows/save/', { code: `E2EF-${RUN}`, name: `E2E刷卡流程${RUN}`, worknode_ids: [node.id] })).dt as Row;
  const item = (await call('/items/save/', { code: `E2EI-${RUN}`, name: `E2E刷卡物料${RUN}`, unit: '个', workflow_id: flow.id, price: 1 })).dt as Row;
  const terminal = `E2E-KIOSK-${RUN}`;
  const pc = (await call('/computers/save/', { code: terminal, name: `E2E 刷卡机 ${RUN}`, worknode_ids: [node.id] })).dt as Row;
  // The supervisor's one-time code for the terminal's first login (docs/shopfloor.md "Kiosk identity").
  const enrol = String((await call('/computers/enrol/', { id: pc.id })).code);
  const persons = (await call('/persons/list/?limit=1&filter=' + encodeURIComponent(JSON.stringify([{ field: 'code', op: 'eq', value: 'P0009' }])))).dt as Row[];
  const person = persons[0]!;
  await call('/persons/save/', { id: person.id, version: person.version, card_no: BADGE });
  const customer = ((await call('/customers/list/?limit=1')).dt as Row[])[0]!;
  const saved = await call('/orders/orders/save_with_lines/', {
    item: { customer_id: customer.id }, lines: [{ item_id: item.id, quantity: CARDS * 10, workflow_id: flow.id }],
  });
  await call('/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' });
  const made = await call('/orders/cards/generate/', { detail_id: (saved.lines as Row[])[0]!.id, count: CARDS });
  const cards = (made.dt as Row[]).map(c => ({ id: c.id as number, show_id: c.show_id as string, quantity: Number(c.quantity) }));
  return { terminal, enrol, worknode: node.id as number, cards };
}

/** A keyboard-wedge reader's scan (reader.ts). */
const scan = (code: string) => scanAsReader(context, page, code);

async function swipeAll(cards: readonly { show_id: string }[], action: string): Promise<void> {
  for (const c of cards) {
    await scan(c.show_id);
    await expect.poll(async () => `${await page.getByTestId('kiosk-action').textContent().catch(() => '')}|${await page.getByTestId('kiosk-panel').textContent()}`)
      .toContain(c.show_id);
    expect(await page.getByTestId('kiosk-panel').getAttribute('data-state'), c.show_id).toBe('ok');
    expect(await page.getByTestId('kiosk-action').textContent()).toBe(action);
  }
}

beforeAll(async () => {
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});

describe('the card-swipe kiosk', () => {
  it('keeps 100 swipes made offline across a reload and hands the server exactly those 100', { timeout: 240_000 }, async () => {
    const { terminal, enrol, worknode, cards } = await plant();
    context = await browser.newContext({ locale: 'zh-CN', baseURL: appUrl(), viewport: { width: 1440, height: 900 } });
    await watchCsp(context);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();

    // The terminal logs in once from the login page, as the operator account, naming its terminal number and giving
    // the enrolment code the supervisor issued for it.
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await page.locator('input[name=username]').fill('operator');
    await page.locator('input[name=password]').fill('oper123');
    await page.getByTestId('login-terminal').fill(terminal);
    await page.getByTestId('login-enrol').fill(enrol);
    await page.getByTestId('login-submit').click();
    // A device login opens its terminal's screen (issue 30), and so does the app's home after a reload.
    await page.waitForURL(u => u.pathname === '/orders/tap3');
    await page.goto('/');
    await page.waitForURL(u => u.pathname === '/orders/tap3');
    await page.getByTestId('kiosk').waitFor();
    // The offline copy of the open cards arrives in the background a few seconds after the start.
    await expect.poll(() => page.getByTestId('kiosk-no-copy').count(), { timeout: 90_000 }).toBe(0);
    await page.getByText('数据时间').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="kiosk"][data-ready="true"][data-badges="true"]').waitFor();

    await scan(BADGE);
    await expect.poll(() => page.getByTestId('kiosk-operator').textContent()).not.toBe('请刷工牌');

    await context.setOffline(true);
    await swipeAll(cards, '开工');
    await expect.poll(() => page.getByTestId('kiosk-sync').getAttribute('data-pending')).toBe(String(CARDS));

    // Reloaded without the network: the kiosk opens from the service worker with its copy and its queue.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('kiosk').waitFor();
    await expect.poll(() => page.getByTestId('kiosk-sync').getAttribute('data-pending')).toBe(String(CARDS));
    await expect.poll(() => page.getByTestId('kiosk-today-started').textContent()).toBe(String(CARDS));
    await page.getByText('数据时间').waitFor();
    await page.locator('[data-testid="kiosk"][data-ready="true"][data-badges="true"]').waitFor();
    await scan(BADGE);
    await expect.poll(() => page.getByTestId('kiosk-operator').textContent()).not.toBe('请刷工牌');
    await swipeAll(cards, '完工');
    await expect.poll(() => page.getByTestId('kiosk-sync').getAttribute('data-pending')).toBe(String(CARDS * 2));

    // Back online: the outbox drains.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('kiosk-sync').getAttribute('data-pending'), { timeout: 120_000, interval: 1000 }).toBe('0');

    const computers = (await call(`/computers/list/?limit=-1`)).dt as Row[];
    const kiosk = computers.find(c => c.code === terminal)!;
    const facts = (await call(`/sync/facts/list/?limit=1000&filter=${encodeURIComponent(JSON.stringify([{ field: 'computer_id', op: 'eq', value: kiosk.id }]))}`)).dt as Row[];
    expect(facts).toHaveLength(CARDS * 2);
    expect(new Set(facts.map(f => f.uuid)).size).toBe(CARDS * 2);
    expect(facts.every(f => f.status === 'applied')).toBe(true);
    expect(facts.filter(f => f.action === 'start')).toHaveLength(CARDS);
    expect(facts.filter(f => f.action === 'finish')).toHaveLength(CARDS);
    for (const c of cards) {
      const nodes = (await call(`/orders/cardnodes/list/?card_id=${c.id}`)).dt as Row[];
      const step = nodes.find(n => n.worknode_id === worknode)!;
      expect(step, c.show_id).toMatchObject({ status: 'done', good_quantity: c.quantity, bad_quantity: 0 });
      expect(((await call(`/orders/cards/detail/?id=${c.id}`)).dt as Row).status).toBe('done');
    }
  });
});
