// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../data/connectivity';
import { setNotifier } from '../../data/notifier';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import type { BoardDevice, BoardReply, QueueEntry } from '../../domain/contract/scheduling';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, waitFor, type Rendered } from '../../resources/form/test-utils';
import SchedulingBoard from './SchedulingBoard';

/*
 * jsdom lays nothing out, and dnd-kit's keyboard moves go by where things are, so the board is given a layout: columns
 * side by side 300 px apart in the order they are in the page (the unscheduled list first), in each column its cards
 * and its end area 60 px apart from the top; the floating copy of a dragged card is where its inline style puts it.
 */
const COLUMN_GAP = 300;
const ROW = 60;
const TOP = 100;

function rect(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON: () => ({}) } as DOMRect;
}

function layout(this: Element): DOMRect {
  const el = this as HTMLElement;
  // dnd-kit measures the overlay's only child.
  const fixed = [el, el.parentElement].find(e => e?.style.position === 'fixed' && e.style.top);
  if (fixed) return rect(parseFloat(fixed.style.left), parseFloat(fixed.style.top), parseFloat(fixed.style.width), parseFloat(fixed.style.height));
  const column = el.closest('[data-column]');
  if (!column) return rect(0, 0, 0, 0);
  const x = [...document.querySelectorAll('[data-column]')].indexOf(column) * COLUMN_GAP;
  if (el === column) return rect(x, 0, 280, 1000);
  if (el.hasAttribute('data-dnd-list')) return rect(x, TOP, 280, 900);
  const slots = [...column.querySelectorAll('[data-dnd-slot]')];
  if (slots.includes(el)) return rect(x, TOP + slots.indexOf(el) * ROW, 280, 50);
  return rect(x, 10, 280, 40);
}

const entry = (id: number, over: Partial<QueueEntry> = {}): QueueEntry => ({
  cardnode_id: id, card_id: id + 1000, show_id: `C${id}`, order_show_id: 'SO20260301-001', customer_name: '华盛饮料', item_id: 7,
  item_name: '蔬菜箱', spec: '790×430', quantity: 375, unit: '个', status: 'waiting', ready: true, due_date: '2099-12-31', hours: 2,
  plan_seq: null, ...over,
});

const device = (id: number, code: string, queue: QueueEntry[], over: Partial<BoardDevice> = {}): BoardDevice => ({
  id, code, name: `机台${id}`, status: 'idle', available: true, daily_hours: 8, queue_version: 3, capacity_hours: 8,
  load_hours: queue.length * 2, unrated: 0, overloaded: false, queue, ...over,
});

/** Machine 11 overloaded, 12 in fault holding one card, 13 empty without daily hours; two of five unscheduled listed. */
function makeBoard(days = 1): BoardReply {
  return {
    msg: 'OK', worknode_id: 2, days,
    devices: [
      device(11, 'P-01', [entry(101, { status: 'running' }), entry(102, { hours: 7.5 }), entry(103, { hours: null, due_date: '2000-01-02' })],
        { status: 'running', queue_version: 3, load_hours: 9.5, capacity_hours: 8 * days, overloaded: days === 1, unrated: 1 }),
      device(12, 'P-02', [entry(201)], { status: 'fault', available: false, queue_version: 5 }),
      device(13, 'P-03', [], { daily_hours: null, capacity_hours: null, load_hours: 0, queue_version: 0 }),
    ],
    unscheduled: [entry(301), entry(302, { ready: false, due_date: null })],
    unscheduled_total: 5,
  };
}

interface Call { method: string; path: string; query: URLSearchParams; body: URLSearchParams }

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: Call[];
let saveStatus: number;
let notifier: ReturnType<typeof fakeNotifier>;
const realRect = Element.prototype.getBoundingClientRect;

