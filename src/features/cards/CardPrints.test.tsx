// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { installHelperPort, type HelperPort, type HelperStatus } from '../../data/local-helper-port';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import CardPrints from './CardPrints';

beforeAll(async () => {
  setupDom();
  // jsdom lays nothing out; the grid's virtualizers read the scroller's size from clientWidth/clientHeight.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 2000 });
  await initI18n('zh');
});

interface Call { path: string; query: URLSearchParams; body: URLSearchParams }
let ui: Rendered | undefined;
let calls: Call[];
let notifier: ReturnType<typeof fakeNotifier>;

const card = (id: number) => ({
  id, version: 1, show_id: `C2601010000${id}`, order_show_id: 'SO20260101-001', order_id: 1, order_id_name: 'SO20260101-001',
  detail_id: 3, item_id: 2, item_id_name: '五层纸箱', quantity: '100.0000', unit: '个', status: 'waiting', printed: 0, canceled: false,
});
const SHEET = { id: 1, name: '流程卡标签', print_url: '/prints/sheet/?sig=abc', width_mm: 100, height_mm: 60 };

/** A helper stand-in: its status is what the test says; it records the jobs it is sent. */
function fakeHelper(status: HelperStatus) {
  const sent: { action: string; data: Record<string, unknown> }[] = [];
  const port: HelperPort = {
    ensure: () => Promise.resolve(status === 'connected'),
    send: (action, data = {}) => { sent.push({ action, data }); return status === 'connected'; },
    status: () => status,
    onStatus: () => () => {},
  };
  return { port, sent };
}

const prints = () => calls.filter(c => c.path === '/prints/do/');
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="grid-row"]')];

beforeEach(() => {
  calls = [];
  notifier = fakeNotifier();
  setNotifier(notifier);
  sessionStore.setState({ baseURL: '', sessionid: 'S1' });
  connectivityStore.setState({ reachable: true });
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ path: url.pathname, query: url.searchParams, body });
    if (url.pathname === '/orders/cards/list/') {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as { field: string; op: string; value: number[] }[];
      const ids = filter.find(f => f.field === 'id' && f.op === 'in')?.value;
      const dt = (ids ?? [7, 8, 9]).map(card);
      return jsonReply({ msg: 'OK', dt, total: dt.length, totals: {} });
    }
    if (url.pathname === '/prints/do/') return jsonReply({ msg: 'OK', ds: [SHEET] });
    return jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  installHelperPort(null);
  document.body.innerHTML = '';
});

describe('card labels', { timeout: 30_000 }, () => {
  it('with no card chosen says 请选择记录 and asks the server nothing', async () => {
    ui = await renderUi(<CardPrints />, { path: '/cards/prints' });
    await waitFor(() => expect(rows()).toHaveLength(3), 10_000);
    await click(mustFind('prints-preview'));
    await click(mustFind('prints-print'));
    expect(notifier.warning).toHaveBeenCalledTimes(2);
    expect(notifier.warning).toHaveBeenCalledWith('请选择记录', expect.any(Number));
    expect(prints()).toHaveLength(0);
    expect(document.querySelector('[data-testid="print-preview-frame"]')).toBeNull();
  });

  it('previews the cards brought by ?ids= in frames of the returned print_url, on the signed-in server', async () => {
    sessionStore.setState({ baseURL: 'http://srv.example:8080' });
    ui = await renderUi(<CardPrints />, { path: '/cards/prints?ids=8,9,x,8' });
    await waitFor(() => expect(rows()).toHaveLength(2), 10_000);
    const list = calls.find(c => c.path === '/orders/cards/list/')!;
    expect(JSON.parse(list.query.get('filter')!)).toEqual([{ field: 'id', op: 'in', value: [8, 9] }]);
    await waitFor(() => expect(mustFind('cards-count').textContent).toContain('已选 2 条'));
    await click(mustFind('prints-preview'));
    const frame = await waitFor(() => mustFind<HTMLIFrameElement>('print-preview-frame'), 10_000);
    expect(frame.src).toBe('http://srv.example:8080/prints/sheet/?sig=abc');
    const body = prints()[0]!.body;
    expect(JSON.parse(body.get('item')!)).toEqual({ category: 'cards', ids: [8, 9] });
    expect(body.get('action')).toBe('preview');
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('offers the local helper only while it is connected, and sends it the sheets', async () => {
    const absent = fakeHelper('absent');
    installHelperPort(absent.port);
    ui = await renderUi(<CardPrints />, { path: '/cards/prints?ids=7' });
    await waitFor(() => expect(rows()).toHaveLength(1), 10_000);
    expect(document.querySelector('[data-testid="prints-helper"]')).toBeNull();
    ui.unmount();

    const connected = fakeHelper('connected');
    installHelperPort(connected.port);
    ui = await renderUi(<CardPrints />, { path: '/cards/prints?ids=7' });
    await waitFor(() => expect(mustFind('cards-count').textContent).toContain('已选 1 条'), 10_000);
    await click(mustFind('prints-helper'));
    await waitFor(() => expect(connected.sent).toHaveLength(1));
    expect(connected.sent[0]!.action).toBe('print');
    expect(connected.sent[0]!.data).toMatchObject({
      category: 'cards', ds: [{ ...SHEET, print_url: new URL('/prints/sheet/?sig=abc', window.location.href).href }],
    });
    expect(prints()[0]!.body.get('action')).toBe('helper');
    expect(notifier.success).toHaveBeenCalledWith('已发送到本地打印程序');
  });
});
