import { installHelperPort, type HelperAction, type HelperStatus } from '../../data/local-helper-port';
import { useSession } from '../../ui/stores';

/**
 * Client of the local helper program (spec §1, §4, §7): a websocket on `ws://127.0.0.1:<port>` that handles full
 * screen, closing the system and starting programs on the PC the browser runs on. Rules:
 * - the port is `ws_port` from the page's query (the helper opens the app with `?ws_port=…&client=…`), else the one
 *   remembered in localStorage, else 8765; `client` (the helper's id of this PC) the same way;
 * - on open it sends `{action:'hello', sessionid, client}`, then every 60 s `{action:'online', sessionid, client}`;
 * - everything works without the helper: `send` answers false and callers fall back to the browser.
 *
 * Quiet when absent (issue 15): the browser logs every failed websocket connection to the console and a page cannot
 * hide that, so the client does not try when nothing needs the helper.
 * - The shell's `start` connects at once only when the helper is expected: it opened this app (`ws_port` or `client`
 *   in the URL, or remembered from an earlier URL). Otherwise the first connection is made by a need (`ensure`: full
 *   screen, closing the system, printing).
 * - A failed attempt opens a backoff window (2 s, doubling, at most 5 min): no attempt is made inside it, a need
 *   inside it answers false at once. Once the helper is expected or has been seen, the shell reconnects in the
 *   background at the end of each window; a helper that was never seen is tried again only by the next need.
 * - The first failure is logged once, as information; later ones are not.
 */
// The action and status types live with the port screens use (src/data/local-helper-port.ts).
export type { HelperAction, HelperStatus };

export const DEFAULT_HELPER_PORT = 8765;
export const KEEPALIVE_MS = 60_000;
export const RETRY_BASE_MS = 2_000;
export const RETRY_CAP_MS = 5 * 60_000;
/**
 * How long a need waits for the socket to open before falling back to the browser. A helper on this PC answers (or
 * refuses) within milliseconds; the browser's fallbacks need the click's user activation, which lasts 5 s.
 */
export const NEED_TIMEOUT_MS = 1_000;
const PORT_KEY = 'ws_port';
const CLIENT_KEY = 'client';

/** WebSocket readyState value OPEN (the constant of the WebSocket interface). */
const OPEN = 1;

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

/** Whether the helper opened this app: its `ws_port` or `client` is in the URL or remembered from an earlier one. */
export function helperExpected(search = ''): boolean {
  const q = new URLSearchParams(search);
  return q.has(PORT_KEY) || q.has(CLIENT_KEY) || localStorage.getItem(PORT_KEY) !== null || localStorage.getItem(CLIENT_KEY) !== null;
}

/** The backoff window after `failures` consecutive failed attempts (≥ 1): base · 2^(failures − 1), at most `cap`. */
export function retryDelay(failures: number, base = RETRY_BASE_MS, cap = RETRY_CAP_MS): number {
  if (failures <= 0) return 0;
  // The exponent is bounded so that a long-absent helper never overflows to Infinity before the cap applies.
  return Math.min(cap, base * 2 ** Math.min(failures - 1, 40));
}

export interface LocalHelperOptions {
  /** Full URL, or computed from the page's query and localStorage when absent. */
  url?: () => string;
  socket?: SocketFactory;
  sessionid?: () => string | null;
  client?: () => string;
  /** Whether `start` connects at once; by default `helperExpected` of the page's query. */
  expected?: () => boolean;
  keepaliveMs?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
  needTimeoutMs?: number;
  /** Where the one message about an absent helper goes (console.info by default: an absent helper is no error). */
  log?: (message: string) => void;
}

const pageSearch = () => (typeof location === 'undefined' ? '' : location.search);

export class LocalHelper {
  private ws: SocketLike | null = null;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** The shell is shown (between `start` and `stop`). */
  private started = false;
  /** Reconnect in the background after a failure: the helper is expected or has been seen while started. */
  private keep = false;
  private failures = 0;
  /** No attempt before this time (ms since the epoch): the backoff window. */
  private retryAt = 0;
  private logged = false;
  private current: HelperStatus = 'idle';
  private readonly waiters = new Set<(ok: boolean) => void>();
  private readonly listeners = new Set<(msg: unknown) => void>();
  private readonly statusListeners = new Set<(status: HelperStatus) => void>();
  private readonly opts: Required<LocalHelperOptions>;

