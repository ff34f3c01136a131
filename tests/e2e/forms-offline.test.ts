import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, cspViolations, launch, watchCsp } from './browser';
import { callAs, serverCall, waitForServiceWorkerControl } from './helpers';

/**
 * A patrol form filled offline on a tablet (docs/sales-office.md "Offline fill on a tablet", decision 267): the tablet
 * logs in as its terminal (screen `forms`) on an 800 × 1280 screen and lands on the fill screen; the network goes and
 * the page is reloaded from the service worker; the inspector fills the patrol with a moisture out of limits (its
 * field turns red) and a photo, and submits: the form is queued. Back online, it reaches the server once: exactly one
 * form, flagged, its photo stored as a file.
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
const list = async (path: string, filter: unknown[]) =>
  (await call(`${path}?limit=1000&filter=${encodeURIComponent(JSON.stringify(filter))}`)).dt as Row[];

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** A small camera-like PNG (the tablet makes it a JPEG before it is kept). */
function png(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width * 3; x++) raw[y * (width * 3 + 1) + 1 + x] = (x * 7 + y * 3) & 255;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});

describe('a patrol form on a tablet', () => {
  it('is filled offline with a value out of limits and a photo, queued, and reaches the server once, flagged', { timeout: 300_000 }, async () => {
    const category = (await list('/forms/categories/list/', [{ field: 'name', op: 'eq', value: '巡检' }]))[0]!;
    const machine = (await list('/devices/list/', [{ field: 'code', op: 'eq', value: 'DEV03' }]))[0]!;
    const templateName = `E2E 巡检 ${RUN}`;
    await call('/forms/templates/save/', { item: { code: `E2E-PT-${RUN}`, name: templateName, category_id: category.id, fields: [
      { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
      { key: 'moisture', label: '纸板含水率', kind: 'number', scale: 1, unit: '%', min: 8, max: 14, required: true },
      { key: 'glue', label: '粘合牢固', kind: 'yesno', fail_on: 'no' },
      { key: 'photos', label: '现场照片', kind: 'photo', max: 2 },
    ] } });
    const terminal = `E2E-TAB-${RUN}`;
    const pc = (await call('/computers/save/', { code: terminal, name: `E2E 表单平板 ${RUN}`, screen: 'forms' })).dt as Row;
    const enrol = String((await call('/computers/enrol/', { id: pc.id })).code);

    context = await browser.newContext({ locale: 'zh-CN', baseURL: appUrl(), viewport: { width: 800, height: 1280 }, hasTouch: true });
    await watchCsp(context);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await page.locator('input[name=username]').fill('inspector');
    await page.locator('input[name=password]').fill('insp123');
    await page.getByTestId('login-terminal').fill(terminal);
    await page.getByTestId('login-enrol').fill(enrol);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(u => u.pathname === '/forms/create');
    // The offline copy (templates, machines, persons) arrives in the background after the login.
    await page.locator('[data-testid="form-fill"][data-ready="true"]').waitFor({ timeout: 90_000 });
    await expect.poll(async () => {
      await page.getByTestId('fill-template').click();
      const n = await page.getByRole('option', { name: new RegExp(templateName) }).count();
      await page.keyboard.press('Escape');
      return n;
    }, { timeout: 90_000, interval: 1000 }).toBe(1);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('form-fill').waitFor()
      .catch(async (e: unknown) => { throw new Error(`${String(e)}\n${await page.locator('body').innerText()}`); });
    await page.getByTestId('fill-template').click();
    await page.getByRole('option', { name: new RegExp(templateName) }).click();
    await page.getByTestId('fill-person').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('fill-machine').click();
    await page.getByRole('option', { name: String(machine.name), exact: true }).click();
    await page.getByTestId('fill-moisture').fill('16.5');
    await expect.poll(() => page.locator('[data-outside="true"]').count()).toBe(1);
    await page.getByTestId('fill-glue').getByText('是', { exact: true }).click();
    await page.getByTestId('fill-photos-file').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: png(640, 480) });
    await expect.poll(() => page.locator('[data-testid="form-fill"] img').count()).toBe(1);
    await page.getByTestId('fill-submit').click();
    await page.getByTestId('fill-notice').waitFor();
    await expect.poll(() => page.getByTestId('fill-queued').innerText()).toContain('1');

    await context.setOffline(false);
    const computers = await list('/computers/list/', [{ field: 'code', op: 'eq', value: terminal }]);
    const mine = () => list('/forms/list/', [{ field: 'computer_id', op: 'eq', value: computers[0]!.id }]);
    await expect.poll(async () => (await mine()).length, { timeout: 120_000, interval: 1000 }).toBe(1);
    const [form] = await mine();
    expect(form).toMatchObject({ flagged: true, device_id: machine.id, values: expect.objectContaining({ moisture: 16.5, glue: true }) as unknown });
    const files = form!.files as string[];
    expect(files).toHaveLength(1);
    const photo = await fetch(`${appUrl()}${files[0]!}`, { headers: { authorization: admin } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).readUInt16BE(0)).toBe(0xffd8);
    // Exactly once: the tablet's queue is empty and its one fact applied.
    await expect.poll(() => page.getByTestId('fill-queued').count(), { timeout: 60_000 }).toBe(0);
    const facts = await list('/sync/facts/list/', [{ field: 'computer_id', op: 'eq', value: computers[0]!.id }]);
    expect(facts.map(f => `${String(f.name)}:${String(f.status)}`)).toEqual(['form:applied']);
  });
});
