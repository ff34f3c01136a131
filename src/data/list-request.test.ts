// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session/session-store';
import { initI18n } from '../i18n';
import { isAbort } from './errors';
import { createListRequest } from './list-request';
import { setNotifier } from './notifier';
import { fakeNotifier, json } from './test-helpers';

beforeAll(async () => {
  await initI18n('zh');
});

/** A fetch whose replies the test releases one by one, in any order; it ignores aborts like a slow proxy would. */
function manualFetch() {
  const pending: { url: URL; init: RequestInit; reply(body: unknown, status?: number): void; fail(e: unknown): void }[] = [];
  const fn = vi.fn<typeof fetch>((input, init) => new Promise<Response>((resolve, reject) => {
    pending.push({
      url: new URL(String(input), 'http://x'), init: init ?? {},
      reply: (body, status = 200) => resolve(json(body, status)), fail: reject,
    });
  }));
  return { fn, pending };
}

/** Lets the request layer's awaits run. */
const flush = () => new Promise(r => setTimeout(r, 0));

let n: ReturnType<typeof fakeNotifier>;
let f: ReturnType<typeof manualFetch>;
beforeEach(() => {
  n = fakeNotifier();
  setNotifier(n);
  f = manualFetch();
  vi.stubGlobal('fetch', f.fn);
  sessionStore.setState({ baseURL: '', sessionid: 's' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

/** The reply the server would give: the echoed tokens. */
function echo(i: number, extra: Record<string, unknown> = {}) {
  const q = f.pending[i]!.url.searchParams;
  return { msg: 'OK', dt: [], total: 0, token: q.get('token'), token1: q.get('token1'), token2: q.get('token2'), ...extra };
}

describe('createListRequest', () => {
  it('sends an increasing token, the caller\'s token1, a timestamp token2 and frompath', async () => {
    window.history.pushState({}, '', '/customers/list');
    const list = createListRequest();
    void list('/customers/list/', { keyword: 'a', token1: 'tab-2' });
    void list('/customers/list/', { keyword: 'ab' });
    await flush();
    const [a, b] = f.pending.map(p => p.url.searchParams);
    expect(a!.get('token')).toBe('1');
    expect(b!.get('token')).toBe('2');
    expect(a!.get('token1')).toBe('tab-2');
    expect(b!.get('token1')).toBe('');
    expect(Number(a!.get('token2'))).toBeGreaterThan(1_600_000_000_000);
    expect(a!.get('frompath')).toBe('/customers/list');
    expect(a!.get('keyword')).toBe('a');
  });

  it('an older reply arriving after a newer one resolves null; the newer one resolves with its reply', async () => {
    const list = createListRequest();
    const older = list('/customers/list/', { keyword: 'a' });
    const newer = list('/customers/list/', { keyword: 'ab' });
    await flush();
    f.pending[1]!.reply(echo(1, { dt: [{ id: 2 }] }));
    expect(await newer).toMatchObject({ dt: [{ id: 2 }], token: '2' });
    f.pending[0]!.reply(echo(0, { dt: [{ id: 1 }] }));
    expect(await older).toBeNull();
    expect(n.error).not.toHaveBeenCalled();
  });

  it('issuing a request cancels the previous one, which resolves null and shows nothing', async () => {
    const aborted = vi.fn();
    const list = createListRequest();
    const older = list('/a/list/');
    await flush();
    f.pending[0]!.init.signal!.addEventListener('abort', aborted);
    void list('/a/list/');
    expect(aborted).toHaveBeenCalled();
    f.pending[0]!.fail(new DOMException('aborted', 'AbortError'));
    expect(await older).toBeNull();
    for (const fn of Object.values(n)) expect(fn).not.toHaveBeenCalled();
  });

  it('a reply echoing another token is dropped', async () => {
    const list = createListRequest();
    const p = list('/a/list/');
    await flush();
    f.pending[0]!.reply({ ...echo(0), token: '99' });
    expect(await p).toBeNull();
  });

  it('a reply of a path that echoes no token is accepted', async () => {
    const list = createListRequest();
    const p = list('/accounts/roleslist/');
    await flush();
    f.pending[0]!.reply({ msg: 'OK', dt: [{ id: 1 }], total: 1 });
    expect(await p).toMatchObject({ dt: [{ id: 1 }] });
  });

  it('a failure of the latest request rejects with its message shown; a stale failure resolves null', async () => {
    const list = createListRequest();
    const older = list('/a/list/');
    const newer = list('/a/list/');
    await flush();
    f.pending[0]!.reply({ msg: '没有权限' }, 403);
    expect(await older).toBeNull();
    f.pending[1]!.reply({ msg: '没有权限' }, 403);
    await expect(newer).rejects.toMatchObject({ status: 403, msg: '没有权限' });
    expect(n.error).toHaveBeenCalledWith('没有权限', 2000);
  });

  it('lists are independent of each other', async () => {
    const a = createListRequest();
    const b = createListRequest();
    const pa = a('/a/list/');
    const pb = b('/b/list/');
    await flush();
    f.pending[0]!.reply(echo(0));
    f.pending[1]!.reply(echo(1));
    expect(await pa).not.toBeNull();
    expect(await pb).not.toBeNull();
  });

  it('POST lists send the tokens in the body and never show 操作成功', async () => {
    const list = createListRequest();
    const p = list('/warehouses/details/list/', { page: 1 }, { method: 'POST' });
    await flush();
    const { init } = f.pending[0]!;
    expect(init.method).toBe('POST');
    expect(new URLSearchParams(init.body as string).get('token')).toBe('1');
    f.pending[0]!.reply({ msg: 'OK', dt: [], total: 0, token: '1' });
    expect(await p).not.toBeNull();
    expect(n.success).not.toHaveBeenCalled();
  });

  it('the caller cancelling rejects with an AbortError', async () => {
    const ctrl = new AbortController();
    const list = createListRequest();
    const p = list('/a/list/', {}, { signal: ctrl.signal });
    await flush();
    f.pending[0]!.init.signal!.addEventListener('abort', () => f.pending[0]!.fail(new DOMException('aborted', 'AbortError')));
    ctrl.abort();
    expect(isAbort(await p.catch((e: unknown) => e))).toBe(true);
  });
});
