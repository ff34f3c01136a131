import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore, setReachabilityProbe } from './connectivity';
import { ApiError } from './errors';
import { setNotifier } from './notifier';
import { offlineDbFor, setMeta } from './offline/db';
import { forgetOfflineReads } from './offline/local-read';
import { resourceClient } from './resource-client';
import { sessionStore } from './session/session-store';
import { declared, fakeNotifier, json } from './test-helpers';

const items = declared('items');
const journals = declared('journals');

let notifier: ReturnType<typeof fakeNotifier>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const db = offlineDbFor('');

function call(i = -1): { url: URL; init: RequestInit } {
  const c = fetchMock.mock.calls.at(i);
  if (!c) throw new Error('fetch was not called');
  const [input, init] = c;
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url: new URL(href, 'http://test.invalid'), init: init ?? {} };
}
/** The query parameters of a call, without the UI language (which depends on i18n's state). */
function queryOf(url: URL): Record<string, string> {
  const q = new URLSearchParams(url.searchParams);
  q.delete('lang');
  return Object.fromEntries(q);
}
function formOf(init: RequestInit): Record<string, string> {
  if (typeof init.body !== 'string') throw new Error('not a form body');
  return Object.fromEntries(new URLSearchParams(init.body));
}
function headersOf(init: RequestInit): Record<string, string> {
  return { ...(init.headers as Record<string, string> | undefined) };
}
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => { throw new Error('resolved'); }, (e: unknown) => e);
}
const networkDown = () => fetchMock.mockRejectedValue(new TypeError('fetch failed'));

/** The copy of `items` as a completed pull left it. */
async function itemsPulled(at = 1_717_000_000_000): Promise<void> {
  await db.rows.bulkPut([
    { t: 'items', id: 1, row: { id: 1, code: 'A-001', name: 'Steel bolt', weight: 2 } },
    { t: 'items', id: 2, row: { id: 2, code: 'A-002', name: 'Steel nut', weight: 1 } },
    { t: 'items', id: 3, row: { id: 3, code: 'B-001', name: 'Copper wire', weight: 5 } },
  ]);
  await setMeta(db, 'cursor:items', 42);
  await setMeta(db, 'pulledAt:items', at);
}

beforeEach(async () => {
  notifier = fakeNotifier();
  setNotifier(notifier);
  fetchMock = vi.fn<typeof fetch>(async () => json({ msg: 'OK' }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setState({ baseURL: '', sessionid: 'sess-1' });
  connectivityStore.setState({ reachable: true });
  setReachabilityProbe(null);
  await db.rows.clear();
  await db.meta.clear();
  forgetOfflineReads();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  connectivityStore.setState({ reachable: true });
});

describe('resourceClient: server calls', () => {
  it('is one client per declaration', () => {
    expect(resourceClient(items)).toBe(resourceClient(items));
    expect(resourceClient(items)).not.toBe(resourceClient(journals));
  });

  it('list GETs <api>/list/ with the query encoded and answers source: server', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK', dt: [{ id: 7, code: 'X' }], total: 31, totals: {} }));
    const r = await resourceClient(items).list({
      page: 2, limit: 10, keyword: '  steel ', sort: ['-weight', 'code'], totals: true,
      filter: [{ field: 'active', op: 'eq', value: true }, { field: 'category_id_name', op: 'contains', value: '五金' }],
      extra: { checkselfonly: true },
    });
    expect(r).toEqual({ msg: 'OK', dt: [{ id: 7, code: 'X' }], total: 31, totals: {}, source: 'server' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init } = call();
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/items/list/');
    expect(queryOf(url)).toEqual({
      page: '2', limit: '10', keyword: 'steel', sort: '-weight,code', totals: '1', checkselfonly: '1', ios: '1',
      filter: '[{"field":"active","op":"eq","value":true},{"field":"category_id_name","op":"contains","value":"五金"}]',
    });
    expect(JSON.parse(queryOf(url).filter ?? '')).toEqual([
      { field: 'active', op: 'eq', value: true }, { field: 'category_id_name', op: 'contains', value: '五金' },
    ]);
    expect(headersOf(init).Authorization).toBe('sess-1');
  });

  it('list counts the rows when the reply has no total, and refuses a reply without rows', async () => {
    fetchMock.mockResolvedValueOnce(json({ msg: 'OK', dt: [{ id: 1 }, { id: 2 }] }));
    expect((await resourceClient(items).list({ limit: -1 })).total).toBe(2);
    expect(queryOf(call().url)).toEqual({ limit: '-1', ios: '1' });

    fetchMock.mockResolvedValueOnce(json({ msg: 'OK', rows: [] }));
    const e = await rejection(resourceClient(items).list({}));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('config');
  });

  it('detail GETs <api>/detail/ by id', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK', dt: { id: 3, code: 'B-001' } }));
    expect(await resourceClient(items).detail(3)).toEqual({ row: { id: 3, code: 'B-001' }, source: 'server' });
    const { url } = call();
    expect(url.pathname).toBe('/items/detail/');
    expect(queryOf(url)).toEqual({ id: '3', ios: '1' });
  });

  it('save of an update sends the item with its id and version, without an Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK', id: 5, version: 4, dt: { id: 5, name: 'Nut' } }));
    const r = await resourceClient(items).save({ name: 'Nut', weight: 1.5 }, { id: 5, version: 3 }, { idempotencyKey: 'not-for-updates' });
    expect(r).toEqual({ msg: 'OK', id: 5, version: 4, dt: { id: 5, name: 'Nut' } });
    const { url, init } = call();
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/items/save/');
    const form = formOf(init);
    expect(JSON.parse(form.item ?? '')).toEqual({ name: 'Nut', weight: 1.5, id: 5, version: 3 });
    expect(form.ios).toBe('1');
    expect(headersOf(init)['Idempotency-Key']).toBeUndefined();
    expect(notifier.success).toHaveBeenCalledTimes(1);
  });

  it('save of a create carries its Idempotency-Key and no id', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK', id: 9, version: 1, dt: { id: 9, name: 'Bolt' } }));
    const key = globalThis.crypto.randomUUID();
    const r = await resourceClient(items).save({ name: 'Bolt', code: 'N-1' }, undefined, { idempotencyKey: key });
    expect(r.id).toBe(9);
    const { init } = call();
    expect(headersOf(init)['Idempotency-Key']).toBe(key);
    expect(JSON.parse(formOf(init).item ?? '')).toEqual({ name: 'Bolt', code: 'N-1' });
  });

  it('save refuses a reply without an id', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK' }));
    const e = await rejection(resourceClient(items).save({ name: 'x' }));
    expect((e as ApiError).kind).toBe('config');
  });

  it('remove deletes master data by id', async () => {
    await resourceClient(items).remove({ id: 4, version: 2 });
    const { url, init } = call();
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/items/delete/');
    expect(formOf(init)).toEqual({ id: '4', ios: '1' });
  });

  it('remove cancels a document with its version', async () => {
    expect(journals.kind).toBe('document');
    await resourceClient(journals).remove({ id: 8, version: 6 });
    const { url, init } = call();
    expect(url.pathname).toBe('/journals/cancel/');
    expect(formOf(init)).toEqual({ id: '8', version: '6', ios: '1' });
  });
});

