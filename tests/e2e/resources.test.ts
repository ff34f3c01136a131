import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { RESOURCE_LABELS } from '../../src/domain/i18n/resource-labels';
import { newPage } from './browser';
import { here, logIn, pagePerTest, serverCall } from './helpers';

/** The generic resource screens (list, create, edit, history, delete, conflict, export, import) in a real browser. */
let browser: Browser;
let page: Page;
const extra: BrowserContext[] = [];

pagePerTest(s => { ({ browser, page } = s); }, { login: true, dashboard: false });
afterEach(async () => {
  for (const c of extra.splice(0)) await c.close();
});

const ITEM_LABELS = (RESOURCE_LABELS.zh.resources.items?.fields ?? {}) as Record<string, string>;
const RUN = Date.now().toString(36);

async function sessionOf(p: Page = page): Promise<string> {
  const sid = await p.evaluate(() => sessionStorage.getItem('sessionid'));
  if (!sid) throw new Error('no sessionid');
  return sid;
}

type Row = Record<string, unknown> & { id: number };

async function listRows(resource: string, query: string, p: Page = page): Promise<Row[]> {
  const r = await serverCall(`/${resource}/list/?${query}`, { sessionid: await sessionOf(p) });
  expect(r.status).toBe(200);
  return r.body.dt as Row[];
}

async function detail(resource: string, id: number, p: Page = page): Promise<Row> {
  const r = await serverCall(`/${resource}/detail/?id=${id}`, { sessionid: await sessionOf(p) });
  expect(r.status).toBe(200);
  return r.body.dt as Row;
}

/** Opens a list page and waits for its rows. */
async function openList(path: string, p: Page = page): Promise<void> {
  await p.goto(path);
  await p.getByTestId('resource-list').waitFor();
  await p.getByTestId('grid-row').first().waitFor();
}

/** Types the keyword and waits until exactly one row (the one with `text`) is shown. */
async function findRow(text: string, p: Page = page) {
  await p.getByTestId('list-keyword').fill(text);
  const rows = p.getByTestId('grid-row');
  await expect.poll(() => rows.count()).toBe(1);
  const row = rows.filter({ hasText: text });
  await row.waitFor();
  return row;
}

/** Selects the one row found by `text` on a list and deletes it through the confirm dialog. */
async function removeFromList(path: string, text: string): Promise<void> {
  await openList(path);
  const row = await findRow(text);
  await row.getByText(text).click();
  await expect.poll(() => row.getAttribute('data-state')).toContain('selected');
  await page.getByTestId('list-remove').click();
  await page.getByTestId('confirm-remove').click();
  await expect.poll(() => page.getByTestId('grid-row').count()).toBe(0);
}

async function save(p: Page = page): Promise<void> {
  await p.getByTestId('save-button').click();
}

function xlsxBuffer(aoa: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Sets a file on the import screen and waits until the preview allows starting. */
async function pickImportFile(name: string, buffer: Buffer, mimeType: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType, buffer });
  const start = page.getByTestId('import-start');
  await start.waitFor({ timeout: 60_000 });
  await expect.poll(() => start.isEnabled(), { timeout: 60_000 }).toBe(true);
}

async function runImportAndWait(timeout = 120_000) {
  await page.getByTestId('import-start').click();
  const result = page.getByTestId('import-result');
  await result.waitFor({ timeout });
  const n = async (k: string) => Number(await result.getAttribute(`data-${k}`));
  return { created: await n('created'), updated: await n('updated'), unchanged: await n('unchanged'), rejected: await n('rejected') };
}

