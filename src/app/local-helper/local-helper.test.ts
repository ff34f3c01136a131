// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HELPER_PORT, helperClient, helperPort, LocalHelper, rememberHelperParams, type SocketLike } from './local-helper';
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

function helper() {
  return new LocalHelper({
    url: () => 'ws://127.0.0.1:9001',
    socket: url => new FakeSocket(url),
    sessionid: () => 'S1',
    client: () => 'kiosk-3',
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
    last().open();
    expect(h.isConnected()).toBe(true);
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

  it('reconnects at the keepalive tick when the socket is found closed', () => {
    const h = helper();
    h.start();
    last().open();
    last().drop();
    expect(h.isConnected()).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent.map(m => m.action)).toEqual(['hello']);
    h.stop();
  });

  it('waits for a socket still connecting instead of opening another', () => {
    const h = helper();
    h.start();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
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

  it('carries on when the socket cannot be created, retrying at the tick', () => {
    let calls = 0;
    const h = new LocalHelper({
      url: () => 'ws://127.0.0.1:9001', sessionid: () => null, client: () => '',
      socket: url => { calls++; if (calls === 1) throw new Error('refused'); return new FakeSocket(url); },
    });
    h.start();
    expect(h.isConnected()).toBe(false);
    vi.advanceTimersByTime(60_000);
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
});

describe('system actions', () => {
  const offline = { isConnected: () => false, send: () => false };

  it('toggles full screen through the helper when connected', () => {
    const sent: string[] = [];
    const h = { isConnected: () => true, send: (a: string) => { sent.push(a); return true; } };
    useFullscreen.setState({ on: false });
    expect(toggleFullScreen(h)).toBe('helper');
    expect(useFullscreen.getState().on).toBe(true);
    expect(toggleFullScreen(h)).toBe('helper');
    expect(sent).toEqual(['fullscreen', 'exitfullscreen']);
    expect(useFullscreen.getState().on).toBe(false);
  });

  it('falls back to the browser Fullscreen API without the helper', () => {
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
    expect(toggleFullScreen(offline, doc)).toBe('browser');
    expect(request).toHaveBeenCalledOnce();
    element = document.body;
    expect(toggleFullScreen(offline, doc)).toBe('browser');
    expect(exit).toHaveBeenCalledOnce();
    expect(useFullscreen.getState().on).toBe(false);
  });

  it('reports when neither the helper nor the browser can go full screen', () => {
    const doc = { fullscreenElement: null, fullscreenEnabled: false, documentElement: {}, addEventListener: () => {} } as unknown as Document;
    expect(toggleFullScreen(offline, doc)).toBe('unsupported');
  });

  it('closes the system through the helper, else the window, else reports it', () => {
    const sent: string[] = [];
    expect(closeSystem({ isConnected: () => true, send: a => { sent.push(a); return true; } })).toBe('helper');
    expect(sent).toEqual(['close_system']);
    const closable = { closed: false, close() { this.closed = true; } };
    expect(closeSystem(offline, closable)).toBe('window');
    const stubborn = { closed: false, close() {} };
    expect(closeSystem(offline, stubborn)).toBe('unsupported');
  });
});