describe('resourceClient: the offline copy answers while the server is out of reach', () => {
  it('list of an offline resource answers from the copy with source: offline and asOf', async () => {
    expect(items.offline).toBe(true);
    await itemsPulled();
    networkDown();
    const r = await resourceClient(items).list({ keyword: 'steel', sort: ['-weight'], limit: 10 });
    expect(r).toEqual({
      msg: 'OK', total: 2, source: 'offline', asOf: 1_717_000_000_000,
      dt: [{ id: 1, code: 'A-001', name: 'Steel bolt', weight: 2 }, { id: 2, code: 'A-002', name: 'Steel nut', weight: 1 }],
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(connectivityStore.getState().reachable).toBe(false);
    // Unreachability is not an error to show for a read.
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('once the server is known unreachable, the copy answers without another call', async () => {
    await itemsPulled();
    connectivityStore.setState({ reachable: false });
    const r = await resourceClient(items).list({ filter: [{ field: 'code', op: 'eq', value: 'B-001' }] });
    expect(r.source).toBe('offline');
    expect(r.dt.map(x => x.id)).toEqual([3]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a proxy answering 502 for the server counts as out of reach', async () => {
    await itemsPulled();
    fetchMock.mockResolvedValue(new Response('Bad Gateway', { status: 502 }));
    const r = await resourceClient(items).list({});
    expect(r.source).toBe('offline');
    expect(r.total).toBe(3);
  });

  it('detail of an offline resource answers from the copy', async () => {
    await itemsPulled();
    networkDown();
    expect(await resourceClient(items).detail(3)).toEqual({
      row: { id: 3, code: 'B-001', name: 'Copper wire', weight: 5 }, source: 'offline', asOf: 1_717_000_000_000,
    });
  });

  it('detail of a row the copy does not hold fails as the call did', async () => {
    await itemsPulled();
    networkDown();
    const e = await rejection(resourceClient(items).detail(99));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('network');
  });

  it('a resource the copy never held fails as the call did', async () => {
    await db.rows.put({ t: 'items', id: 1, row: { id: 1, code: 'A-001' } });
    await setMeta(db, 'cursor:items', 5);
    networkDown();
    const list = await rejection(resourceClient(items).list({}));
    expect(list).toBeInstanceOf(ApiError);
    expect((list as ApiError).kind).toBe('network');
    expect((list as ApiError).status).toBe(0);
    const detail = await rejection(resourceClient(items).detail(1));
    expect((detail as ApiError).kind).toBe('network');
  });

  it('a resource that is not offline rethrows the network error, whatever the copy holds', async () => {
    expect(journals.offline).not.toBe(true);
    await db.rows.put({ t: 'journals', id: 1, row: { id: 1, title: 'Shift' } });
    await setMeta(db, 'pulledAt:journals', 1_717_000_000_000);
    networkDown();
    const list = await rejection(resourceClient(journals).list({}));
    expect(list).toBeInstanceOf(ApiError);
    expect((list as ApiError).kind).toBe('network');
    const detail = await rejection(resourceClient(journals).detail(1));
    expect((detail as ApiError).kind).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a refusal by the server is not answered from the copy', async () => {
    await itemsPulled();
    fetchMock.mockResolvedValue(json({ msg: 'no_permission' }, 403));
    const e = await rejection(resourceClient(items).list({}));
    expect((e as ApiError).kind).toBe('rejected');
    expect((e as ApiError).msg).toBe('no_permission');
    expect(connectivityStore.getState().reachable).toBe(true);
  });
});
