// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import OrderQueryPage from './OrderQueryPage';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let queries: URLSearchParams[];
let notifier: ReturnType<typeof fakeNotifier>;
/** What `/orders/query/` answers: the order, 404 (no match) or 429 (too many attempts). */
let answer: 'found' | 404 | 429;

const order = {
  show_id: 'SO20260101-001', order_date: '2026-01-01', due_date: '2026-02-01', status: 'producing',
  lines: [
    { line_no: 1, item_name: '五层纸箱', unit: '个', quantity: 1200, finished_quantity: 450.5, delivered_quantity: 300, nodes: [
      { worknode_id: 1, name: '分纸', waiting: 0, running: 1, done: 3 },
      { worknode_id: 2, name: '印刷', waiting: 2, running: 1, done: 1 },
    ] },
    { line_no: 2, item_name: '隔板', unit: null, quantity: 300, finished_quantity: 0, delivered_quantity: 0, nodes: [] },
  ],
};

beforeEach(() => {
  queries = [];
  answer = 'found';
  notifier = fakeNotifier();
  setNotifier(notifier);
  sessionStore.setState({ baseURL: '', sessionid: null, token: null });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/accounts/login_branding/') {
      return jsonReply({ msg: 'OK', dt: { software_name: '', site_name: '华南纸品厂', logo: '', banner: '', banner_background: '' } });
    }
    if (url.pathname === '/orders/query/') {
      queries.push(url.searchParams);
      if (answer === 404) return jsonReply({ msg: '订单号或查询码不正确' }, 404);
      if (answer === 429) return jsonReply({ msg: '查询失败次数过多，请 15 分钟后再试' }, 429);
      return jsonReply({ msg: 'OK', dt: order });
    }
    return jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

async function ask(showId: string, code: string) {
  await typeInto(mustFind('order-query-show-id'), showId);
  await typeInto(mustFind('order-query-code'), code);
  await click(mustFind('order-query-submit'));
}

describe('public order query', { timeout: 30_000 }, () => {
  it('shows each line’s quantities and cards per work node', async () => {
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query' });
    await waitFor(() => expect(mustFind('order-query-company').textContent).toBe('华南纸品厂'), 10_000);
    await ask(' SO20260101-001 ', '7K2P');
    await waitFor(() => mustFind('order-query-result'), 10_000);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.get('show_id')).toBe('SO20260101-001');
    expect(queries[0]!.get('code')).toBe('7K2P');
    expect(mustFind('order-query-order').textContent).toBe('SO20260101-001');
    expect(mustFind('order-query-result').textContent).toContain('生产中');
    const lines = [...document.querySelectorAll<HTMLElement>('[data-testid="order-query-line"]')];
    expect(lines).toHaveLength(2);
    expect(lines[0]!.textContent).toContain('五层纸箱');
    expect(mustFind('order-query-quantity', lines[0]).textContent).toContain('1200');
    expect(mustFind('order-query-finished', lines[0]).textContent).toContain('450.5');
    const nodes = [...lines[0]!.querySelectorAll('[data-testid="order-query-node"]')].map(n => [...n.querySelectorAll('td')].map(td => td.textContent));
    expect(nodes).toEqual([['分纸', '0', '1', '3'], ['印刷', '2', '1', '1']]);
    expect(lines[1]!.textContent).toContain('尚未开始生产');
  });

  it('no match is one neutral sentence, with nothing popped up', async () => {
    answer = 404;
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query' });
    await ask('SO1', 'WRONG');
    const none = await waitFor(() => mustFind('order-query-notfound'), 10_000);
    expect(none.textContent).toBe('没有与此订单号和查询码相符的订单');
    expect(notifier.error).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid="order-query-result"]')).toBeNull();
  });

  it('too many attempts shows the server’s message', async () => {
    answer = 429;
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query' });
    await ask('SO1', 'WRONG');
    const err = await waitFor(() => mustFind('order-query-error'), 10_000);
    expect(err.textContent).toBe('查询失败次数过多，请 15 分钟后再试');
  });

  it('opened at the address a delivery note\'s QR code holds, asks for the order at once', async () => {
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query?show_id=SO20260101-001&code=7K2P' });
    await waitFor(() => mustFind('order-query-result'), 10_000);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.get('show_id')).toBe('SO20260101-001');
    expect(queries[0]!.get('code')).toBe('7K2P');
    expect((mustFind('order-query-show-id') as HTMLInputElement).value).toBe('SO20260101-001');
    expect((mustFind('order-query-code') as HTMLInputElement).value).toBe('7K2P');
  });

  it('an address with the order number alone fills it and sends nothing', async () => {
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query?show_id=SO1' });
    await waitFor(() => expect(mustFind('order-query-company').textContent).toBe('华南纸品厂'), 10_000);
    expect((mustFind('order-query-show-id') as HTMLInputElement).value).toBe('SO1');
    expect(queries).toHaveLength(0);
  });

  it('asks for both fields before sending anything', async () => {
    ui = await renderUi(<OrderQueryPage />, { path: '/orders/query' });
    await click(mustFind('order-query-submit'));
    await waitFor(() => expect(mustFind('order-query-form').textContent).toContain('请输入订单号'));
    expect(mustFind('order-query-form').textContent).toContain('请输入查询码');
    await typeInto(mustFind('order-query-show-id'), 'SO1');
    await typeInto(mustFind('order-query-code'), '   ');
    await click(mustFind('order-query-submit'));
    await waitFor(() => expect(mustFind('order-query-form').textContent).not.toContain('请输入订单号'));
    expect(mustFind('order-query-form').textContent).toContain('请输入查询码');
    expect(queries).toHaveLength(0);
  });
});
