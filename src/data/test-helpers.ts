import { vi } from 'vitest';
import type { ResourceDef } from '../domain/registry/resource';
import { resourceByName } from '../domain/resources/all';
import type { Notifier } from './notifier';

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
