import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { setNotifier } from './notifier';
import { queryOrder } from './order-query-client';
import { sessionStore } from './session/session-store';
import { fakeNotifier, json } from './test-helpers';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notifier: ReturnType<typeof fakeNotifier>;

const order = {
  show_id: 'SO20260101-001', order_date: '2026-01-01', due_date: null, status: 'producing',
  lines: [{ line_no: 1, item_name: '纸箱', unit: '个', quantity: 100, finished_quantity: 40, nodes: [] }],
};

beforeEach(() => {
  notifier = fakeNotifier();
  setNotifier(notifier);
  fetchMock = vi.fn<typeof fetch>(async () => json({ msg: 'OK', dt: order }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setState({ baseURL: '', sessionid: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('queryOrder', () => {
  it('GETs /orders/query/ with the trimmed number and code', async () => {
    await expect(queryOrder({ show_id: ' SO20260101-001 ', code: ' 7K2P ' })).resolves.toEqual(order);
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
    expect(url.pathname).toBe('/orders/query/');
    expect(url.searchParams.get('show_id')).toBe('SO20260101-001');
    expect(url.searchParams.get('code')).toBe('7K2P');
  });

  it('no such order (404) is an answer: null, and nothing pops up', async () => {
    fetchMock.mockResolvedValue(json({ msg: '订单号或查询码不正确' }, 404));
    await expect(queryOrder({ show_id: 'X', code: 'Y' })).resolves.toBeNull();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('too many attempts (429) rejects with the server’s message', async () => {
    fetchMock.mockResolvedValue(json({ msg: '查询失败次数过多，请 15 分钟后再试' }, 429));
    const e = await queryOrder({ show_id: 'X', code: 'Y' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).msg).toBe('查询失败次数过多，请 15 分钟后再试');
  });

  it('a 404 that is not our server’s answer stays an error', async () => {
    fetchMock.mockResolvedValue(new Response('Not Found', { status: 404 }));
    await expect(queryOrder({ show_id: 'X', code: 'Y' })).rejects.toBeInstanceOf(ApiError);
  });
});
