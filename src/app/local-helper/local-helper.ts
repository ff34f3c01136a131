import { useSession } from '../../ui/stores';

/**
 * Client of the local helper program (spec §1, §4, §7): a websocket on `ws://127.0.0.1:<port>` that handles full
 * screen, closing the system and starting programs on the PC the browser runs on. Rules:
 * - the port is `ws_port` from the page's query (the helper opens the app with `?ws_port=…&client=…`), else the one
 *   remembered in localStorage, else 8765; `client` (the helper's id of this PC) the same way;
 * - on open it sends `{action:'hello', sessionid, client}`;
 * - every 60 s it sends `{action:'online', sessionid, client}`; a socket found closed at that tick is reconnected;
 * - everything works without the helper: `send` answers false and callers fall back to the browser.
 */
export type HelperAction = 'hello' | 'online' | 'fullscreen' | 'exitfullscreen' | 'close_system' | 'startone';

export const DEFAULT_HELPER_PORT = 8765;
export const KEEPALIVE_MS = 60_000;
const PORT_KEY = 'ws_port';
const CLIENT_KEY = 'client';

/** WebSocket readyState values (the constants of the WebSocket interface). */
const OPEN = 1;
const CLOSED = 3;

/** The part of a WebSocket the client uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Remembers `ws_port` and `client` from a query string, so later pages without them still reach the helper. */
export function rememberHelperParams(search: string): void {
  const q = new URLSearchParams(search);
  const port = q.get(PORT_KEY), client = q.get(CLIENT_KEY);
  if (port !== null && /^\d{1,5}$/.test(port)) localStorage.setItem(PORT_KEY, port);
  if (client !== null) localStorage.setItem(CLIENT_KEY, client);
}

export function helperPort(search = ''): number {
  const fromQuery = new URLSearchParams(search).get(PORT_KEY);
  for (const v of [fromQuery, localStorage.getItem(PORT_KEY)]) {
    const n = v !== null && /^\d{1,5}$/.test(v) ? Number(v) : NaN;
    if (n > 0 && n < 65536) return n;
  }
  return DEFAULT_HELPER_PORT;
}

export function helperClient(search = ''): string {
  return new URLSearchParams(search).get(CLIENT_KEY) ?? localStorage.getItem(CLIENT_KEY) ?? '';
}

export interface LocalHelperOptions {
  /** Full URL, or computed from the page's query and localStorage when absent. */
  url?: () => string;
  socket?: SocketFactory;
  sessionid?: () => string | null;
  client?: () => string;
  keepaliveMs?: number;
}

export class LocalHelper {
  private ws: SocketLike | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Set<(msg: unknown) => void>();
  private readonly opts: Required<LocalHelperOptions>;

  constructor(opts: LocalHelperOptions = {}) {
    this.opts = {
      url: opts.url ?? (() => `ws://127.0.0.1:${helperPort(typeof location === 'undefined' ? '' : location.search)}`),
      socket: opts.socket ?? (url => new WebSocket(url)),
      sessionid: opts.sessionid ?? (() => useSession.getState().sessionid),
      client: opts.client ?? (() => helperClient(typeof location === 'undefined' ? '' : location.search)),
      keepaliveMs: opts.keepaliveMs ?? KEEPALIVE_MS,
    };
  }

  /** Connects and starts the keepalive; calling it again while started does nothing. */
  start(): void {
    if (this.timer !== undefined) return;
    this.connect();
    this.timer = setInterval(() => this.tick(), this.opts.keepaliveMs);
  }

  /** Stops the keepalive and closes the socket (logout, the shell unmounting). */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      try { ws.close(); } catch { /* already closed */ }
    }
  }

  isConnected(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  /** Sends `{action, sessionid, client, ...data}`; false when the helper is not connected (the caller falls back). */
  send(action: HelperAction, data: Record<string, unknown> = {}): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    try {
      this.ws.send(JSON.stringify({ ...data, action, sessionid: this.opts.sessionid(), client: this.opts.client() }));
      return true;
    } catch {
      return false;
    }
  }

  /** Messages from the helper (parsed JSON, else the raw text). Returns the unsubscribe function. */
  onMessage(fn: (msg: unknown) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private tick(): void {
    // Reconnect only a socket found closed; one still connecting or closing is left to finish.
    if (!this.ws || this.ws.readyState === CLOSED) this.connect();
    else this.send('online');
  }

  private connect(): void {
    let ws: SocketLike;
    try {
      ws = this.opts.socket(this.opts.url());
    } catch {
      // No WebSocket or a refused URL: the app carries on without the helper; the next tick tries again.
      this.ws = null;
      return;
    }
    this.ws = ws;
    ws.onopen = () => { this.send('hello'); };
    // An unreachable helper is normal (a PC without it): errors are not reported, the keepalive retries.
    ws.onerror = () => {};
    ws.onclose = () => {};
    ws.onmessage = ev => {
      let msg: unknown = ev.data;
      if (typeof msg === 'string') {
        try { msg = JSON.parse(msg); } catch { /* plain text */ }
      }
      for (const fn of this.listeners) fn(msg);
    };
  }
}

/** The app's one helper connection, started by the shell once logged in. */
export const localHelper = new LocalHelper();