beforeEach(() => {
  calls = [];
  saveStatus = 200;
  notifier = fakeNotifier();
  setNotifier(notifier);
  sessionStore.setState({ baseURL: '', sessionid: 'S1', permissions: null });
  connectivityStore.setState({ reachable: true });
  Element.prototype.getBoundingClientRect = layout;
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    if (url.pathname === '/workflows/worknodes/list/') {
      return jsonReply({ msg: 'OK', dt: [{ id: 2, code: 'WN02', name: '印刷' }, { id: 4, code: 'WN04', name: '模切' }], total: 2 });
    }
    if (url.pathname === '/devices/arranges/') return jsonReply(makeBoard(Number(url.searchParams.get('days') ?? 1)));
    if (url.pathname === '/devices/arranges/save/') {
      if (saveStatus === 409) return jsonReply({ msg: '机台 P-01 的排产已被他人修改，请刷新后重试' }, 409);
      return jsonReply({ msg: 'OK', devices: [] });
    }
    return jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  Element.prototype.getBoundingClientRect = realRect;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const boardLoads = () => calls.filter(c => c.path === '/devices/arranges/');
const saves = () => calls.filter(c => c.path === '/devices/arranges/save/').map(c => JSON.parse(c.body.get('queues')!) as unknown);
const queueOf = (deviceId: number) =>
  [...mustFind(`arranges-device-${deviceId}`).querySelectorAll<HTMLElement>('[data-testid^="arranges-card-"]')].map(c => c.dataset.testid);

async function open(path = '/devices/arranges') {
  ui = await renderUi(<SchedulingBoard />, { path });
  await waitFor(() => mustFind('arranges-device-11'), 10_000);
}

/** A key as the keyboard sensor reads it (`code`), then time for its timers and React to follow. */
async function press(code: string, target: Element = document.activeElement ?? document.body) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { code, key: code === 'Space' ? ' ' : code, bubbles: true, cancelable: true }));
    await new Promise(r => setTimeout(r, 30));
  });
}

/** Lifts a card with the space bar, presses the arrows, and drops it with the space bar. */
async function keyboardMove(cardnodeId: number, ...arrows: string[]) {
  const card = mustFind(`arranges-card-${cardnodeId}`);
  card.focus();
  await press('Space', card);
  for (const a of arrows) await press(a);
  await press('Space');
}

