import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest, serverCall } from './helpers';

/** The device status board (/devices/list_status) on the demo plant, in a real browser. */
let page: Page;

pagePerTest(s => { ({ page } = s); }, { login: true, dashboard: false });

type Row = Record<string, unknown> & { id: number; version: number; code: string; status: string };

/** A status chip's label: what a person clicks (its radio input is hidden). */
const chip = (status: string) => page.locator(`[data-testid="board-filter-${status}"] + label`);

async function device(code: string): Promise<Row> {
  const sessionid = await page.evaluate(() => sessionStorage.getItem('sessionid')) ?? '';
  const r = await serverCall(`/devices/list/?keyword=${code}`, { sessionid });
  return (r.body.dt as Row[]).find(d => d.code === code)!;
}

describe('device status board', () => {
  it('shows the machines by worknode with overdue maintenance, filters by status and changes one', async () => {
    await page.goto('/devices/list_status');
    const cards = page.getByTestId('board-device');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(14);
    // The demo plans a repair of DEV08 three days before it was seeded: overdue.
    const dev08 = (await device('DEV08')).id;
    await page.locator(`[data-device-id="${dev08}"] [data-testid="board-overdue"]`).waitFor();

    await chip('fault').click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('data-device-id')).toBe(String(dev08));
    await chip('all').click();

    const before = await device('DEV11');
    expect(before.status).toBe('idle');
    const card = page.locator(`[data-testid="board-device"][data-device-id="${before.id}"]`);
    try {
      await card.click();
      await page.getByTestId('board-set-running').click();
      await expect.poll(() => card.getAttribute('data-status')).toBe('running');
      const after = await device('DEV11');
      expect(after).toMatchObject({ status: 'running', version: before.version + 1 });
    } finally {
      // Put the demo machine back for the other tests.
      const now = await device('DEV11');
      if (now.status !== 'idle') {
        const sessionid = await page.evaluate(() => sessionStorage.getItem('sessionid')) ?? '';
        await serverCall('/devices/save/', { sessionid, form: { id: String(now.id), version: String(now.version), status: 'idle' } });
      }
    }
  });
});

describe('terminal enrolment', () => {
  it('issues a one-time code on the terminal\'s screen that a device login takes once', async () => {
    const sessionid = await page.evaluate(() => sessionStorage.getItem('sessionid')) ?? '';
    const code = `E2E-ENROL-${Date.now().toString(36).toUpperCase()}`;
    const made = await serverCall('/computers/save/', { sessionid, form: { code, name: `登记测试 ${code}` } });
    expect(made.status).toBe(200);
    await page.goto(`/computers/edit/${String(made.body.id)}`);
    await page.getByTestId('enrol-issue').click();
    const shown = (await page.getByTestId('enrol-code').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const login = (enrol: string) => serverCall('/accounts/login/', { form: { username: 'operator', password: 'oper123', computer: code, enrol } });
    expect((await login(shown)).status).toBe(200);
    expect((await login(shown)).status).toBe(403);
  });
});
