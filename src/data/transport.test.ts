// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session/session-store';
import { initI18n } from '../i18n';
import { ApiError, isAbort } from './errors';
import { apiGet, apiPost, apiPostJson, postMultipart } from './http';
import { setNotifier } from './notifier';
import { fakeNotifier, hangingFetch, json } from './test-helpers';
import { DEFAULT_TIMEOUT_MS, formValue, LONG_TIMEOUT_MS, MAIN_TIMEOUT_MS } from './transport';

beforeAll(async () => {
  await initI18n('zh');
});

let n: ReturnType<typeof fakeNotifier>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}
function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => { throw new Error('resolved'); }, (e: unknown) => e);
}

beforeEach(() => {
  n = fakeNotifier();
  setNotifier(n);
  fetchMock = vi.fn<typeof fetch>(async () => json({ msg: 'OK' }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setState({ baseURL: '', sessionid: 'sess-1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('encoding', () => {
  it('GET puts the parameters, ios=1 and lang in the query string, and sends the session id', async () => {
    await apiGet('/customers/list/', { page: 1, keyword: '张 三&', filter: [{ field: 'name', op: 'eq', value: 'a' }], skip: undefined, empty: null });
    const { url, init } = lastCall();
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/customers/list/');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      page: '1', keyword: '张 三&', filter: '[{"field":"name","op":"eq","value":"a"}]', empty: '', ios: '1', lang: 'zh',
    });
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(header(init, 'Authorization')).toBe('sess-1');
  });

  it('POST sends a form-urlencoded body with ios=1 and objects as one JSON field', async () => {
    await apiPost('/customers/save/', { name: '客户', item: { a: 1, b: [2] }, ids: [1, 2], ok: true });
    const { url, init } = lastCall();
    expect(url).toBe('/customers/save/?lang=zh');
    expect(init.method).toBe('POST');
    expect(header(init, 'Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(typeof init.body).toBe('string');
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({
      name: '客户', item: '{"a":1,"b":[2]}', ids: '[1,2]', ok: 'true', ios: '1',
    });
  });

  it('apiPostJson sends the values as a JSON body with ios=1, lang and the session id', async () => {
    await apiPostJson('/sync/push/', { device: 'K-01', mutations: [{ id: 'a', args: { card: 'C&1' } }], floor: 3 }, { silent: true });
    const { url, init } = lastCall();
    expect(url).toBe('/sync/push/?lang=zh');
    expect(init.method).toBe('POST');
    expect(header(init, 'Content-Type')).toBe('application/json');
    expect(header(init, 'Authorization')).toBe('sess-1');
    expect(JSON.parse(init.body as string)).toEqual({ device: 'K-01', mutations: [{ id: 'a', args: { card: 'C&1' } }], floor: 3, ios: 1 });
  });

  it('keeps a query already in the path and an explicit lang', async () => {
    await apiPost('/accounts/my/?action=loadmenu&platform=pc', { menus: [] }, { silent: true });
    expect(lastCall().url).toBe('/accounts/my/?action=loadmenu&platform=pc&lang=zh');
    await apiGet('/x/', { lang: 'ja' });
    expect(lastCall().url).toBe('/x/?lang=ja&ios=1');
  });

  it('formValue: undefined left out, null empty, dates as ISO text, objects as JSON', () => {
    expect(formValue(undefined)).toBeUndefined();
    expect(formValue(null)).toBe('');
    expect(formValue(0)).toBe('0');
    expect(formValue(new Date(Date.UTC(2024, 0, 2)))).toBe('2024-01-02T00:00:00.000Z');
    expect(formValue({ a: [1] })).toBe('{"a":[1]}');
  });

  it('no session id → no Authorization header', async () => {
    sessionStore.setState({ sessionid: null });
    await apiGet('/a/');
    expect(header(lastCall().init, 'Authorization')).toBeUndefined();
  });

  it('the stored server address is the base; an absolute URL is kept', async () => {
    sessionStore.setState({ baseURL: 'http://factory.local:8080/' });
    await apiGet('/api/keyid/');
    expect(lastCall().url).toBe('http://factory.local:8080/api/keyid/?ios=1&lang=zh');
    await apiPost('https://other.example/accounts/login/?timeout=0', { action: 'switch' }, { silent: true });
    expect(lastCall().url).toBe('https://other.example/accounts/login/?timeout=0&lang=zh');
  });

  it('postMultipart sends the FormData untouched, flags in the query string', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await postMultipart('/files/upload/', form, { params: { is_temp: 1 } });
    const { url, init } = lastCall();
    expect(url).toBe('/files/upload/?is_temp=1&ios=1&lang=zh');
    expect(init.body).toBe(form);
    expect([...form.keys()]).toEqual(['file']);
    expect(header(init, 'Content-Type')).toBeUndefined();
    expect(n.success).toHaveBeenCalledWith('操作成功');
  });
});

describe('replies', () => {
  it('resolves with the body; POST shows 操作成功 unless silent; GET never', async () => {
    fetchMock.mockImplementation(async () => json({ msg: 'OK', id: 7 }));
    await expect(apiPost('/a/save/', {})).resolves.toEqual({ msg: 'OK', id: 7 });
    expect(n.success).toHaveBeenCalledTimes(1);
    await apiPost('/a/save/', {}, { silent: true });
    await apiGet('/a/list/');
    expect(n.success).toHaveBeenCalledTimes(1);
  });

  it('a refusal rejects with the envelope', async () => {
    fetchMock.mockImplementation(async () => json({ msg: '提交的数据有误', errors: { name: '必填' } }, 422));
    const err = await rejection(apiPost('/a/save/', {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, msg: '提交的数据有误', errors: { name: '必填' } });
    expect(n.error).toHaveBeenCalledWith('提交的数据有误', 2000);
  });

  it('network error → 连接服务器出错', async () => {
    fetchMock.mockImplementation(async () => { throw new TypeError('Failed to fetch'); });
    expect(await rejection(apiGet('/a/'))).toMatchObject({ kind: 'network', status: 0, msg: '连接服务器出错' });
    expect(n.error).toHaveBeenCalledWith('连接服务器出错', 500);
  });

  it('404 and 500 without an envelope', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>Not Found</html>', { status: 404 }));
    expect(await rejection(apiGet('/a/'))).toMatchObject({ kind: 'config', msg: '服务器配置不正确404' });
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    expect(await rejection(apiGet('/a/'))).toMatchObject({ kind: 'server', msg: '服务器执行出错500' });
    expect(n.error.mock.calls).toEqual([['服务器配置不正确404', 500], ['服务器执行出错500', 500]]);
  });
});

describe('timeouts and cancellation', () => {
  async function timesOutAfter(p: Promise<unknown>, ms: number): Promise<void> {
    let settled = false;
    const outcome = rejection(p).finally(() => { settled = true; });
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(await outcome).toMatchObject({ kind: 'timeout', msg: '连接服务器出错' });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('25 s by default', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(25_000);
    await timesOutAfter(apiGet('/a/'), 25_000);
    expect(n.error).toHaveBeenCalledWith('连接服务器出错', 500);
  });

  it('50 s for the main API', async () => {
    expect(MAIN_TIMEOUT_MS).toBe(50_000);
    await timesOutAfter(apiGet('/accounts/info/', {}, { main: true }), 50_000);
  });

  it('10 minutes when the URL holds timeout=0, in the path or the parameters', async () => {
    expect(LONG_TIMEOUT_MS).toBe(600_000);
    await timesOutAfter(apiPost('/accounts/login/?timeout=0', {}, { main: true }), 600_000);
    await timesOutAfter(apiGet('/files/export/', { timeout: 0 }), 600_000);
  });

  it('timeoutMs overrides', async () => {
    await timesOutAfter(apiGet('/a/', {}, { timeoutMs: 1000 }), 1000);
  });

  it('the caller cancels: AbortError, nothing shown', async () => {
    const ctrl = new AbortController();
    const p = rejection(apiGet('/a/', {}, { signal: ctrl.signal }));
    await vi.advanceTimersByTimeAsync(10);
    ctrl.abort('user left');
    const err = await p;
    expect(isAbort(err)).toBe(true);
    for (const f of Object.values(n)) expect(f).not.toHaveBeenCalled();
  });

  it('an already cancelled signal does not call the server', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    expect(isAbort(await rejection(apiPost('/a/save/', {}, { signal: ctrl.signal })))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
