import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, cspViolations, launch, watchCsp } from './browser';
import { callAs, serverCall, waitForServiceWorkerControl } from './helpers';

/**
 * Proof of delivery on a phone, offline (issue 32 item 5, docs/delivery.md "Proof of delivery"), as a driver does it:
 * the phone (a 390 × 844 screen) logs in once as its terminal PHONE-01 with the driver's account and lands on the
 * deliveries to sign for, read while online; at the customer's dock there is no network: the page is reloaded offline
 * and still lists them, the driver opens one, the customer writes their name and signs on the screen with a finger (the
 * mouse here), the driver takes a photo of the goods and confirms — the receipt is queued on the phone. Back in reach,
 * the receipt reaches the server once: the delivery is signed with the signer, the signature, the photo (made small on
 * the phone), the place and the time. The shipped deliveries come from the e2e setup (tests/e2e/global-setup.ts).
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin = '';

beforeAll(async () => {
  browser = await launch();
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});
afterAll(async () => { await browser?.close(); });
afterEach(async () => {
  await context?.close();
  expect(cspViolations.splice(0)).toEqual([]);
});

type Row = Record<string, unknown>;
const list = async (path: string, filter: unknown[]) =>
  (await callAs(admin, `${path}?limit=100&filter=${encodeURIComponent(JSON.stringify(filter))}`)).dt as Row[];

/** CRC-32 of PNG chunks. */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A camera-sized picture (an RGB gradient with a grain), as a PNG the phone must make small. */
function cameraPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 24;
      raw[row + 1 + x * 3] = (x * 255 / width + grain) & 255;
      raw[row + 2 + x * 3] = (y * 255 / height + grain) & 255;
      raw[row + 3 + x * 3] = ((x + y) & 255) ^ grain;
    }
  }
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

/** A JPEG's size from its first start-of-frame segment. */
function jpegSize(b: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no frame in the JPEG');
}

async function download(url: string): Promise<Buffer> {
  const r = await fetch(`${appUrl()}${url}`, { headers: { authorization: admin } });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

/** Draws a stroke across the signature pad with the mouse, through `points` given as fractions of its box. */
async function stroke(points: readonly [number, number][]): Promise<void> {
  const box = (await page.getByTestId('pod-signature').boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 6 });
  await page.mouse.up();
}

