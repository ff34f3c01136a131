import { liveQuery, type Subscription } from 'dexie';
import { PUSH_BYTES_MAX, PUSH_MAX, type PushReply, type Mutation } from '../../domain/contract/sync';
import { connectivityStore, onReconnect } from '../connectivity';
import { isApiError, isUnreachableError } from '../errors';
import { setSessionRenewer } from '../http';
import type { OfflineDb, OutboxRecord } from '../offline/db';
import { reopenSession } from '../session/reopen';
import { sessionStore } from '../session/session-store';
import { pushFacts } from '../sync-client';
import { outboxDb, storedComputer } from './device';
import { onFactRecorded, outboxStats, settlePush, toMutation } from './outbox';
import { outboxStatusStore, refreshOutboxStatus, type OutboxError, type OutboxErrorKind } from './status';

/**
 * The outbox's sender (DESIGN §6, docs/shopfloor.md "The outbox"): pushes the queued facts to `POST /sync/push/`.
 *
 * Rules:
 * - One sender per browser: a round runs under the Web Lock `ipos-outbox-push`, asked `ifAvailable`; a tab that finds
 *   it taken lets the other tab's round send (it reads the outbox afresh for every batch, so it sends this tab's facts
 *   too) and looks again a little later. Without Web Locks (an old browser, an insecure origin) every tab sends: the
 *   server's idempotency by uuid makes a double send harmless.
 * - A round pushes the facts in seq order, PUSH_MAX at a time — fewer when their arguments would weigh more than
 *   PUSH_BYTES_MAX (a receipt carries its images), one at least — as the computer the browser logged in as, with
 *   `floor` = the lowest seq it still holds, until the outbox is empty or a push makes no progress. Each reply is settled in
 *   one transaction (outbox.ts `settlePush`): acknowledged facts deleted, rejected ones to the dead letters.
 * - Triggers: each recorded fact, the browser's `online`, the server reachable again, window focus, the page becoming
 *   visible, a new session, a message of the service worker (Background Sync, Chromium, an extra), the start, and a
 *   timer while anything is pending: exponential backoff with jitter, 1 s doubling to 5 min, reset by a reply.
 * - A new fact is sent in the operator's pause: WRITE_QUIET_MS after the last swipe, and at most WRITE_MAX_WAIT_MS
 *   after the first one not yet sent. A burst of swipes (a stack of cards) goes in one push instead of one per swipe,
 *   and the push's reply and its settling transaction do not compete with the next swipe's own write for the kiosk's
 *   CPU and IndexedDB (bench/swipe). The fact is durable before its green panel, so the wait risks nothing; the
 *   server learns it seconds later.
 * - While the server is known to be out of reach, a new fact does not send at once: the backoff timer (and the return
 *   of the server) does, so an offline shift does not try a push per swipe.
 * - Nothing is ever dropped by a failure. Unreachable, a timeout, a 5xx, a refusal: back off and keep everything. A
 *   `needlogin`: re-open the session with the token (session/reopen.ts) and send again, once per batch; if that
 *   fails, wait for a login (or the next backoff).
 */
export const PUSH_LOCK = 'ipos-outbox-push';
/** Background Sync's tag (sw/sw.ts answers it by asking the open pages to send). */
export const SYNC_TAG = 'ipos-outbox-push';
/** The service worker's message asking a page to send. */
export const SEND_MESSAGE = 'OUTBOX_SEND';
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** A new fact is pushed once the swiping pauses this long… */
export const WRITE_QUIET_MS = 1_000;
/** …or this long after the first fact not yet sent, whichever comes first. */
export const WRITE_MAX_WAIT_MS = 5_000;

