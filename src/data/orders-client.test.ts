import { beforeEach, describe, expect, it } from 'vitest';
import { generateParamsSchema } from '../domain/contract/cards';
import { saveWithLinesParamsSchema, transitionParamsSchema } from '../domain/contract/orders';
import { connectivityStore } from './connectivity';
import { ApiError } from './errors';
import { generateCards, orderDetailsCount, saveWithLines, transition } from './orders-client';
import { json, stubServer } from './test-helpers';

const server = stubServer();

function call(i = -1): { url: URL; method: string; form: Record<string, string>; headers: Record<string, string> } {
  const c = server.fetch.mock.calls.at(i);
  if (!c) throw new Error('fetch was not called');
  const [input, init = {}] = c;
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test.invalid');
  const form = typeof init.body === 'string' ? Object.fromEntries(new URLSearchParams(init.body)) : {};
  return { url, method: init.method ?? 'GET', form, headers: { ...(init.headers as Record<string, string> | undefined) } };
}

beforeEach(() => {
  connectivityStore.setState({ reachable: true });
});

const order = { id: 12, version: 1, show_id: 'SO1', status: 'draft' };

describe('orders client', () => {
  it('saves an order with its lines in one form POST, the create carrying its Idempotency-Key', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', id: 12, version: 1, dt: order, lines: [{ id: 31 }] }));
    const params = { item: { customer_id: 2, show_id: null }, lines: [{ item_id: 5, quantity: 120 }] };
    const reply = await saveWithLines(params, { idempotencyKey: 'key-1' });
    expect(reply.lines).toEqual([{ id: 31 }]);
    const c = call();
    expect(c.method).toBe('POST');
    expect(c.url.pathname).toBe('/orders/orders/save_with_lines/');
    expect(c.headers['Idempotency-Key']).toBe('key-1');
    expect(c.headers.Authorization).toBe('sess-1');
    expect(JSON.parse(c.form.item!)).toEqual(params.item);
    expect(JSON.parse(c.form.lines!)).toEqual(params.lines);
    expect(c.form.removed).toBeUndefined();
    // The body is what the server's schema reads.
    expect(saveWithLinesParamsSchema.safeParse(c.form).success).toBe(true);
    expect(server.notifier.success).toHaveBeenCalledTimes(1);
  });

  it('an update sends id, version and removed lines, and no Idempotency-Key', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', id: 12, version: 2, dt: order, lines: [] }));
    await saveWithLines({ item: { id: 12, version: 1 }, lines: [], removed: [{ id: 31, version: 3 }] }, { idempotencyKey: 'ignored' });
    const c = call();
    expect(c.headers['Idempotency-Key']).toBeUndefined();
    expect(JSON.parse(c.form.removed!)).toEqual([{ id: 31, version: 3 }]);
  });

  it('a refusal rejects with the field errors keyed lines.<index>.<field>', async () => {
    server.fetch.mockResolvedValue(json({ msg: '提交的数据有误', errors: { 'lines.1.quantity': '不能少于已开卡数量 60' } }, 422));
    const e = await saveWithLines({ item: {}, lines: [] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).errors).toEqual({ 'lines.1.quantity': '不能少于已开卡数量 60' });
    expect(server.notifier.error).toHaveBeenCalled();
  });

  it('a reply that is not an order is not taken for one', async () => {
    server.fetch.mockImplementation(async () => json({ msg: 'OK' }));
    await expect(saveWithLines({ item: {} })).rejects.toMatchObject({ kind: 'config' });
    await expect(transition({ id: 12, version: 1, to: 'confirmed' })).rejects.toMatchObject({ kind: 'config' });
  });

  it('moves an order with id, version and the status wanted', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', id: 12, version: 2, dt: { ...order, status: 'confirmed' } }));
    const r = await transition({ id: 12, version: 1, to: 'confirmed' });
    expect(r.dt.status).toBe('confirmed');
    const c = call();
    expect(c.url.pathname).toBe('/orders/orders/transition/');
    expect(c.form).toMatchObject({ id: '12', version: '1', to: 'confirmed' });
    expect(transitionParamsSchema.safeParse(c.form).success).toBe(true);
  });

  it('reads the fast counts with the spec’s action', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', dt: [{ status: 'draft', lines: 3, quantity: 10 }], total: 3, pretotal: 3 }));
    const r = await orderDetailsCount();
    expect(r.pretotal).toBe(3);
    const c = call();
    expect(c.method).toBe('GET');
    expect(c.url.pathname).toBe('/orders/orders/fast/');
    expect(c.url.searchParams.get('action')).toBe('order_details_count');
  });

  it('generates the cards of a line with its own Idempotency-Key', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', total: 2, dt: [{ id: 1, show_id: 'C1', seq: 1, quantity: 50 }, { id: 2, show_id: 'C2', seq: 2, quantity: 50 }] }));
    const r = await generateCards({ detail_id: 31, count: 2, quantity: 100 }, { idempotencyKey: 'gen-1' });
    expect(r.total).toBe(2);
    const c = call();
    expect(c.url.pathname).toBe('/orders/cards/generate/');
    expect(c.headers['Idempotency-Key']).toBe('gen-1');
    expect(c.form).toMatchObject({ detail_id: '31', count: '2', quantity: '100' });
    expect(c.form.size).toBeUndefined();
    expect(generateParamsSchema.safeParse(c.form).success).toBe(true);
  });
});