describe('proof of delivery on the driver\'s phone', () => {
  it('signs a delivery offline at the dock and the server has it signed once, with signature, photo, signer and place', { timeout: 300_000 }, async () => {
    const [phone] = await list('/computers/list/', [{ field: 'code', op: 'eq', value: 'PHONE-01' }]);
    expect(phone?.screen).toBe('delivery');
    const enrol = String((await callAs(admin, '/computers/enrol/', { id: phone!.id })).code);
    const [delivery] = await list('/deliveries/list/', [{ field: 'show_id', op: 'eq', value: 'E2E-POD-1' }]);
    expect(delivery).toMatchObject({ status: 'shipped' });

    context = await browser.newContext({
      locale: 'zh-CN', baseURL: appUrl(), viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true,
      geolocation: { latitude: 31.2304, longitude: 121.4737 }, permissions: ['geolocation'],
    });
    await watchCsp(context);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();

    // The phone logs in once as its terminal, as the driver, and lands on the deliveries to sign for.
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await waitForServiceWorkerControl(page);
    await page.locator('input[name=username]').fill('driver');
    await page.locator('input[name=password]').fill('driver123');
    await page.getByTestId('login-terminal').fill('PHONE-01');
    await page.getByTestId('login-enrol').fill(enrol);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(u => u.pathname === '/deliveries/sign');
    // Online: the driver's own deliveries, kept on the phone as they arrive.
    const item = (no: string) => page.locator(`[data-testid="pod-item"][data-no="${no}"]`);
    await item('E2E-POD-1').waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => { throw new Error(`${String(e)}\n${await page.locator('body').innerText()}`); });
    await item('E2E-POD-2').waitFor();
    expect(await item('E2E-POD-1').getByTestId('pod-state').getAttribute('data-state')).toBe('waiting');
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // At the dock, without the network: a reload still lists them, from what the phone kept.
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.locator('[data-testid="pod"][data-kept="true"]').waitFor()
      .catch(async (e: unknown) => { throw new Error(`${String(e)}\n${await page.locator('body').innerText()}`); });
    await page.getByTestId('pod-offline').waitFor();
    await item('E2E-POD-1').getByTestId('pod-open').click();
    const sheet = page.locator(`[data-testid="pod-sheet"][data-id="${String(delivery!.id)}"]`);
    await sheet.waitFor();
    expect(await sheet.getByTestId('pod-lines').getAttribute('data-count')).toBe('1');
    await expect.poll(() => page.getByTestId('pod-place').getAttribute('data-place')).toBe('31.2304,121.4737');

    // The customer signs: their name, then two strokes on the pad.
    await page.getByTestId('pod-signer').fill('陈经理');
    await page.getByTestId('pod-signature').scrollIntoViewIfNeeded();
    await stroke([[0.1, 0.7], [0.2, 0.3], [0.3, 0.75], [0.4, 0.35], [0.5, 0.7]]);
    await stroke([[0.55, 0.5], [0.7, 0.45], [0.9, 0.55]]);
    // The driver photographs the goods: a camera-sized picture, made small on the phone.
    await page.getByTestId('pod-photo-input').setInputFiles({ name: 'dock.png', mimeType: 'image/png', buffer: cameraPng(2400, 1800) });
    const photo = page.getByTestId('pod-photo');
    await photo.waitFor({ timeout: 60_000 });
    expect(Number(await photo.getAttribute('data-bytes'))).toBeLessThanOrEqual(300_000);
    await page.getByTestId('pod-confirm').click();
    await page.getByTestId('pod-saved').waitFor();
    await expect.poll(() => sheet.getAttribute('data-state')).toBe('queued');
    await expect.poll(() => page.getByTestId('pod-pending').getAttribute('data-pending')).toBe('1');
    // Still offline, the server has nothing.
    expect((await list('/deliveries/list/', [{ field: 'id', op: 'eq', value: delivery!.id }]))[0]).toMatchObject({ status: 'shipped' });

    // Back in reach: the receipt leaves the phone and the delivery is signed.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pod-pending').getAttribute('data-pending'), { timeout: 120_000, interval: 1000 }).toBe('0');
    await expect.poll(() => sheet.getAttribute('data-state'), { timeout: 60_000, interval: 1000 }).toMatch(/^(sent|signed)$/);

    const [signed] = await list('/deliveries/list/', [{ field: 'id', op: 'eq', value: delivery!.id }]);
    expect(signed).toMatchObject({ status: 'signed', signer: '陈经理', sign_place: '31.2304,121.4737', version: Number(delivery!.version) + 1 });
    expect(Date.now() - new Date(String(signed!.signed_at)).getTime()).toBeLessThan(10 * 60_000);
    const signature = await download(String(signed!.signature));
    expect(signature.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(signature.length).toBeGreaterThan(1000);
    const jpeg = await download(String(signed!.photo));
    expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
    expect(jpeg.length).toBeLessThanOrEqual(300_000);
    expect(Math.max(...Object.values(jpegSize(jpeg)))).toBeLessThanOrEqual(1600);
    // Once: one receipt from the phone, applied; one signing in the delivery's history.
    const facts = await list('/sync/facts/list/', [{ field: 'computer_id', op: 'eq', value: phone!.id }, { field: 'name', op: 'eq', value: 'sign' }]);
    expect(facts.map(f => f.status)).toEqual(['applied']);
    const history = (await callAs(admin, `/history/list/?table_name=deliveries&kid=${String(delivery!.id)}`)).dt as Row[];
    expect(history.filter(h => (h.after as Row | null)?.status === 'signed')).toHaveLength(1);
    // The other delivery still waits for its receipt.
    await page.getByTestId('pod-back').click();
    expect(await item('E2E-POD-2').getByTestId('pod-state').getAttribute('data-state')).toBe('waiting');
  });
});