describe('scheduling board', { timeout: 30_000 }, () => {
  it('opens on the first work node and shows its machines, queues, loads and unscheduled steps', async () => {
    await open();
    expect(boardLoads()[0]!.query.get('worknode_id')).toBe('2');
    expect(boardLoads()[0]!.query.get('days')).toBe('1');
    expect(mustFind<HTMLInputElement>('arranges-worknode').value).toBe('印刷');
    expect(queueOf(11)).toEqual(['arranges-card-101', 'arranges-card-102', 'arranges-card-103']);
    expect(queueOf(12)).toEqual(['arranges-card-201']);
    expect(queueOf(13)).toEqual([]);

    const load = mustFind('arranges-load-11');
    expect(load.dataset.overloaded).toBe('true');
    expect(load.textContent).toContain('负荷 9.5 / 8 小时');
    expect(mustFind('arranges-overloaded', load).textContent).toBe('超负荷');
    expect(mustFind('arranges-unrated', load).textContent).toBe('1 张没有标准产能，未计入负荷');
    expect(load.querySelector('.mantine-Progress-root')).not.toBeNull();
    expect(mustFind('arranges-load-13').textContent).toContain('负荷 0 小时（未设日可用工时）');
    expect(mustFind('arranges-load-13').querySelector('.mantine-Progress-root')).toBeNull();

    // Out of service: marked with its status, takes no new cards.
    const fault = mustFind('arranges-device-12');
    expect(fault.dataset.available).toBe('false');
    expect(fault.textContent).toContain('故障');
    expect(mustFind('arranges-unavailable', fault).textContent).toBe('不接新卡');
    expect(document.querySelectorAll('[data-testid="arranges-unavailable"]')).toHaveLength(1);

    const unscheduled = mustFind('arranges-unscheduled');
    expect([...unscheduled.querySelectorAll<HTMLElement>('[data-testid^="arranges-card-"]')].map(c => c.dataset.testid))
      .toEqual(['arranges-card-301', 'arranges-card-302']);
    expect(mustFind('arranges-unscheduled-count').textContent).toBe('显示 2 / 共 5 项');

    // A card: number, order and customer, item and spec, quantity, hours, due date, ready or upcoming, running.
    const running = mustFind('arranges-card-101');
    expect(running.textContent).toContain('C101');
    expect(running.textContent).toContain('SO20260301-001 · 华盛饮料');
    expect(running.textContent).toContain('蔬菜箱 790×430');
    expect(running.textContent).toContain('375 个');
    expect(running.textContent).toContain('2 小时');
    expect(running.textContent).toContain('交期 2099-12-31');
    expect(running.textContent).toContain('加工中');
    expect(running.querySelector('[data-status="running"]')).not.toBeNull();
    expect(mustFind('arranges-card-102').textContent).toContain('已到工序');
    expect(mustFind('arranges-card-103').textContent).toContain('— 小时');
    expect(mustFind('arranges-card-103').textContent).toContain('已过交期 2000-01-02');
    expect(mustFind('arranges-card-302').textContent).toContain('未到工序');
    expect(document.querySelector('[data-testid="arranges-readonly"]')).toBeNull();
  });

  it('compares the loads over the horizon picked', async () => {
    await open();
    await click(mustFind('arranges-days').querySelector('input[value="3"]')!);
    await waitFor(() => expect(boardLoads().at(-1)!.query.get('days')).toBe('3'));
    await waitFor(() => expect(mustFind('arranges-load-11').textContent).toContain('负荷 9.5 / 24 小时'));
    expect(mustFind('arranges-load-11').dataset.overloaded).toBe('false');
  });

  it('opens on the work node and horizon of the address', async () => {
    await open('/devices/arranges?worknode_id=4&days=7');
    expect(boardLoads()[0]!.query.get('worknode_id')).toBe('4');
    expect(boardLoads()[0]!.query.get('days')).toBe('7');
  });

  it('puts an unscheduled card on a machine with the keyboard, saves that queue at its version and reloads', async () => {
    await open();
    await keyboardMove(301, 'ArrowRight');
    await waitFor(() => expect(saves()).toHaveLength(1));
    // Behind the card the machine is running (issue 30), whatever the first place the arrows reached.
    expect(saves()[0]).toEqual([{ device_id: 11, version: 3, cardnode_ids: [101, 301, 102, 103] }]);
    await waitFor(() => expect(boardLoads()).toHaveLength(2));
    expect(notifier.success).toHaveBeenCalledOnce();
    // Told to a screen reader, in the user's language.
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe('流程卡 C301 已放到P-01 机台11 第 2 位');
    expect(document.querySelector(`#${mustFind('arranges-card-302').getAttribute('aria-describedby')!}`)?.textContent)
      .toContain('按空格键或回车键拿起流程卡');
  });

  it('walks a card down another queue with the arrows, to its end', async () => {
    await open();
    await keyboardMove(301, 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown');
    await waitFor(() => expect(saves()).toEqual([[{ device_id: 11, version: 3, cardnode_ids: [101, 102, 103, 301] }]]));
  });

  it('saves nothing when a card is lifted and put down where it was', async () => {
    await open();
    await keyboardMove(102);
    await keyboardMove(302, 'ArrowUp');
    expect(saves()).toEqual([]);
  });

  it('reorders a queue with the keyboard', async () => {
    await open();
    await keyboardMove(101, 'ArrowDown');
    await waitFor(() => expect(saves()).toEqual([[{ device_id: 11, version: 3, cardnode_ids: [102, 101, 103] }]]));
  });

  it('shows the result while the save runs', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = globalThis.fetch as ReturnType<typeof vi.fn<typeof globalThis.fetch>>;
    const serve = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes('/devices/arranges/save/')) {
        await serve(input, init);
        return new Promise<Response>(r => { answer = r; });
      }
      return serve(input, init);
    });
    await open();
    await keyboardMove(101, 'ArrowDown');
    await waitFor(() => mustFind('arranges-saving'));
    expect(queueOf(11)).toEqual(['arranges-card-102', 'arranges-card-101', 'arranges-card-103']);
    expect(mustFind('arranges-card-102').getAttribute('aria-disabled')).toBe('true');
    await act(async () => answer(jsonReply({ msg: 'OK', devices: [{ id: 11, queue_version: 4 }] })));
    await waitFor(() => expect(document.querySelector('[data-testid="arranges-saving"]')).toBeNull());
    // The reload is the truth (this server did not move anything).
    expect(queueOf(11)).toEqual(['arranges-card-101', 'arranges-card-102', 'arranges-card-103']);
  });

  it('skips a machine out of service when moving a card from elsewhere', async () => {
    await open();
    // From machine 11 to the right: 12 (in fault) takes no new card, so the card lands at the end of 13.
    await keyboardMove(102, 'ArrowRight');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual([
      { device_id: 11, version: 3, cardnode_ids: [101, 103] },
      { device_id: 13, version: 0, cardnode_ids: [102] },
    ]);
  });

  it('moves a card from a machine out of service to another, sending both queues', async () => {
    await open();
    await keyboardMove(201, 'ArrowLeft');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual([
      { device_id: 11, version: 3, cardnode_ids: [101, 201, 102, 103] },
      { device_id: 12, version: 5, cardnode_ids: [] },
    ]);
  });

  it('takes a card off its machine when dropped on the unscheduled steps', async () => {
    await open();
    await keyboardMove(102, 'ArrowLeft');
    await waitFor(() => expect(saves()).toEqual([[{ device_id: 11, version: 3, cardnode_ids: [101, 103] }]]));
  });

  it('saves nothing when the move is cancelled with escape', async () => {
    await open();
    const card = mustFind('arranges-card-301');
    card.focus();
    await press('Space', card);
    await press('ArrowRight');
    await press('Escape');
    await press('Space', document.body);
    expect(saves()).toEqual([]);
  });

  it('reloads the board when the server refuses the save', async () => {
    saveStatus = 409;
    await open();
    await keyboardMove(101, 'ArrowDown');
    await waitFor(() => expect(saves()).toHaveLength(1));
    await waitFor(() => expect(boardLoads()).toHaveLength(2));
    expect(notifier.error).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.querySelector('[data-testid="arranges-saving"]')).toBeNull());
    expect(queueOf(11)).toEqual(['arranges-card-101', 'arranges-card-102', 'arranges-card-103']);
  });

  it('is read only for a role without the machines’ arrange action', async () => {
    sessionStore.setState({ permissions: { admin: false, resources: {
      devices: { actions: ['view'], scope: 'all' }, cardnodes: { actions: ['view'], scope: 'all' }, worknodes: { actions: ['view'], scope: 'all' },
    } } });
    await open();
    expect(mustFind('arranges-readonly').textContent).toBe('只读：你的角色没有排产权限');
    expect(mustFind('arranges-card-301').getAttribute('aria-disabled')).toBe('true');
    await keyboardMove(301, 'ArrowRight');
    expect(saves()).toEqual([]);
  });

  it('offline, shows the last board and disables moves, saying why', async () => {
    await open();
    connectivityStore.setState({ reachable: false });
    await waitFor(() => mustFind('arranges-write-disabled'));
    expect(mustFind('arranges-write-disabled').textContent).toBe('离线时不能修改：网络恢复后再试');
    expect(mustFind('offline-notice')).toBeTruthy();
    expect(mustFind('arranges-card-301').getAttribute('aria-disabled')).toBe('true');
    await keyboardMove(301, 'ArrowRight');
    expect(saves()).toEqual([]);
  });
});