/**
 * The wait after `failures` consecutive failures (≥ 1): base · 2^(failures − 1), at most 5 min, with "equal jitter" —
 * a random point in its upper half, so kiosks cut off together do not all come back in the same second.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const d = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
  return Math.round(d / 2 + random() * (d / 2));
}

export type PushFn = (device: string, mutations: readonly Mutation[], floor: number) => Promise<PushReply>;

export interface SenderDeps {
  /** The database of the server the session talks to. */
  db: () => OfflineDb;
  push: PushFn;
  /** Re-opens the session with the stored token; true once a session is open. */
  reopen: () => Promise<boolean>;
  /** Whether this tab has a session to push with. */
  hasSession: () => boolean;
  /** Whether the server is thought reachable (a new fact then sends at once). */
  reachable: () => boolean;
  /** Web Locks, undefined where the browser has none. */
  locks: () => LockManager | undefined;
  random: () => number;
  now: () => number;
}

/** How a round ended. */
export type RoundOutcome =
  | { kind: 'empty' }
  /** Another tab holds the lock and is sending. */
  | { kind: 'busy' }
  /** A reply came but nothing left the outbox (a gap the server still waits for): try later. */
  | { kind: 'stalled' }
  | { kind: 'failed'; error: OutboxError };

export interface OutboxSender {
  /** Asks for a round now; a round in flight runs another after it. `write` = a new fact (waits while offline). */
  poke(reason?: 'write' | 'trigger'): void;
  /** Runs one round now (joined if one is in flight) and resolves with how it ended. */
  round(): Promise<RoundOutcome>;
  /** Installs the triggers, keeps the status's counts live and sends once (the start). Idempotent. */
  start(): void;
  /** Removes the triggers and the timer; a stopped sender arms no timer again until started. */
  stop(): void;
  /** Resolves once no round is running (the rounds a poke chained included). */
  whenIdle(): Promise<void>;
  /** Consecutive failures (0 after a reply). */
  readonly failures: number;
}

function errorOf(kind: OutboxErrorKind, e: unknown, now: number): OutboxError {
  const message = isApiError(e) ? e.msg : e instanceof Error ? e.message : e === undefined ? kind : String(e);
  return { kind, message, at: now };
}

const hasWindow = () => typeof window !== 'undefined' && typeof window.addEventListener === 'function';

