import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, pagePerTest } from './helpers';

/**
 * Forms in a real browser (docs/sales-office.md "Forms"): the categories screen counts a category's flagged forms not
 * yet reviewed and opens its list; the list shows the category's forms; a flagged form's screen names what is out of
 * limits, and its review needs a comment, after which the form is reviewed and its review button gone.
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

describe('forms', () => {
  it('a flagged form is counted on its category, listed, shown with its flags and reviewed with a comment', async () => {
    const sid = await sessionOf();
    const category = ((await callAs(sid, '/forms/categories/list/?limit=-1')).dt as Row[]).find(c => c.name === '巡检')!;
    const template = (await callAs(sid, '/forms/templates/save/', { item: { code: `E2E-${RUN}`, name: `E2E 巡检 ${RUN}`,
      category_id: category.id, fields: [{ key: 'moisture', label: '纸板含水率', kind: 'number', scale: 1, min: 8, max: 14, required: true }] } })).dt as Row;
    const form = (await callAs(sid, '/forms/save/', { item: { template_id: template.id, values: { moisture: 16.5 } } })).dt as Row;
    expect(form.flagged).toBe(true);

    await page.goto('/forms/categories');
    const card = page.getByTestId(`form-category-${String(category.id)}`);
    await card.waitFor();
    await expect.poll(() => card.getByTestId('flagged-open').count()).toBe(1);
    await expect.poll(() => card.innerText()).toContain(`E2E 巡检 ${RUN}`);
    await card.getByTestId('open-list').click();
    await page.waitForURL(u => u.pathname === `/forms/list/${String(category.id)}`);
    await page.getByTestId('resource-list').waitFor();
    await page.getByTestId('list-keyword').fill(String(form.show_id));
    await expect.poll(() => page.getByTestId('grid-row').count()).toBe(1);

    await page.goto(`/forms/edit/${String(form.id)}`);
    await expect.poll(() => page.getByTestId('form-flags').innerText()).toContain('纸板含水率: 16.5');
    await page.getByTestId('form-review').click();
    const confirm = page.getByTestId('form-review-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('form-review-comment').fill('已复测，调整烘干温度');
    await confirm.click();
    await page.getByTestId('form-review').waitFor({ state: 'detached' });
    const reviewed = (await callAs(sid, `/forms/detail/?id=${String(form.id)}`)).dt as Row;
    expect(reviewed).toMatchObject({ status: 'reviewed', review_comment: '已复测，调整烘干温度' });
  });

  it('an office fill refuses a missing answer, then uploads the photo and saves the form, opening it', async () => {
    const sid = await sessionOf();
    const category = ((await callAs(sid, '/forms/categories/list/?limit=-1')).dt as Row[]).find(c => c.name === '设备点检')!;
    const template = (await callAs(sid, '/forms/templates/save/', { item: { code: `E2E-MC-${RUN}`, name: `E2E 点检 ${RUN}`,
      category_id: category.id, fields: [
        { key: 'air', label: '气压', kind: 'number', scale: 2, unit: 'MPa', min: 0.5, max: 0.8, required: true },
        { key: 'photos', label: '照片', kind: 'photo', max: 1 },
      ] } })).dt as Row;
    // Opened from its category's card, the fill screen has the template chosen.
    await page.goto('/forms/categories');
    await page.getByTestId(`fill-template-${String(template.id)}`).click();
    await page.waitForURL(u => u.pathname === '/forms/create' && u.searchParams.get('template_id') === String(template.id));
    await page.getByTestId('fill-submit').click();
    await expect.poll(() => page.getByTestId('form-fill').innerText()).toContain('必填');
    await page.getByTestId('fill-air').fill('0.65');
    await page.getByTestId('fill-photos-file').setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: png(320, 240) });
    await expect.poll(() => page.locator('[data-testid="form-fill"] img').count()).toBe(1);
    await page.getByTestId('fill-submit').click();
    await page.waitForURL(u => u.pathname.startsWith('/forms/edit/'));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const form = (await callAs(sid, `/forms/detail/?id=${id}`)).dt as Row;
    expect(form).toMatchObject({ template_id: template.id, flagged: false, values: expect.objectContaining({ air: 0.65 }) as unknown });
    expect((form.files as string[])).toHaveLength(1);
    expect((form.values as Row).photos).toEqual(form.files);
  });
});

/** A small PNG, as a camera might give (the screen makes it a JPEG before it is uploaded). */
function png(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width * 3; x++) raw[y * (width * 3 + 1) + 1 + x] = (x * 5 + y) & 255;
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
