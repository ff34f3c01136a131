import { createStore } from 'zustand/vanilla';
import { connectivityStore } from '../connectivity';
import type { OfflineDb } from '../offline/db';
import { storedComputer, type StoredComputer } from './device';
import { onFactRecorded, outboxStats } from './outbox';

/**
 * The sync state every screen's badge shows (DESIGN §6: online/offline, pending count, oldest pending age, dead
 * letters), kept by the sender (sender.ts) and by each recorded fact. React reads it through `useOutboxStatus`
 * (src/ui/stores.ts).
 */
export type OutboxErrorKind =
  /** The server could not be reached (no network, a timeout, a proxy answering for it). */
  | 'network'
  /** No session, and the token could not re-open one (a login is needed; the facts wait for it). */
  | 'needlogin'
  /** The server refused the push as a whole (not a device session, a server error …). */
  | 'refused'
  /** This browser never logged in as a computer: there is no device code to push as. */
  | 'no_device'
  | 'failed';

export interface OutboxError {
  kind: OutboxErrorKind;
  /** What went wrong, in the user's language when the request layer said it. */
  message: string;
  at: number;
}

export interface OutboxStatus {
  /** Whether the server is reachable (connectivity.ts). */
  online: boolean;
  /** Facts not yet acknowledged. */
  pending: number;
  /** When the oldest of them happened (ms since epoch); null when none is pending. */
  oldestAt: number | null;
  /** Facts the server rejected, kept on this device. */
  deadLetters: number;
  /** A push is in flight from this tab. */
  sending: boolean;
  /** Why the last attempt failed; null after a success. */
  lastError: OutboxError | null;
  /** When a push last got a reply (ms since epoch). */
  lastSuccessAt: number | null;
  /** When the sender tries again by itself (backoff), null when it is not waiting. */
  nextAttemptAt: number | null;
  /** The computer this browser logged in as (device.ts), null before a device login. */
  computer: StoredComputer | null;
  /** False until the counts have been read once from the database (before that, 0 means "unknown"). */
  loaded: boolean;
}

export const outboxStatusStore = createStore<OutboxStatus>(() => ({
  online: connectivityStore.getState().reachable,
  pending: 0,
  oldestAt: null,
  deadLetters: 0,
  sending: false,
  lastError: null,
  lastSuccessAt: null,
  nextAttemptAt: null,
  computer: null,
  loaded: false,
}));

connectivityStore.subscribe(s => {
  if (outboxStatusStore.getState().online !== s.reachable) outboxStatusStore.setState({ online: s.reachable });
});

/** How long the oldest pending fact has waited, null when nothing is pending. */
export function pendingAgeMs(s: Pick<OutboxStatus, 'oldestAt'>, now = Date.now()): number | null {
  return s.oldestAt === null ? null : Math.max(0, now - s.oldestAt);
}

let reads = 0;

/** Reads the counts and the computer again from `db`; a read overtaken by a later one is dropped. */
export async function refreshOutboxStatus(db: OfflineDb): Promise<void> {
  const mine = ++reads;
  try {
    const [stats, computer] = await Promise.all([outboxStats({ db }), storedComputer(db)]);
    if (mine === reads) outboxStatusStore.setState({ ...stats, computer, loaded: true });
  } catch {
    // No IndexedDB: nothing can be queued, and the badge keeps saying nothing is pending.
  }
}

// Each fact this page writes counts at once, whether or not the sender runs here (another tab's writes reach this
// page's counts through the sender's live query).
onFactRecorded(db => void refreshOutboxStatus(db));
