// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import CardsPerNode from './CardsPerNode';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let perNodeCalls: URLSearchParams[];

/** Where the screen navigated, query included. */
function Here() {
  const l = useLocation();
  return <div data-testid="here" data-here={l.pathname + l.search} />;
}

// As a server sends them: out of order, quantities as numeric text.
const REPLY = [
  { worknode_id: 5, worknode_name: '模切', sort: 3, waiting: 4, running: 0, done: 1, waiting_quantity: '400.0000', running_quantity: 0, done_quantity: '99.5000' },
  { worknode_id: 2, worknode_name: '印刷', sort: 2, waiting: 1, running: 2, done: 3, waiting_quantity: 100, running_quantity: 250, done_quantity: 300 },
  { worknode_id: 1, worknode_name: '分纸', sort: 1, waiting: 0, running: 0, done: 6, waiting_quantity: 0, running_quantity: 0, done_quantity: 650 },
];

beforeEach(() => {
  perNodeCalls = [];
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1' });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async input => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/orders/cardnodes/per_node/') {
      perNodeCalls.push(url.searchParams);
      return jsonReply({ msg: 'OK', dt: REPLY });
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

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="per-node-row"]')];
/** A row as text: the work node, then per status `count|quantity`. */
const cells = (r: HTMLElement) => [...r.querySelectorAll('td')].map(td => {
  const parts = [...td.querySelectorAll('span')].map(s => s.textContent);
  return parts.length ? parts.join('|') : td.textContent;
});

describe('cards per node', { timeout: 30_000 }, () => {
  it('shows each work node in the workflow’s order with its cards and quantities per status', async () => {
    ui = await renderUi(<><CardsPerNode /><Here /></>, { path: '/orders/cards_nodes' });
    await waitFor(() => expect(rows()).toHaveLength(3), 10_000);
    expect(perNodeCalls[0]!.has('order_id')).toBe(false);
    const head = [...mustFind('per-node-table').querySelectorAll('th')].map(th => th.textContent);
    expect(head).toEqual(['工序', '待加工', '加工中', '已完成']);
    expect(rows().map(cells)).toEqual([
      ['分纸', '0|0', '0|0', '6|650'],
      ['印刷', '1|100', '2|250', '3|300'],
      ['模切', '4|400', '0|0', '1|99.5'],
    ]);
  });

  it('a cell opens the cards list of that work node and status', async () => {
    ui = await renderUi(<><CardsPerNode /><Here /></>, { path: '/orders/cards_nodes' });
    await waitFor(() => expect(rows()).toHaveLength(3), 10_000);
    await click(mustFind('per-node-running', rows()[1]));
    await waitFor(() => expect(mustFind('here').dataset.here).toBe('/orders/cards/list?node_id=2&node_status=running'));
  });

  it('an empty floor says so', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => jsonReply({ msg: 'OK', dt: [] })));
    ui = await renderUi(<CardsPerNode />, { path: '/orders/cards_nodes' });
    await waitFor(() => expect(mustFind('per-node-empty').textContent).toBe('没有在制的流程卡'), 10_000);
    expect(document.querySelector('[data-testid="per-node-table"]')).toBeNull();
  });
});
