// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/react';
import ImportPage from './ImportPage';

/**
 * The import screen end to end in jsdom: a CSV chosen in the file input is parsed (in place: jsdom has no Worker),
 * mapped by its headers, previewed with its bad row, sent in batches to a stubbed server, and the result shown.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
  globalThis.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  Element.prototype.scrollIntoView = () => {};
  await initI18n('en');
});

let container: HTMLDivElement;
let root: Root;
const sent: { path: string; rows: Record<string, string>[] }[] = [];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sent.length = 0;
  // The server: every row sent is created.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const rows = JSON.parse(new URLSearchParams(String(init.body)).get('rows') ?? '[]') as Record<string, string>[];
    sent.push({ path: new URL(url, 'http://x').pathname, rows });
    const results = rows.map((_r, i) => ({ row: i, status: 'created', id: i + 1 }));
    return new Response(JSON.stringify({ msg: 'OK', created: rows.length, updated: 0, unchanged: 0, rejected: 0, results }));
  });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; page: ${container.textContent?.slice(0, 400)}`);
    await act(async () => { await new Promise(r => setTimeout(r, 20)); });
  }
}

describe('ImportPage', () => {
  it('parses, maps, previews, imports in batches and reports', async () => {
    await act(async () => {
      root.render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter initialEntries={['/data/importdata?resource=items']}>
              <Routes><Route path="/data/importdata" element={<ImportPage />} /></Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>,
      );
    });
    const csv = ['Item code,Item name,Unit price,Colour', ...Array.from({ length: 600 }, (_, i) => `T-${i},Box ${i},${i}.5,red`),
      'T-9,,abc,blue'].join('\n');
    const input = q('import-file') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([csv], 'items.csv', { type: 'text/csv' })] });
    await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })); });

    await until(() => q('import-preview-note') !== null);
    const note = q('import-preview-note')!;
    expect(note.getAttribute('data-rows')).toBe('601');
    expect(note.getAttribute('data-bad')).toBe('1');
    expect(q('import-mapping')!.querySelectorAll('tbody tr').length).toBe(4);
    expect(document.querySelectorAll('[data-testid="import-preview"] tbody tr').length).toBe(200);

    await act(async () => { (q('import-start') as HTMLButtonElement).click(); });
    await until(() => q('import-result') !== null);
    const result = q('import-result')!;
    expect(result.getAttribute('data-created')).toBe('600');
    expect(result.getAttribute('data-rejected')).toBe('1');
    expect(sent.map(s => s.rows.length)).toEqual([500, 100]);
    expect(sent[0]!.path).toBe('/items/import/');
    expect(sent[0]!.rows[0]).toEqual({ code: 'T-0', name: 'Box 0', price: '0.5' });
    expect(q('import-rejected')!.textContent).toContain('602');
  });
});
