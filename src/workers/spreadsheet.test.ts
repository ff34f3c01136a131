import { describe, expect, it } from 'vitest';
import { buildXlsx } from './spreadsheet-build';
import { parseSheet } from './spreadsheet-parse';
import type { SpreadsheetApi } from './spreadsheet-types';
import { buildSpreadsheet, parseSpreadsheet, SpreadsheetError } from './spreadsheet';
import { fakeWorker } from './test-worker';

/**
 * The worker wrapper, with the worker played by a MessageChannel port running the real Comlink protocol, so time
 * limits, cancel and progress callbacks are tested as the page uses them (test-worker.ts).
 */

const csv = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

describe('spreadsheet worker calls', () => {
  it('parses in the worker and ends it', async () => {
    const f = fakeWorker<Partial<SpreadsheetApi>>({ parseSheet });
    const s = await parseSpreadsheet(csv('code,name\nA,B\n'), 'a.csv', { createWorker: () => f.worker });
    expect(s).toEqual({ headers: ['code', 'name'], rows: [['A', 'B']], truncated: false });
    expect(f.terminated()).toBe(true);
  });

  it('terminates a parse that runs past the time limit and rejects with "timeout"', async () => {
    const f = fakeWorker<Partial<SpreadsheetApi>>({ parseSheet: () => new Promise<never>(() => {}) as never });
    const t0 = Date.now();
    const err = await parseSpreadsheet(csv('a'), 'a.csv', { createWorker: () => f.worker, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpreadsheetError);
    expect((err as SpreadsheetError).code).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(f.terminated()).toBe(true);
  });

  it('passes the parse error code through, and cancels on abort', async () => {
    const f = fakeWorker<Partial<SpreadsheetApi>>({ parseSheet });
    const err = await parseSpreadsheet(new ArrayBuffer(0), 'a.xlsx', { createWorker: () => f.worker }).catch((e: unknown) => e);
    expect((err as SpreadsheetError).code).toBe('empty');

    const g = fakeWorker<Partial<SpreadsheetApi>>({ parseSheet: () => new Promise<never>(() => {}) as never });
    const ctl = new AbortController();
    const p = parseSpreadsheet(csv('a'), 'a.csv', { createWorker: () => g.worker, signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(g.terminated()).toBe(true);
  });

  it('builds excel.xlsx with progress heard from the worker', async () => {
    const f = fakeWorker<Partial<SpreadsheetApi>>({ buildXlsx });
    const rows = Array.from({ length: 12_000 }, (_, i) => [`r${i}`, i]);
    const seen: number[] = [];
    const out = await buildSpreadsheet(['name', 'n'], rows, d => seen.push(d), { createWorker: () => f.worker });
    expect(parseSheet(out, 'excel.xlsx').rows.length).toBe(12_000);
    // Progress callbacks travel as messages; the last ones may land after the result, so only the first is sure.
    await new Promise(r => setTimeout(r, 20));
    expect(seen[0]).toBe(5000);
  });

  it('without a Web Worker (Node) runs the same functions in place', async () => {
    expect(typeof Worker).toBe('undefined');
    expect((await parseSpreadsheet(csv('a\n1'), 'a.csv')).rows).toEqual([['1']]);
    const err = await parseSpreadsheet(csv('x'), 'a.xlsx', { limits: { maxBytes: 0, maxRows: 1, maxColumns: 1, maxCellLength: 1 } })
      .catch((e: unknown) => e);
    expect((err as SpreadsheetError).code).toBe('too_large');
  });
});
