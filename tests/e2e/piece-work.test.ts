import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateRangeOf, dateRangeStrings } from '../../src/domain/rules/date-ranges';
import { formatForReading } from '../../src/domain/rules/numbers';
import { logIn, pagePerTest, serverCall } from './helpers';

/**
 * Piece work (issue 12) as a supervisor uses it: the works report of the last week on the demo plant's records, a
 * person's records opened from their row, the report exported and read back, and the pay slips printed one page per
 * person.
 */
let page: Page;

pagePerTest(s => { ({ page } = s); });

type Row = Record<string, unknown>;
let session = '';

beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'supervisor', password: 'super123' } })).body.sessionid);
});

describe('piece work', () => {
  it('shows last week\'s report, opens a person\'s records, exports it and prints the pay slips', async () => {
    await logIn(page, 'supervisor', 'super123');
    await page.goto('/reports/works');
    await page.getByTestId('works-report').waitFor();
    // The spec §9 shortcut "last week" from the range's calendar.
    await page.getByTestId('grid-date-range').click();
    await page.getByRole('button', { name: '最近一周' }).click();
    const rows = page.getByTestId('works-report-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);

    // The table is the server's report of the same range, person by person, with the range's total.
    const [from, to] = dateRangeStrings(dateRangeOf('week', new Date()));
    const report = (await serverCall(`/persons/works/report/?from=${from}&to=${to}`, { sessionid: session })).body as
      { dt: Row[]; totals: Row };
    expect(await rows.count()).toBe(report.dt.length);
    const total = (await page.getByTestId('works-report-total').getByTestId('works-amount').textContent())?.trim();
    // Grouped as the reader's language writes it (issue 30), 2 decimals.
    expect(total).toBe(formatForReading(Number(report.totals.amount), 'zh', 2, 2));

    // A person's records.
    await rows.first().click();
    await expect.poll(() => page.getByTestId('works-person-record').count()).toBe(Number(report.dt[0]!.records));
    await page.keyboard.press('Escape');

    // A spreadsheet of the same rows, and a total line, named after the screen and the day (issue 30).
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('works-report-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[^/\\]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(download.suggestedFilename()).not.toBe('excel.xlsx');
    const wb = XLSX.read(await readFile((await download.path())!));
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(sheet).toHaveLength(report.dt.length + 2);
    expect(sheet[1]![0]).toBe(report.dt[0]!.code);
    expect(sheet.at(-1)).toContain(report.totals.amount);

    // Pay slips: one page per person, printed with the browser's dialog (captured when print() is called).
    await page.evaluate(() => {
      const w = window as unknown as { __slips?: number; print: () => void };
      w.print = () => { w.__slips = document.querySelectorAll('[data-testid="pay-slip"]').length; };
    });
    await page.getByTestId('works-report-slips').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __slips?: number }).__slips)).toBe(report.dt.length);
  });
});
