import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Field } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';

/**
 * Helpers of the form and screen tests (jsdom): what Mantine measures with, a render inside the app's providers,
 * and DOM events as React listens to them. Test-only; no app code imports this file.
 */
export function setupDom(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
  globalThis.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  Element.prototype.scrollIntoView = () => {};
  // Mantine's autosizing text area listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
  }
}

/** Shows the router's location, so a test can see where a screen navigated. */
function Where() {
  const l = useLocation();
  return <div data-testid="where" data-where={l.pathname} />;
}

export interface Rendered {
  root: Root;
  container: HTMLDivElement;
  client: QueryClient;
  unmount: () => void;
}

/** Renders `node` at `path` (route pattern `pattern`) with Mantine, TanStack Query and a memory router. */
export async function renderUi(node: ReactNode, opts: { path?: string; pattern?: string } = {}): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = opts.path ?? '/';
  await act(async () => {
    root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={opts.pattern ?? '*'} element={<>{node}<Where /></>} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  return {
    root, container, client,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      client.clear();
    },
  };
}

export const byTestId = <T extends Element = HTMLElement>(id: string, scope: ParentNode = document): T | null =>
  scope.querySelector<T>(`[data-testid="${id.replace(/["\\]/g, '\\$&')}"]`);

export function mustFind<T extends Element = HTMLElement>(id: string, scope: ParentNode = document): T {
  const el = byTestId<T>(id, scope);
  if (!el) throw new Error(`no element with data-testid="${id}"`);
  return el;
}

/** Types into an input as a person would: React listens to `input` events and reads the native value. */
export async function typeInto(el: Element, value: string): Promise<void> {
  const input = el as HTMLInputElement | HTMLTextAreaElement;
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  await act(async () => {
    // Comboboxes treat a change of an unfocused input as autofill, not typing.
    input.focus();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

export async function blur(el: Element): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    el.dispatchEvent(new FocusEvent('blur'));
  });
}

/** Waits until `check` stops throwing (React work and fetch replies arrive asynchronously). */
export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      return check();
    } catch (e) {
      last = e;
    }
    if (Date.now() - start > timeoutMs) throw last;
    await act(async () => {
      await new Promise(r => setTimeout(r, 20));
    });
  }
}

/** A plausible stored value of each field type, as `/detail/` returns it. */
export function sampleValue(name: string, f: Field): unknown {
  switch (f.type) {
    case 'text': return f.format === 'image' ? '/files/?action=download&id=abcdefghijklmnop' : `${name} 值`;
    case 'password': return undefined;
    case 'int': return 3;
    case 'number': return 1.5;
    case 'money': return 12.5;
    case 'bool': return true;
    case 'date': return '2024-03-01';
    case 'datetime': return '2024-03-01T08:00:00.000Z';
    case 'enum': return f.values[0];
    case 'ref': return 1;
    case 'refs': return [1, 2];
    case 'texts': return name === 'menus' ? ['/dashboard', '/customers/list'] : ['a', 'b'];
    case 'json':
      if (f.format === 'grants') return { items: { actions: ['view', 'edit'] }, customers: { actions: ['view'], scope: 'own' } };
      return name === 'props' ? { 主数量: 10, 主单位: '件' } : { a: 1 };
  }
}

/** A row of `def` with every field set, the reference names and the system columns. */
export function sampleRow(def: ResourceDef, over: Record<string, unknown> = {}): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: 7, version: 2, rev: 10, created_at: '2024-01-01T00:00:00.000Z', created_by: 1,
    updated_at: '2024-02-01T00:00:00.000Z', updated_by: 1,
  };
  for (const [name, f] of Object.entries(def.fields)) {
    const v = sampleValue(name, f);
    if (v === undefined) continue;
    row[name] = v;
    if (f.type === 'ref') row[`${name}_name`] = `${name} 一`;
    if (f.type === 'refs') row[`${name}_names`] = [`${name} 一`, `${name} 二`];
  }
  return { ...row, ...over };
}

/** A JSON reply as fetch gives it. */
export function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
