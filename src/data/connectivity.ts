import { createStore } from 'zustand/vanilla';

/**
 * Whether the server can be reached (decision 50). Learnt from the calls themselves (http.ts marks every reply and
 * every network failure), from the browser's `offline` event, and — while unreachable — from a probe every 30 s and
 * on the browser's `online` event. `navigator.onLine` alone says nothing about a kiosk's Wi-Fi reaching the server,
 * so it only ever marks the server unreachable, never reachable.
 *
 * Rules:
 * - The transition unreachable → reachable runs the `onReconnect` listeners (screens refetch, the offline copy
 *   pulls); a call that merely succeeds again while already reachable runs nothing.
 * - At most one probe is in flight; probing stops as soon as the server is reachable.
 */
export const PROBE_INTERVAL_MS = 30_000;

export interface ConnectivityState {
  reachable: boolean;
  /** When `reachable` last changed (ms since epoch). */
  since: number;
  markReachable(): void;
  markUnreachable(): void;
}

type Probe = () => Promise<boolean>;
let probe: Probe | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing = false;
/** Counts the changes of `reachable`, so a probe can tell whether newer news arrived while it ran. */
let changes = 0;
const reconnectListeners = new Set<() => void>();

export const connectivityStore = createStore<ConnectivityState>((set, get) => ({
  reachable: true,
  since: Date.now(),
  markReachable: () => {
    if (get().reachable) return;
    changes++;
    set({ reachable: true, since: Date.now() });
    stopProbing();
    for (const fn of [...reconnectListeners]) {
      try { fn(); } catch { /* one listener's failure must not keep the others from refreshing */ }
    }
  },
  markUnreachable: () => {
    if (get().reachable) {
      changes++;
      set({ reachable: false, since: Date.now() });
    }
    scheduleProbe(PROBE_INTERVAL_MS);
  },
}));

/** Called on every reconnection; returns the unsubscribe. */
export function onReconnect(fn: () => void): () => void {
  reconnectListeners.add(fn);
  return () => reconnectListeners.delete(fn);
}

/** How to ask whether the server answers (the shell installs `serverAnswers`, a GET of `/healthz`). */
export function setReachabilityProbe(fn: Probe | null): void {
  probe = fn;
}

function stopProbing(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function scheduleProbe(ms: number): void {
  if (timer !== undefined || !probe) return;
  timer = setTimeout(() => { timer = undefined; void probeNow(); }, ms);
}

/** Asks the server now (an `online` event, a user's retry); marks the result. */
export async function probeNow(): Promise<boolean> {
  if (!probe || probing) return connectivityStore.getState().reachable;
  probing = true;
  // A call that answered (or failed) while the probe ran is newer news than the probe: the probe's result is dropped.
  const asked = changes;
  let ok: boolean;
  try {
    ok = await probe();
  } catch {
    ok = false;
  } finally {
    probing = false;
  }
  const now = connectivityStore.getState();
  if (changes !== asked) return now.reachable;
  if (ok) now.markReachable();
  else now.markUnreachable();
  return ok;
}

// The browser's own view: losing the network is certain news, getting it back is a reason to ask the server.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('offline', () => connectivityStore.getState().markUnreachable());
  window.addEventListener('online', () => { stopProbing(); void probeNow(); });
}
