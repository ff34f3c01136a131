// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { ApiError } from '../errors';
import { getNotifier, setNotifier } from '../notifier';
import { sessionStore } from '../session/session-store';
import { defaultMenuFetcher, menuFetch, setMenuFetcher } from './fetcher';

function reply(body: unknown, status = 200): Response {
  return new Response(body === undefined ? 'oops' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('defaultMenuFetcher', () => {
  beforeAll(async () => { await initI18n('zh'); });
  afterEach(() => {
    vi.unstubAllGlobals();
    setMenuFetcher(null);
    setNotifier(null);
  });

  it('GETs through the request layer: parameters and ios=1 in the query, the session id in Authorization', async () => {
    sessionStore.setState({ baseURL: 'http://srv:8000/', sessionid: 'S-1' });
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => reply({ msg: 'OK', total: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(defaultMenuFetcher({ method: 'GET', url: '/devices/list/', data: { limit: 1, status: 'running' } }))
      .resolves.toEqual({ msg: 'OK', total: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^http:\/\/srv:8000\/devices\/list\/\?limit=1&status=running&ios=1/);
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('S-1');
  });

  it('POSTs form-encoded fields with ios=1, keeping the query string of the path', async () => {
    sessionStore.setState({ baseURL: '', sessionid: 'S-2' });
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => reply({ msg: '操作成功', menus: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await defaultMenuFetcher({ method: 'POST', url: '/accounts/my/?action=loadmenu&platform=pc', data: { menus: '[{"a":1}]' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^\/accounts\/my\/\?action=loadmenu&platform=pc/);
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({ menus: '[{"a":1}]', ios: '1' });
  });

  it('rejects a reply whose msg is not OK with the ApiError the user was shown', async () => {
    sessionStore.setState({ baseURL: '', sessionid: null });
    vi.stubGlobal('fetch', vi.fn(async () => reply({ msg: 'bad input', errors: {} }, 400)));
    const err = await defaultMenuFetcher({ method: 'GET', url: '/x/' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'rejected', status: 400, msg: 'bad input' });
  });

  it('fails quietly when the server is out of reach: nothing shown, nothing logged (going offline is no error)', async () => {
    sessionStore.setState({ baseURL: '', sessionid: 'S-3' });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const shown = vi.fn();
    setNotifier({ ...getNotifier(), error: shown });
    const err = await defaultMenuFetcher({ method: 'GET', url: '/accounts/favmenus/' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'network' });
    expect(shown).not.toHaveBeenCalled();
    // A refusal still shows.
    vi.stubGlobal('fetch', vi.fn(async () => reply({ msg: 'bad input', errors: {} }, 400)));
    await defaultMenuFetcher({ method: 'GET', url: '/accounts/favmenus/' }).catch(() => undefined);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('can be replaced, and restored with null', async () => {
    setMenuFetcher(async req => ({ msg: 'OK', echo: req.url }));
    await expect(menuFetch({ method: 'GET', url: '/a/' })).resolves.toEqual({ msg: 'OK', echo: '/a/' });
    setMenuFetcher(null);
    vi.stubGlobal('fetch', vi.fn(async () => reply({ msg: 'OK', from: 'default' })));
    await expect(menuFetch({ method: 'GET', url: '/a/' })).resolves.toEqual({ msg: 'OK', from: 'default' });
  });
});
