import type { ComputerInfo } from '../../domain/contract/accounts';
import { offlineDbFor, type OfflineDb } from '../offline/db';
import { sessionStore } from '../session/session-store';

/**
 * The kiosk's identity and its fact numbering (docs/shopfloor.md "Kiosk identity"), kept in the `counters` table of
 * the server's offline database, which no logout, user change or quota eviction clears:
 * - `computer`: the computer this browser last logged in as with a device login (the login reply's `computer`), so
 *   the kiosk screen and the sender know it after a reload or a browser restart without the network;
 * - `seq`: the next sequence number a fact takes. It only ever grows: a number is never used twice, whichever tab
 *   takes it, and it is raised above the server's `last_seq` whenever the server tells it (a device login, a push
 *   reply), so a kiosk whose storage was wiped starts above what the server holds.
 */
export const COMPUTER_KEY = 'computer';
export const SEQ_KEY = 'seq';

/** The computer a device login names (`computer` of the login reply, src/domain/contract/accounts.ts). */
export type { ComputerInfo };

export interface StoredComputer extends ComputerInfo {
  /** When the login that named it happened (ms since epoch). */
  savedAt: number;
}

/** The offline database of the server the session talks to; the outbox lives there. */
export function outboxDb(): OfflineDb {
  return offlineDbFor(sessionStore.getState().baseURL);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The login reply's `computer`, or null when the reply names none (an ordinary login) or names it badly. */
export function computerOf(v: unknown): ComputerInfo | null {
  if (!isRecord(v) || !isId(v.id) || typeof v.code !== 'string' || !v.code.trim()) return null;
  const lastSeq = typeof v.last_seq === 'number' && Number.isSafeInteger(v.last_seq) && v.last_seq >= 0 ? v.last_seq : 0;
  return {
    id: v.id,
    code: v.code.trim(),
    name: typeof v.name === 'string' ? v.name : v.code.trim(),
    worknode_ids: Array.isArray(v.worknode_ids) ? v.worknode_ids.filter(isId) : [],
    device_id: isId(v.device_id) ? v.device_id : null,
    last_seq: lastSeq,
    screen: typeof v.screen === 'string' ? v.screen : null,
  };
}

/** Raises the next seq above `lastSeq`; call inside a transaction over `counters`. */
export async function raiseSeqAbove(db: OfflineDb, lastSeq: number): Promise<void> {
  const next = (await db.counters.get(SEQ_KEY))?.value;
  const current = typeof next === 'number' ? next : 1;
  if (lastSeq + 1 > current) await db.counters.put({ key: SEQ_KEY, value: lastSeq + 1 });
}

/** Records the computer of a device login and raises the seq counter above its `last_seq`, in one transaction. */
export async function rememberComputer(db: OfflineDb, c: ComputerInfo, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.counters, async () => {
    const stored: StoredComputer = { ...c, savedAt: now };
    await db.counters.put({ key: COMPUTER_KEY, value: stored });
    await raiseSeqAbove(db, c.last_seq);
  });
}

/** The computer this browser last logged in as on this server, null before any device login. */
export async function storedComputer(db: OfflineDb = outboxDb()): Promise<StoredComputer | null> {
  const v = (await db.counters.get(COMPUTER_KEY))?.value;
  const c = computerOf(v);
  return c && isRecord(v) ? { ...c, savedAt: typeof v.savedAt === 'number' ? v.savedAt : 0 } : null;
}

/**
 * After any login (password or token): a reply naming a computer is recorded for the server the session talks to.
 * A reply naming none leaves the stored computer as it was: facts queued under it still need its code. Best effort:
 * a browser without IndexedDB keeps the login, it only cannot queue facts.
 */
export async function rememberDeviceLogin(computer: unknown): Promise<void> {
  const c = computerOf(computer);
  if (!c) return;
  try {
    await rememberComputer(outboxDb(), c);
  } catch {
    // No IndexedDB (a private window): nothing can be queued here anyway.
  }
}
