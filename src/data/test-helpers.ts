import { afterEach, beforeEach, vi } from 'vitest';
import type { ResourceDef } from '../domain/registry/resource';
import { resourceByName } from '../domain/resources/all';
import { setNotifier, type Notifier } from './notifier';
import { sessionStore } from './session/session-store';

/** A declared resource by name; a test of one that does not exist fails at once, not on `undefined` later. */
export function declared(name: string): ResourceDef {
  const def = resourceByName(name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
}

/** A notifier that records what the request layer asked to show. */
export function fakeNotifier() {
  return {
    success: vi.fn<Notifier['success']>(),
    warning: vi.fn<Notifier['warning']>(),
    error: vi.fn<Notifier['error']>(),
    loggedOut: vi.fn<Notifier['loggedOut']>(),
  } satisfies Notifier;
}

/** A JSON reply as fetch would give it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers but rejects, as the real one does, when its signal aborts. */
export function hangingFetch() {
  return vi.fn((_url: string | URL | Request, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')), { once: true });
  }));
}

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * The hooks of a client test: before each test, `fetch` stubbed (answering `{msg: 'OK'}` until the test says
 * otherwise), a recording notifier installed and a session in the store; after it, both removed. Read `fetch` and
 * `notifier` inside the tests (they are new for each).
 */
export function stubServer(): { readonly fetch: FetchMock; readonly notifier: ReturnType<typeof fakeNotifier> } {
  let fetchMock: FetchMock | undefined;
  let notifier: ReturnType<typeof fakeNotifier> | undefined;
  beforeEach(() => {
    notifier = fakeNotifier();
    setNotifier(notifier);
    fetchMock = vi.fn<typeof fetch>(async () => json({ msg: 'OK' }));
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.setState({ baseURL: '', sessionid: 'sess-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });
  return {
    get fetch() { return fetchMock!; },
    get notifier() { return notifier!; },
  };
}