export function createOutboxSender(overrides: Partial<SenderDeps> = {}): OutboxSender {
  const deps: SenderDeps = {
    db: outboxDb,
    push: pushFacts,
    reopen: reopenSession,
    hasSession: () => Boolean(sessionStore.getState().sessionid),
    reachable: () => connectivityStore.getState().reachable,
    locks: () => (typeof navigator !== 'undefined' ? navigator.locks : undefined),
    random: Math.random,
    now: Date.now,
    ...overrides,
  };
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<RoundOutcome> | null = null;
  let again = false;
  /** Started: the triggers are installed. Stopped: no timer is armed any more (a round in flight ends as it is). */
  let started = false;
  let stopped = false;
  /** When the first fact recorded since the last round started was written (null: none waits). */
  let firstUnsentAt: number | null = null;
  const cleanups: (() => void)[] = [];

  const status = outboxStatusStore;

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    status.setState({ nextAttemptAt: null });
  }

  function schedule(ms: number): void {
    if (stopped) return;
    clearTimer();
    timer = setTimeout(() => { timer = undefined; status.setState({ nextAttemptAt: null }); void run(); }, ms);
    status.setState({ nextAttemptAt: deps.now() + ms });
  }

  /**
   * The next batch of this computer's facts (and of facts queued before any device login), in seq order: PUSH_MAX, or
   * as many as PUSH_BYTES_MAX of arguments hold (one at least). Read one by one, so a queue of heavy facts is never
   * read whole.
   */
  async function batch(db: OfflineDb, code: string): Promise<OutboxRecord[]> {
    const out: OutboxRecord[] = [];
    let bytes = 0;
    await db.outbox.orderBy('seq').filter(r => !r.device || r.device === code).until(r => {
      const size = JSON.stringify(r.args ?? null).length;
      if (out.length >= PUSH_MAX || (out.length > 0 && bytes + size > PUSH_BYTES_MAX)) return true;
      bytes += size;
      out.push(r);
      return false;
    }).each(() => undefined);
    return out;
  }

  /** Pushes until the outbox is empty, a push fails or one makes no progress. Runs under the lock. */
  async function drain(): Promise<RoundOutcome> {
    const db = deps.db();
    let reopened = false;
    for (;;) {
      const computer = await storedComputer(db);
      const rows = computer ? await batch(db, computer.code) : await db.outbox.orderBy('seq').limit(1).toArray();
      if (!rows.length) return { kind: 'empty' };
      if (!computer) return { kind: 'failed', error: errorOf('no_device', undefined, deps.now()) };
      if (!deps.hasSession()) {
        if (reopened || !(await deps.reopen())) return { kind: 'failed', error: errorOf('needlogin', undefined, deps.now()) };
        reopened = true;
        continue;
      }
      let reply: PushReply;
      status.setState({ sending: true });
      try {
        reply = await deps.push(computer.code, rows.map(toMutation), rows[0]!.seq);
      } catch (e) {
        if (isApiError(e) && e.kind === 'needlogin') {
          if (!reopened && await deps.reopen()) { reopened = true; continue; }
          return { kind: 'failed', error: errorOf('needlogin', e, deps.now()) };
        }
        // A token the server no longer takes (logged out elsewhere, expired): only a new login helps.
        const kind: OutboxErrorKind = isUnreachableError(e) ? 'network'
          : isApiError(e) ? (e.kind === 'loggedout' ? 'needlogin' : 'refused') : 'failed';
        return { kind: 'failed', error: errorOf(kind, e, deps.now()) };
      } finally {
        status.setState({ sending: false });
      }
      const settled = await settlePush(db, computer.code, rows, reply, deps.now());
      failures = 0;
      reopened = false;
      status.setState({ lastSuccessAt: deps.now(), lastError: null });
      void refreshOutboxStatus(db);
      if (settled.removed === 0) return { kind: 'stalled' };
    }
  }

  async function underLock(): Promise<RoundOutcome> {
    const locks = deps.locks();
    if (!locks) return drain();
    return locks.request(PUSH_LOCK, { ifAvailable: true }, async lock => (lock ? drain() : { kind: 'busy' as const }));
  }

  async function pending(db: OfflineDb): Promise<number> {
    try { return (await outboxStats({ db })).pending; } catch { return 0; }
  }

  async function settle(outcome: RoundOutcome): Promise<void> {
    const db = deps.db();
    switch (outcome.kind) {
      case 'empty':
        failures = 0;
        // A fact written during the round (after its last read) keeps the timer it armed.
        if (firstUnsentAt === null) clearTimer();
        break;
      case 'busy':
        // The other tab sends; look again soon in case it finished just before this tab's facts were committed.
        if (await pending(db)) schedule(backoffDelay(Math.max(1, failures), deps.random));
        break;
      case 'stalled':
        failures++;
        schedule(backoffDelay(failures, deps.random));
        break;
      case 'failed':
        failures++;
        status.setState({ lastError: outcome.error });
        schedule(backoffDelay(failures, deps.random));
        requestBackgroundSync();
        break;
    }
    void refreshOutboxStatus(db);
  }

  function run(): Promise<RoundOutcome> {
    if (running) {
      again = true;
      return running;
    }
    clearTimer();
    // The round reads the outbox afresh: every fact written so far goes with it.
    firstUnsentAt = null;
    running = (async () => {
      let outcome: RoundOutcome;
      try {
        outcome = await underLock();
      } catch (e) {
        outcome = { kind: 'failed', error: errorOf('failed', e, deps.now()) };
      }
      await settle(outcome).catch(() => undefined);
      return outcome;
    })().finally(() => {
      running = null;
      // A poke during a successful round: its facts may have come after the round's last read. After a failure the
      // backoff timer stands (a swipe per second must not become a push per second against a dead server).
      if (again) {
        again = false;
        if (timer === undefined) void run();
      }
    });
    return running;
  }

  function poke(reason: 'write' | 'trigger' = 'trigger'): void {
    if (stopped) return;
    if (reason === 'write' && !deps.reachable()) {
      if (timer === undefined && !running) schedule(backoffDelay(Math.max(1, failures), deps.random));
      requestBackgroundSync();
      return;
    }
    if (reason === 'write') {
      // After a failure the backoff timer stands (a swipe per second must not become a push per second against a
      // server answering 5xx).
      if (failures > 0 && timer !== undefined) return;
      // Sent in the pause after the swiping (or at the longest wait); a timer that fires during a round runs another
      // after it, which picks up what this round missed.
      const now = deps.now();
      firstUnsentAt ??= now;
      schedule(Math.max(0, Math.min(WRITE_QUIET_MS, firstUnsentAt + WRITE_MAX_WAIT_MS - now)));
      return;
    }
    void run();
  }

  let statusSub: Subscription | null = null;
  let watched: OfflineDb | null = null;
  /** Keeps the badge's counts live, this tab's writes and other tabs' alike (Dexie's liveQuery sees both). */
  function watch(): void {
    const db = deps.db();
    if (db === watched) return;
    statusSub?.unsubscribe();
    watched = db;
    statusSub = liveQuery(() => outboxStats({ db })).subscribe({
      next: s => status.setState({ ...s, loaded: true }),
      error: () => undefined,
    });
    void refreshOutboxStatus(db);
  }

  function start(): void {
    if (started) return;
    started = true;
    stopped = false;
    const trigger = () => poke();
    cleanups.push(onFactRecorded(() => poke('write')));
    cleanups.push(onReconnect(trigger));
    cleanups.push(sessionStore.subscribe((s, prev) => {
      if (s.baseURL !== prev.baseURL) watch();
      if (s.sessionid && s.sessionid !== prev.sessionid) poke();
    }));
    if (hasWindow()) {
      const visible = () => { if (document.visibilityState === 'visible') poke(); };
      window.addEventListener('online', trigger);
      window.addEventListener('focus', trigger);
      document.addEventListener('visibilitychange', visible);
      cleanups.push(() => {
        window.removeEventListener('online', trigger);
        window.removeEventListener('focus', trigger);
        document.removeEventListener('visibilitychange', visible);
      });
    }
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (sw && typeof sw.addEventListener === 'function') {
      const onMessage = (ev: MessageEvent) => {
        const data: unknown = ev.data;
        if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SEND_MESSAGE) poke();
      };
      sw.addEventListener('message', onMessage);
      cleanups.push(() => sw.removeEventListener('message', onMessage));
    }
    try { watch(); } catch { /* no IndexedDB: nothing is ever queued */ }
    poke();
  }

  function stop(): void {
    started = false;
    stopped = true;
    clearTimer();
    for (const fn of cleanups.splice(0)) fn();
    statusSub?.unsubscribe();
    statusSub = null;
    watched = null;
  }

  async function whenIdle(): Promise<void> {
    while (running) await running.catch(() => undefined);
  }

  return {
    poke,
    round: run,
    start,
    stop,
    whenIdle,
    get failures() { return failures; },
  };
}

/**
 * Background Sync (Chromium): the browser wakes the service worker when the network returns, even with the kiosk's
 * page in the background; the worker only asks the open pages to send (sw/sw.ts). An extra: the timers and
 * triggers above do not rely on it.
 */
function requestBackgroundSync(): void {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return;
  void sw.ready
    .then(reg => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

let pageSender: OutboxSender | null = null;

/** Starts this page's sender (idempotent): at the app's start, beside the offline copy's sync (sync-engine.ts). */
export function startOutboxSender(): void {
  pageSender ??= createOutboxSender();
  pageSender.start();
  // A browser logged in as a terminal re-opens a lapsed session with its token before any call gives up (http.ts).
  setSessionRenewer(() => (outboxStatusStore.getState().computer ? reopenSession() : Promise.resolve(false)));
}

/** Asks this page's sender to send now (a "send now" button); nothing before the sender has started. */
export function sendOutboxNow(): void {
  pageSender?.poke();
}