  constructor(opts: LocalHelperOptions = {}) {
    this.opts = {
      url: opts.url ?? (() => `ws://127.0.0.1:${helperPort(pageSearch())}`),
      socket: opts.socket ?? (url => new WebSocket(url)),
      sessionid: opts.sessionid ?? (() => useSession.getState().sessionid),
      client: opts.client ?? (() => helperClient(pageSearch())),
      expected: opts.expected ?? (() => helperExpected(pageSearch())),
      keepaliveMs: opts.keepaliveMs ?? KEEPALIVE_MS,
      retryBaseMs: opts.retryBaseMs ?? RETRY_BASE_MS,
      retryCapMs: opts.retryCapMs ?? RETRY_CAP_MS,
      needTimeoutMs: opts.needTimeoutMs ?? NEED_TIMEOUT_MS,
      log: opts.log ?? (message => console.info(message)),
    };
  }

  /** The shell is shown: connects now only when the helper is expected (see above); again while started does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (this.opts.expected()) {
      this.keep = true;
      if (this.ws === null) this.attemptWhenAllowed();
    }
  }

  /**
   * Stops the keepalive and the retries and closes the socket (logout, the shell unmounting). The backoff window
   * stays: a shell shown again at once does not knock on an absent helper again.
   */
  stop(): void {
    this.started = false;
    this.keep = false;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.stopKeepalive();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      try { ws.close(); } catch { /* already closed */ }
    }
    this.settle(false);
    this.setStatus(this.failures > 0 ? 'absent' : 'idle');
  }

  isConnected(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  status(): HelperStatus {
    return this.current;
  }

  /** Status changes, for a screen that shows the helper's state (printing, full screen). Returns the unsubscribe. */
  onStatus(fn: (status: HelperStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /**
   * Something needs the helper now: true once it is connected; false when it is absent (inside the backoff window,
   * the socket refused, or no answer within the need's timeout), and the caller falls back to the browser.
   */
  ensure(): Promise<boolean> {
    if (this.isConnected()) return Promise.resolve(true);
    if (this.ws === null) {
      if (Date.now() < this.retryAt) return Promise.resolve(false);
      this.connect();
      if (this.ws === null) return Promise.resolve(false);
      if (this.isConnected()) return Promise.resolve(true);
    }
    return new Promise<boolean>(resolve => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), this.opts.needTimeoutMs);
      this.waiters.add(done);
    });
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

  /** Connects now, or at the end of the backoff window when one runs. */
  private attemptWhenAllowed(): void {
    const wait = this.retryAt - Date.now();
    if (wait <= 0) return this.connect();
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.keep && this.ws === null) this.connect();
    }, wait);
  }

  private connect(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const url = this.opts.url();
    let ws: SocketLike;
    try {
      ws = this.opts.socket(url);
    } catch {
      // No WebSocket or a refused URL: the app carries on without the helper, as if the helper were absent.
      this.ws = null;
      this.failed(url);
      return;
    }
    this.ws = ws;
    this.setStatus('connecting');
    ws.onopen = () => {
      this.failures = 0;
      this.retryAt = 0;
      // Seen while the shell is shown: keep it connected from now on.
      if (this.started) this.keep = true;
      this.setStatus('connected');
      this.send('hello');
      this.stopKeepalive();
      this.keepalive = setInterval(() => this.send('online'), this.opts.keepaliveMs);
      this.settle(true);
    };
    // The close that follows an error decides what happens next.
    ws.onerror = () => {};
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopKeepalive();
      this.failed(url);
    };
    ws.onmessage = ev => {
      let msg: unknown = ev.data;
      if (typeof msg === 'string') {
        try { msg = JSON.parse(msg); } catch { /* plain text */ }
      }
      for (const fn of this.listeners) fn(msg);
    };
  }

  /** An attempt failed or a connection ended: widen the backoff window, log the first time, retry when kept. */
  private failed(url: string): void {
    this.failures++;
    this.retryAt = Date.now() + retryDelay(this.failures, this.opts.retryBaseMs, this.opts.retryCapMs);
    this.setStatus('absent');
    this.settle(false);
    if (!this.logged) {
      this.logged = true;
      this.opts.log(`Local helper not reachable at ${url}: printing and full screen fall back to the browser; `
        + `further attempts back off up to ${Math.round(this.opts.retryCapMs / 1000)} s apart.`);
    }
    if (this.keep) this.attemptWhenAllowed();
  }

  private stopKeepalive(): void {
    clearInterval(this.keepalive);
    this.keepalive = undefined;
  }

  private settle(ok: boolean): void {
    for (const done of [...this.waiters]) done(ok);
  }

  private setStatus(status: HelperStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const fn of this.statusListeners) fn(status);
  }
}

/**
 * The app's one helper connection: the shell starts it once logged in; needs connect it on demand. Screens reach it
 * through the data layer's port (features may not import the shell).
 */
export const localHelper = new LocalHelper();
installHelperPort(localHelper);