describe('resources', () => {
  it('items: create, find, edit, history, delete', async () => {
    const code = `E2E-${RUN}-1`;
    await openList('/items/list');
    await page.getByTestId('list-create').click();
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-name').fill('E2E item');
    await save();
    await page.waitForURL(u => u.pathname === '/items/list');

    const row = await findRow(code);
    const id = Number(await row.getAttribute('data-row-id'));
    expect(id).toBeGreaterThan(0);
    await row.getByText(code).dblclick();
    await page.waitForURL(u => u.pathname === `/items/edit/${id}`);
    const name = page.getByTestId('field-name');
    await expect.poll(() => name.inputValue()).toBe('E2E item');
    await name.fill('E2E item renamed');
    await save();
    await expect.poll(async () => (await detail('items', id)).name).toBe('E2E item renamed');

    await page.getByTestId('history-open').click();
    const drawer = page.getByTestId('history-drawer');
    await expect.poll(() => drawer.getByTestId('history-entry').count()).toBe(2);

    await removeFromList('/items/list', code);
    expect(await listRows('items', `keyword=${encodeURIComponent(code)}`)).toHaveLength(0);
  });

  it('customers: create, edit, history, delete', async () => {
    const name = `E2E客户-${RUN}`;
    const code = `E2EC-${RUN}`;
    await openList('/customers/list');
    await page.getByTestId('list-create').click();
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-phone').fill('123');
    await save();
    await page.waitForURL(u => u.pathname === '/customers/list');

    const row = await findRow(code);
    const id = Number(await row.getAttribute('data-row-id'));
    await row.getByText(code).dblclick();
    await page.waitForURL(u => u.pathname === `/customers/edit/${id}`);
    const phone = page.getByTestId('field-phone');
    await expect.poll(() => phone.inputValue()).toBe('123');
    await phone.fill('555-0100');
    await save();
    await expect.poll(async () => (await detail('customers', id)).phone).toBe('555-0100');
    expect((await detail('customers', id)).name).toBe(name);

    await page.getByTestId('history-open').click();
    const drawer = page.getByTestId('history-drawer');
    await expect.poll(() => drawer.getByTestId('history-entry').count()).toBe(2);
    const newest = await drawer.getByTestId('history-entry').first().innerText();
    expect(newest).toContain('123');
    expect(newest).toContain('555-0100');

    await removeFromList('/customers/list', code);
    expect(await listRows('customers', `keyword=${encodeURIComponent(code)}`)).toHaveLength(0);
  });

  it('roles: create, tick menus in the tree editor, history, delete', async () => {
    const code = `e2e-role-${RUN}`;
    const path = '/customers/list';
    await openList('/roles/list');
    await page.getByTestId('list-create').click();
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('field-name').fill('E2E role');
    await save();
    await page.waitForURL(u => u.pathname === '/roles/list');

    const row = await findRow(code);
    const id = Number(await row.getAttribute('data-row-id'));
    expect((await detail('roles', id)).menus ?? []).toEqual([]);
    await row.getByText(code).dblclick();
    await page.waitForURL(u => u.pathname === `/roles/edit/${id}`);
    const box = page.getByTestId(`menu-${path}`);
    await expect.poll(() => box.isChecked()).toBe(false);
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await save();
    await expect.poll(async () => ((await detail('roles', id)).menus as string[] | null ?? []).includes(path)).toBe(true);

    // Unticked again: the tree editor saves what it shows.
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    await save();
    await expect.poll(async () => ((await detail('roles', id)).menus as string[] | null ?? []).includes(path)).toBe(false);

    await page.getByTestId('history-open').click();
    const drawer = page.getByTestId('history-drawer');
    await expect.poll(() => drawer.getByTestId('history-entry').count()).toBe(3);

    await removeFromList('/roles/list', code);
    expect(await listRows('roles', `keyword=${encodeURIComponent(code)}`)).toHaveLength(0);
  });

  it('a stale save opens the conflict dialog naming who saved, and reload shows their change', async () => {
    const [item] = await listRows('items', 'keyword=BC-000002');
    expect(item).toBeDefined();
    const id = item!.id;
    const second = await newPage(browser);
    extra.push(second.context);
    second.context.setDefaultTimeout(15_000);
    await logIn(second.page);

    for (const p of [page, second.page]) {
      await p.goto(`/items/edit/${id}`);
      await p.getByTestId('resource-form').waitFor();
      await expect.poll(() => p.getByTestId('field-name').inputValue()).not.toBe('');
    }
    const first = `first ${RUN}`;
    await page.getByTestId('field-name').fill(first);
    await save(page);
    await expect.poll(async () => (await detail('items', id)).name).toBe(first);
    // The admin account's name in the demo data (server/seed/org.ts).
    const who = '系统管理员';

    await second.page.getByTestId('field-name').fill(`second ${RUN}`);
    await save(second.page);
    const reload = second.page.getByTestId('conflict-reload');
    await reload.waitFor();
    expect(await second.page.getByTestId('conflict-dialog').textContent()).toContain(who);
    await reload.click();
    await expect.poll(() => second.page.getByTestId('conflict-reload').count()).toBe(0);
    await expect.poll(() => second.page.getByTestId('field-name').inputValue()).toBe(first);
    expect((await detail('items', id)).name).toBe(first);
  });

  it('imports 10,000 rows from an .xlsx: 5 bad rows rejected, a second import creates nothing', async () => {
    const header = ['code', 'name', 'spec', 'unit', 'weight'].map(f => ITEM_LABELS[f]);
    const rows: unknown[][] = [header];
    for (let n = 0; n < 10_000; n++) {
      const code = `IMP-${RUN}-${n}`;
      if (n % 2000 === 7) {
        // Bad rows: no name (required) or a text in the weight column.
        rows.push(n % 4000 === 7 ? [code, '', 's', 'pcs', 1] : [code, `imp ${n}`, 's', 'pcs', 'abc']);
      } else {
        rows.push([code, `imp ${n}`, `spec ${n % 10}`, 'pcs', n % 50]);
      }
    }
    expect(rows.length - 1).toBe(10_000);
    const buffer = xlsxBuffer(rows);
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    await page.goto('/data/importdata?resource=items');
    await page.getByTestId('import-page').waitFor();
    await pickImportFile('items.xlsx', buffer, mime);
    const first = await runImportAndWait();
    expect(first).toMatchObject({ created: 9995, rejected: 5 });

    await pickImportFile('items.xlsx', buffer, mime);
    const second = await runImportAndWait();
    expect(second.created).toBe(0);
    expect(second.rejected).toBe(5);
    expect(second.unchanged + second.updated).toBe(9995);
  }, 170_000);

  it('an import with __proto__ and constructor columns pollutes nothing', async () => {
    const code = `PP-${RUN}`;
    const csv = `${ITEM_LABELS.code},${ITEM_LABELS.name},__proto__,constructor,prototype\n`
      + `${code},proto test,"{""polluted"":1}","{""prototype"":{""polluted"":1}}","{""polluted"":1}"\n`;
    await page.goto('/data/importdata?resource=items');
    await page.getByTestId('import-page').waitFor();
    await pickImportFile('proto.csv', Buffer.from(csv, 'utf8'), 'text/csv');
    const report = await runImportAndWait(60_000);
    // The odd columns are left unmapped: the row itself is imported.
    expect(report).toMatchObject({ created: 1, rejected: 0 });

    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
    expect(await page.evaluate(() => (Object.prototype as Record<string, unknown>).polluted)).toBeUndefined();
    const r = await serverCall(`/items/list/?keyword=${code}`, { sessionid: await sessionOf() });
    expect(r.status).toBe(200);
    const [row] = r.body.dt as Row[];
    expect(row?.code).toBe(code);
    expect(Object.prototype.hasOwnProperty.call(row, 'polluted')).toBe(false);
    const health = await serverCall('/items/list/?limit=1', { sessionid: await sessionOf() });
    expect(health.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(here(page)).toContain('/data/importdata');
  });
});
