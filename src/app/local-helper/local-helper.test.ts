// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_HELPER_PORT, helperClient, helperExpected, helperPort, LocalHelper, localHelper, NEED_TIMEOUT_MS, rememberHelperParams,
  RETRY_BASE_MS, RETRY_CAP_MS, retryDelay, type SocketLike,
} from './local-helper';
import { closeSystem, toggleFullScreen, useFullscreen } from './system-actions';

/** A WebSocket stand-in: records what is sent; the test opens and closes it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(public url: string) { FakeSocket.all.push(this); }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.(new Event('open')); }
  drop() { this.readyState = 3; this.onclose?.(new Event('close') as CloseEvent); }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function helper(opts: { expected?: boolean; log?: (m: string) => void } = {}) {
  return new LocalHelper({
    url: () => 'ws://127.0.0.1:9001',
    socket: url => new FakeSocket(url),
    sessionid: () => 'S1',
    client: () => 'kiosk-3',
    expected: () => opts.expected ?? true,
    log: opts.log ?? (() => {}),
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('local helper', () => {
  it('says hello with the session id and client when the socket opens', () => {
    const h = helper();
    h.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://127.0.0.1:9001');
    expect(h.isConnected()).toBe(false);
    expect(h.status()).toBe('connecting');
    last().open();
    expect(h.isConnected()).toBe(true);
    expect(h.status()).toBe('connected');
    expect(last().sent).toEqual([{ action: 'hello', sessionid: 'S1', client: 'kiosk-3' }]);
    h.stop();
  });

  it('sends online every 60 seconds', () => {
    const h = helper();
    h.start();
    last().open();
    vi.advanceTimersByTime(59_999);
    expect(last().sent.map(m => m.action)).toEqual(['hello']);
    vi.advanceTimersByTime(1);
    expect(last().sent.map(m => m.action)).toEqual(['hello', 'online']);
    vi.advanceTimersByTime(120_000);
    expect(last().sent.map(m => m.action)).toEqual(['hello', 'online', 'online', 'online']);
    expect(last().sent[1]).toEqual({ action: 'online', sessionid: 'S1', client: 'kiosk-3' });
    h.stop();
  });

  it('opens no socket at start when the helper did not open the app', () => {
    const h = helper({ expected: false });
    h.start();
    vi.advanceTimersByTime(60 * 60_000);
    expect(FakeSocket.all).toHaveLength(0);
    expect(h.status()).toBe('idle');
    h.stop();
  });

  it('expects the helper when its ws_port or client is in the URL or remembered', () => {
    expect(helperExpected('')).toBe(false);
    expect(helperExpected('?redirect=%2Fdashboard')).toBe(false);
    expect(helperExpected('?ws_port=9100')).toBe(true);
    expect(helperExpected('?client=pc7')).toBe(true);
    rememberHelperParams('?client=pc7');
    expect(helperExpected('')).toBe(true);
  });

  it('backs off exponentially up to the cap when an expected helper is absent', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(n => retryDelay(n))).toEqual(
      [2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, RETRY_CAP_MS, RETRY_CAP_MS]);
    expect(retryDelay(0)).toBe(0);
    expect(retryDelay(10_000)).toBe(RETRY_CAP_MS);

    const h = helper();
    h.start();
    const attemptsAt: number[] = [];
    const t0 = Date.now();
    // Each attempt is refused; the next comes exactly at the end of its window, never earlier.
    for (let i = 1; i <= 10; i++) {
      expect(FakeSocket.all).toHaveLength(i);
      attemptsAt.push(Date.now() - t0);
      last().drop();
      expect(h.status()).toBe('absent');
      vi.advanceTimersByTime(retryDelay(i) - 1);
      expect(FakeSocket.all).toHaveLength(i);
      vi.advanceTimersByTime(1);
    }
    const gaps = attemptsAt.slice(1).map((t, i) => t - attemptsAt[i]!);
    expect(gaps).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => retryDelay(n)));
    h.stop();
  });

  it('logs the first failure once, as information', () => {
    const log = vi.fn();
    const h = helper({ log });
    h.start();
    for (let i = 1; i <= 5; i++) {
      last().drop();
      vi.advanceTimersByTime(retryDelay(i));
    }
    expect(FakeSocket.all).toHaveLength(6);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![0]).toContain('ws://127.0.0.1:9001');
    h.stop();
  });

  it('reconnects a dropped helper after the shortest window and starts over', () => {
    const h = helper();
    h.start();
    last().open();
    last().drop();
    expect(h.isConnected()).toBe(false);
    vi.advanceTimersByTime(RETRY_BASE_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent.map(m => m.action)).toEqual(['hello']);
    // The keepalive of the first socket stopped with it: only the new one says online.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all[0]!.sent.map(m => m.action)).toEqual(['hello']);
    expect(last().sent.map(m => m.action)).toEqual(['hello', 'online']);
    h.stop();
  });

  it('connects on a need, and answers false at once inside the backoff window', async () => {
    const h = helper({ expected: false });
    h.start();
    const first = h.ensure();
    expect(FakeSocket.all).toHaveLength(1);
    last().drop();
    await expect(first).resolves.toBe(false);
    // A second need inside the window does not knock again.
    await expect(h.ensure()).resolves.toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    // Never seen: nothing retries in the background.
    vi.advanceTimersByTime(60 * 60_000);
    expect(FakeSocket.all).toHaveLength(1);
    // After the window a need tries again; the window doubled after the second failure.
    const second = h.ensure();
    expect(FakeSocket.all).toHaveLength(2);
    last().drop();
    await expect(second).resolves.toBe(false);
    vi.advanceTimersByTime(retryDelay(2) - 1);
    await expect(h.ensure()).resolves.toBe(false);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = h.ensure();
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    await expect(third).resolves.toBe(true);
    await expect(h.ensure()).resolves.toBe(true);
    h.stop();
  });

  it('keeps a helper found by a need connected, reconnecting it when it drops', async () => {
    const h = helper({ expected: false });
    h.start();
    const need = h.ensure();
    last().open();
    await expect(need).resolves.toBe(true);
    last().drop();
    vi.advanceTimersByTime(RETRY_BASE_MS);
    expect(FakeSocket.all).toHaveLength(2);
    h.stop();
  });

  it('gives up on a need when the socket does not answer in time', async () => {
    const h = helper({ expected: false });
    const need = h.ensure();
    vi.advanceTimersByTime(NEED_TIMEOUT_MS);
    await expect(need).resolves.toBe(false);
    // The socket may still open: the next need finds it connected.
    last().open();
    await expect(h.ensure()).resolves.toBe(true);
    h.stop();
  });

  it('waits for a socket still connecting instead of opening another', async () => {
    const h = helper();
    h.start();
    const need = h.ensure();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    await expect(need).resolves.toBe(true);
    h.stop();
  });

  it('stops retrying at stop, and a new start respects the running window', () => {
    const h = helper();
    h.start();
    last().drop();
    h.stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(FakeSocket.all).toHaveLength(1);
    h.start();
    expect(FakeSocket.all).toHaveLength(2);
    last().drop();
    h.stop();
    h.start();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(retryDelay(2));
    expect(FakeSocket.all).toHaveLength(3);
    h.stop();
  });

  it('sends actions with their data only when connected', () => {
    const h = helper();
    h.start();
    expect(h.send('fullscreen')).toBe(false);
    last().open();
    expect(h.send('startone', { program: 'label' })).toBe(true);
    expect(last().sent[1]).toEqual({ action: 'startone', program: 'label', sessionid: 'S1', client: 'kiosk-3' });
    h.stop();
    expect(h.isConnected()).toBe(false);
    expect(h.send('close_system')).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('carries on when the socket cannot be created, retrying after the window', () => {
    let calls = 0;
    const h = new LocalHelper({
      url: () => 'ws://127.0.0.1:9001', sessionid: () => null, client: () => '', expected: () => true, log: () => {},
      socket: url => { calls++; if (calls === 1) throw new Error('refused'); return new FakeSocket(url); },
    });
    h.start();
    expect(h.isConnected()).toBe(false);
    expect(h.status()).toBe('absent');
    vi.advanceTimersByTime(RETRY_BASE_MS);
    expect(FakeSocket.all).toHaveLength(1);
    h.stop();
  });

  it('takes the port and client from the query, else localStorage, else 8765', () => {
    expect(helperPort('')).toBe(DEFAULT_HELPER_PORT);
    expect(helperPort('?ws_port=9100')).toBe(9100);
    rememberHelperParams('?ws_port=9200&client=pc7');
    expect(helperPort('')).toBe(9200);
    expect(helperClient('')).toBe('pc7');
    expect(helperClient('?client=pc8')).toBe('pc8');
    rememberHelperParams('?ws_port=abc');
    expect(helperPort('?ws_port=99999')).toBe(9200);
  });

  it('the app-wide helper opens no socket at start on a page the helper did not open', () => {
    const made = vi.spyOn(globalThis, 'WebSocket');
    localHelper.start();
    vi.advanceTimersByTime(10 * 60_000);
    expect(made).not.toHaveBeenCalled();
    localHelper.stop();
    made.mockRestore();
  });
});

describe('system actions', () => {
  const offline = { ensure: () => Promise.resolve(false), send: () => false };
  const connected = (sent: string[]) => ({ ensure: () => Promise.resolve(true), send: (a: string) => { sent.push(a); return true; } });

  it('toggles full screen through the helper when it answers', async () => {
    const sent: string[] = [];
    useFullscreen.setState({ on: false });
    expect(await toggleFullScreen(connected(sent))).toBe('helper');
    expect(useFullscreen.getState().on).toBe(true);
    expect(await toggleFullScreen(connected(sent))).toBe('helper');
    expect(sent).toEqual(['fullscreen', 'exitfullscreen']);
    expect(useFullscreen.getState().on).toBe(false);
  });

  it('falls back to the browser Fullscreen API without the helper, and leaves it without asking the helper', async () => {
    const request = vi.fn(() => Promise.resolve());
    const exit = vi.fn(() => Promise.resolve());
    let element: Element | null = null;
    const doc = {
      get fullscreenElement() { return element; },
      fullscreenEnabled: true,
      documentElement: { requestFullscreen: request },
      exitFullscreen: exit,
      addEventListener: () => {},
    } as unknown as Document; // only the members toggleFullScreen reads
    expect(await toggleFullScreen(offline, doc)).toBe('browser');
    expect(request).toHaveBeenCalledOnce();
    element = document.body;
    const ensure = vi.fn(() => Promise.resolve(true));
    expect(await toggleFullScreen({ ensure, send: () => true }, doc)).toBe('browser');
    expect(ensure).not.toHaveBeenCalled();
    expect(exit).toHaveBeenCalledOnce();
    expect(useFullscreen.getState().on).toBe(false);
  });

  it('reports when neither the helper nor the browser can go full screen', async () => {
    const doc = { fullscreenElement: null, fullscreenEnabled: false, documentElement: {}, addEventListener: () => {} } as unknown as Document;
    expect(await toggleFullScreen(offline, doc)).toBe('unsupported');
  });

  it('closes the system through the helper, else the window, else reports it', async () => {
    const sent: string[] = [];
    expect(await closeSystem(connected(sent))).toBe('helper');
    expect(sent).toEqual(['close_system']);
    const closable = { closed: false, close() { this.closed = true; } };
    expect(await closeSystem(offline, closable)).toBe('window');
    const stubborn = { closed: false, close() {} };
    expect(await closeSystem(offline, stubborn)).toBe('unsupported');
  });

  it('connects an absent helper only when full screen is asked for, then uses the browser', async () => {
    const h = new LocalHelper({ url: () => 'ws://127.0.0.1:9001', socket: url => new FakeSocket(url), expected: () => false, log: () => {} });
    h.start();
    expect(FakeSocket.all).toHaveLength(0);
    const doc = {
      fullscreenElement: null, fullscreenEnabled: true, addEventListener: () => {},
      documentElement: { requestFullscreen: () => Promise.resolve() },
    } as unknown as Document; // only the members toggleFullScreen reads
    const result = toggleFullScreen(h, doc);
    expect(FakeSocket.all).toHaveLength(1);
    last().drop();
    expect(await result).toBe('browser');
    h.stop();
  });
});
