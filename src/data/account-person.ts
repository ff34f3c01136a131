import type { OfflineDb } from './offline/db';
import { outboxDb } from './outbox/device';
import { sessionStore } from './session/session-store';
import { userInfo } from './shell-client';

/**
 * The person of the logged-in account (`person_id` of `/accounts/info/`), for a tablet whose inspector has not
 * scanned a badge: inspections are recorded in that person's name. The session store does not keep it, so it is asked
 * here and kept per user name in the server's offline database (`counters`, which no logout or eviction clears), so a
 * tablet started offline still knows whom it belongs to. It names nobody secret: the server tells it to that user.
 */
const KEY_PREFIX = 'account-person:';

const keyOf = (username: string) => KEY_PREFIX + username;

/** The person id, from the server when it answers (and kept), else the one kept for this user; null when none. */
export async function accountPersonId(o: { db?: OfflineDb; signal?: AbortSignal } = {}): Promise<number | null> {
  const db = o.db ?? outboxDb();
  const username = sessionStore.getState().username;
  try {
    const info = await userInfo({ signal: o.signal });
    const id = typeof info.person_id === 'number' && Number.isSafeInteger(info.person_id) && info.person_id > 0 ? info.person_id : null;
    if (username) await db.counters.put({ key: keyOf(username), value: id }).catch(() => undefined);
    return id;
  } catch {
    if (!username) return null;
    const kept = (await db.counters.get(keyOf(username)).catch(() => undefined))?.value;
    return typeof kept === 'number' ? kept : null;
  }
}
