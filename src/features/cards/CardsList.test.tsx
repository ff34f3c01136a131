// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import CardsList from './CardsList';

beforeAll(async () => {
  setupDom();
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 2000 });
  await initI18n('zh');
});

let ui: Rendered | undefined;
let listCalls: URLSearchParams[];
let splits: URLSearchParams[];
/** What the split answers: done, or a stale version. */
let splitAnswer: 'ok' | 409;

function Here() {
  const l = useLocation();
  return <div data-testid="here" data-here={l.pathname + l.search} />;
}

const card = (id: number, quantity: string) => ({
  id, version: 3, show_id: `C26010100${id}`, order_show_id: 'SO20260101-001', order_id: 1, detail_id: 12, item_id: 2,
  item_id_name: '五层纸箱', quantity, unit: '个', status: 'waiting', printed: 0, canceled: false,
});

beforeEach(() => {
  listCalls = [];
  splits = [];
  splitAnswer = 'ok';
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1', permissions: null });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/orders/cards/list/') {
      listCalls.push(url.searchParams);
      return jsonReply({ msg: 'OK', dt: [card(1, '100.0000'), card(2, '50.0000')], total: 2, totals: {} });
    }
    if (url.pathname === '/orders/details/detail/') return jsonReply({ msg: 'OK', dt: { id: 12, version: 1, code: 'SO20260101-001-1' } });
    if (url.pathname === '/orders/cards/split/') {
      splits.push(new URLSearchParams(String(init?.body)));
      if (splitAnswer === 409) {
        return jsonReply({ msg: '数据已被他人修改', version: 4, updated_by_name: '王五', updated_at: '2026-01-02T03:04:05Z' }, 409);
      }
      return jsonReply({ msg: 'OK', dt: card(1, '70.0000'), split: card(3, '30.0000') });
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

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="grid-row"]')];
const lastList = () => listCalls[listCalls.length - 1]!;

async function openSplit() {
  await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
  await click(rows()[0]!);
  await waitFor(() => expect(mustFind('cards-count').textContent).toContain('已选 1 条'));
  await click(mustFind('cards-split'));
  return waitFor(() => mustFind('split-dialog'));
}

describe('cards list', { timeout: 30_000 }, () => {
  it('lists the cards of the order line in the URL and narrows them with the quick filters', async () => {
    ui = await renderUi(<><CardsList /><Here /></>, { path: '/orders/cards/list?quote_id=12' });
    await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    expect(lastList().get('quote_id')).toBe('12');
    expect(lastList().get('page')).toBe('1');
    await waitFor(() => expect(mustFind('cards-filter-quote').textContent).toContain('SO20260101-001-1'));
    await click(mustFind('cards-progress').querySelector('input[value="notfinished"]')!);
    await waitFor(() => expect(lastList().get('notfinished')).toBe('1'));
    expect(lastList().get('quote_id')).toBe('12');
    expect(mustFind('here').dataset.here).toBe('/orders/cards/list?notfinished=1&quote_id=12');
    await click(mustFind('cards-filter-quote-remove'));
    await waitFor(() => expect(lastList().has('quote_id')).toBe(false));
    expect(lastList().get('notfinished')).toBe('1');
  });

  it('refuses a split quantity that is not less than the card’s, in words, without asking the server', async () => {
    ui = await renderUi(<CardsList />, { path: '/orders/cards/list' });
    const dialog = await openSplit();
    await typeInto(mustFind('split-quantity'), '100');
    await click(mustFind('split-submit'));
    await waitFor(() => expect(dialog.textContent).toContain('数量须大于 0 且小于 100'));
    expect(splits).toHaveLength(0);
  });

  it('splits a card at its version and reloads the list', async () => {
    ui = await renderUi(<CardsList />, { path: '/orders/cards/list' });
    await openSplit();
    const before = listCalls.length;
    await typeInto(mustFind('split-quantity'), '30');
    await click(mustFind('split-submit'));
    await waitFor(() => expect(document.querySelector('[data-testid="split-dialog"]')).toBeNull());
    expect(Object.fromEntries(splits[0]!)).toMatchObject({ id: '1', version: '3', quantity: '30' });
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it('says who changed a card since it was loaded (409) instead of splitting', async () => {
    splitAnswer = 409;
    ui = await renderUi(<CardsList />, { path: '/orders/cards/list' });
    await openSplit();
    await typeInto(mustFind('split-quantity'), '30');
    await click(mustFind('split-submit'));
    const conflict = await waitFor(() => mustFind('split-conflict'));
    expect(conflict.textContent).toContain('王五');
    expect(document.querySelector('[data-testid="split-submit"]')).toBeNull();
  });
});
