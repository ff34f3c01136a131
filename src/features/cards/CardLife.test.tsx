// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import CardLife from './CardLife';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let nodeQueries: URLSearchParams[];
let notifier: ReturnType<typeof fakeNotifier>;

const CARD = {
  id: 41, version: 5, show_id: 'C26010100041', order_show_id: 'SO20260101-001', order_id: 9, order_id_name: 'SO20260101-001',
  detail_id: 12, item_id: 2, item_id_name: '五层纸箱', workflow_id: 1, workflow_id_name: '纸箱工艺', quantity: '120.0000', unit: '个',
  status: 'running', worknode_id: 2, worknode_id_name: '印刷', finished_quantity: '0.0000', bad_quantity: '1.5000', printed: 2,
  canceled: false,
};
const node = (id: number, seq: number, name: string, status: string, extra: Record<string, unknown> = {}) => ({
  id, version: 1, card_id: 41, card_show_id: 'C26010100041', worknode_id: id, worknode_id_name: name, seq, status,
  started_at: null, finished_at: null, person_id: null, device_id: null, good_quantity: null, bad_quantity: null, ...extra,
});

beforeEach(() => {
  nodeQueries = [];
  notifier = fakeNotifier();
  setNotifier(notifier);
  sessionStore.setState({ baseURL: '', sessionid: 'S1' });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
    const url = new URL(String(input), 'http://x');
    const id = url.searchParams.get('id');
    if (url.pathname === '/orders/cards/detail/') {
      return id === '41' ? jsonReply({ msg: 'OK', dt: CARD }) : jsonReply({ msg: '记录不存在' }, 404);
    }
    if (url.pathname === '/orders/orders/detail/') return jsonReply({ msg: 'OK', dt: { id: 9, version: 1, customer_id: 3, customer_id_name: '华南包装' } });
    if (url.pathname === '/orders/cardnodes/list/') {
      nodeQueries.push(url.searchParams);
      return jsonReply({ msg: 'OK', total: 3, dt: [
        node(1, 1, '分纸', 'done', { person_id: 7, person_id_name: '张三', device_id: 4, device_id_name: '分纸机 1', good_quantity: '120.0000',
          bad_quantity: '1.5000', started_at: '2026-01-02T01:00:00Z', finished_at: '2026-01-02T02:00:00Z' }),
        node(2, 2, '印刷', 'running', { person_id: 8, person_id_name: '李四', device_id: 5, device_id_name: '印刷机 2',
          started_at: '2026-01-02T03:00:00Z' }),
        node(3, 3, '模切', 'waiting'),
      ] });
    }
    // The card's own history: its creation, and a remark changed between the two steps' starts (oldest first).
    if (url.pathname === '/history/list/') {
      const entry = (id: number, action: string, at: string, before: Record<string, unknown> | null, after: Record<string, unknown>) =>
        ({ id, table_name: 'cards', kid: 41, action, before, after, by_id: 1, by_name: '管理员', at, rev: id });
      return jsonReply({ msg: 'OK', total: 2, names: {}, dt: [
        entry(1, 'create', '2026-01-01T08:00:00Z', null, { show_id: 'C26010100041', quantity: 120 }),
        entry(2, 'update', '2026-01-02T02:30:00Z', { remark: null }, { remark: '加急' }),
      ] });
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

describe('card life', { timeout: 30_000 }, () => {
  it('shows the card, its customer through the order, and its nodes in order', async () => {
    ui = await renderUi(<CardLife />, { path: '/cards/query/41' });
    await waitFor(() => expect(mustFind('card-title').textContent).toBe('卡号 C26010100041 / 订单 SO20260101-001'), 10_000);
    await waitFor(() => expect(mustFind('card-customer').textContent).toContain('华南包装'));
    expect(mustFind('card-quantity').textContent).toContain('120 个');
    expect(mustFind('card-node-now').textContent).toContain('印刷');
    const nodes = await waitFor(() => {
      const all = [...document.querySelectorAll<HTMLElement>('[data-testid="card-node"]')];
      expect(all).toHaveLength(3);
      return all;
    });
    expect(nodeQueries[0]!.get('card_id')).toBe('41');
    expect(nodeQueries[0]!.get('sort')).toBe('seq');
    expect(nodes.map(n => n.dataset.status)).toEqual(['done', 'running', 'waiting']);
    expect(nodes[0]!.textContent).toContain('张三');
    expect(nodes[0]!.textContent).toContain('分纸机 1');
    expect(nodes[0]!.textContent).toContain('1.5');
    expect(nodes[1]!.textContent).toContain('李四');
  });

  it('shows in its history the start and finish of each step among its changes, newest first (issue 30)', async () => {
    ui = await renderUi(<CardLife />, { path: '/cards/query/41' });
    const items = await waitFor(() => {
      const list = mustFind('history-list');
      const all = [...list.querySelectorAll<HTMLElement>('[data-testid="history-entry"], [data-testid="history-event"]')];
      expect(all).toHaveLength(5);
      return all;
    }, 10_000);
    const kinds = items.map(i => i.dataset.testid === 'history-event'
      ? `${i.querySelector<HTMLElement>('[data-testid="card-step"]')!.dataset.kind} ${i.textContent?.includes('印刷') ? '印刷' : '分纸'}`
      : 'change');
    // 印刷 started 03:00, the remark 02:30, 分纸 finished 02:00 and started 01:00, the card made the day before.
    expect(kinds).toEqual(['started 印刷', 'change', 'finished 分纸', 'started 分纸', 'change']);
    // Who, on which machine, and how many: the finish counts good and bad.
    expect(items[0]!.textContent).toContain('李四');
    expect(items[0]!.textContent).toContain('印刷机 2');
    expect(items[2]!.textContent).toContain('张三');
    expect(items[2]!.textContent).toContain('分纸机 1');
    expect(items[2]!.textContent).toContain('120');
    expect(items[2]!.textContent).toContain('1.5');
    expect(items[4]!.textContent).toContain('新建');
  });

  it('a card that does not exist gets the not-found notice, not an error', async () => {
    ui = await renderUi(<CardLife />, { path: '/cards/query/999' });
    await waitFor(() => mustFind('not-found'), 10_000);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(nodeQueries).toHaveLength(0);
  });
});
