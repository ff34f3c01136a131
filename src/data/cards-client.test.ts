import { describe, expect, it } from 'vitest';
import { cardListParams, cardsClient } from './cards-client';
import { ApiError } from './errors';
import { json, stubServer } from './test-helpers';

const server = stubServer();

/** The last request: method, path, query (without the UI language), form body and headers. */
function lastCall() {
  const c = server.fetch.mock.calls.at(-1);
  if (!c) throw new Error('fetch was not called');
  const [input, init = {}] = c;
  const url = new URL(String(input), 'http://test.invalid');
  const query = new URLSearchParams(url.searchParams);
  query.delete('lang');
  return {
    method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(query),
    form: typeof init.body === 'string' ? Object.fromEntries(new URLSearchParams(init.body)) : {},
    headers: { ...(init.headers as Record<string, string> | undefined) },
  };
}


describe('cardsClient', () => {
  it('perNode GETs the per-node counts with only the narrowing that is set', async () => {
    const row = { worknode_id: 3, worknode_name: '印刷', sort: 2, waiting: 1, running: 2, done: 3, waiting_quantity: 10, running_quantity: 20, done_quantity: 30 };
    server.fetch.mockResolvedValue(json({ msg: 'OK', dt: [row] }));
    await expect(cardsClient.perNode({ order_id: 12, customer_id: null, item_id: undefined, saler_id: 4 })).resolves.toEqual([row]);
    const c = lastCall();
    expect(c.method).toBe('GET');
    expect(c.path).toBe('/orders/cardnodes/per_node/');
    expect(c.query).toEqual({ ios: '1', order_id: '12', saler_id: '4' });
    expect(c.headers.Authorization).toBe('sess-1');
  });

  it('perNode refuses a reply without rows as not our server', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK' }));
    await expect(cardsClient.perNode()).rejects.toBeInstanceOf(ApiError);
  });

  it('split POSTs id, version and quantity as a form and shows 操作成功', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', dt: { id: 5, version: 3 }, split: { id: 9, version: 1 } }));
    const r = await cardsClient.split({ id: 5, version: 2, quantity: 12.5 });
    expect(r.split.id).toBe(9);
    const c = lastCall();
    expect(c.method).toBe('POST');
    expect(c.path).toBe('/orders/cards/split/');
    expect(c.form).toEqual({ ios: '1', id: '5', version: '2', quantity: '12.5' });
    expect(server.notifier.success).toHaveBeenCalledOnce();
  });

  it('split rejects a stale version with the 409 reply for the conflict dialog', async () => {
    server.fetch.mockResolvedValue(json({ msg: '数据已被他人修改', version: 4, updated_by_name: '王五', updated_at: '2026-01-02T03:04:05Z' }, 409));
    const e = await cardsClient.split({ id: 5, version: 2, quantity: 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(409);
    expect((e as ApiError).body).toMatchObject({ updated_by_name: '王五' });
  });

  it('generate POSTs the line and the count with its idempotency key', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', total: 2, dt: [{ id: 1, show_id: 'C1', seq: 1, quantity: 5 }, { id: 2, show_id: 'C2', seq: 2, quantity: 5 }] }));
    const r = await cardsClient.generate({ detail_id: 7, count: 2 }, { idempotencyKey: 'key-1' });
    expect(r.total).toBe(2);
    const c = lastCall();
    expect(c.path).toBe('/orders/cards/generate/');
    expect(c.form).toEqual({ ios: '1', detail_id: '7', count: '2' });
    expect(c.headers['Idempotency-Key']).toBe('key-1');
  });
});

describe('cardListParams', () => {
  it('puts the spec’s cards list parameters and ours, and nothing unset', () => {
    expect(cardListParams({})).toEqual({});
    expect(cardListParams({ progress: 'notfinished', quote_id: 12, show_id: '  C2401 ', order_id: null })).toEqual(
      { notfinished: 1, quote_id: 12, show_id: 'C2401' });
    expect(cardListParams({ progress: 'finished', show_id: '   ' })).toEqual({ finished: 1 });
    expect(cardListParams({ node_id: 3, node_status: 'running', customer_id: 8, saler_id: 2, item_id: 5 })).toEqual(
      { node_id: 3, node_status: 'running', customer_id: 8, saler_id: 2, item_id: 5 });
    // A status without its node means nothing and is not sent.
    expect(cardListParams({ node_status: 'done' })).toEqual({});
  });
});
