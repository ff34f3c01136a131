import { badgeClient } from './badge-client';
import { readOfflineRows } from './offline/local-read';
import { outboxDb } from './outbox/device';

/**
 * What the card-swipe kiosk and the inspection tablets work from, offline or not (docs/shopfloor.md): the offline copy's
 * open cards and their open steps, the work nodes and routings, and the people with their badge hashes — read whole
 * into memory by the screen, which looks a swipe up there instead of in IndexedDB; and the installation's badge salt,
 * kept in the tables no logout or quota eviction clears, so a kiosk recognises badges after a reload without network.
 */
type Row = Record<string, unknown>;

export interface KioskRows {
  cards: Row[];
  steps: Row[];
  worknodes: Row[];
  workflows: Row[];
  persons: Row[];
  /** When the cards were last pulled (ms since epoch); null before the first pull finished. */
  asOf: number | null;
  /** When the persons (the badge list) were last pulled; null before the first pull finished. */
  personsAsOf: number | null;
}

export async function loadKioskRows(): Promise<KioskRows> {
  const db = outboxDb();
  const [cards, steps, worknodes, workflows, persons] = await Promise.all(
    ['cards', 'cardnodes', 'worknodes', 'workflows', 'persons'].map(t => readOfflineRows(db, t)));
  return {
    cards: cards!.rows, steps: steps!.rows, worknodes: worknodes!.rows, workflows: workflows!.rows, persons: persons!.rows,
    asOf: cards!.asOf, personsAsOf: persons!.asOf,
  };
}

const SALT_KEY = 'badge_salt';

/**
 * The installation's badge salt: asked from the server when it answers (and kept), else the one kept; null when this
 * browser has never reached the server as a role that may recognise badges.
 */
export async function badgeSalt(): Promise<string | null> {
  const db = outboxDb();
  try {
    const { salt } = await badgeClient.salt({ quietOffline: true });
    await db.counters.put({ key: SALT_KEY, value: salt });
    return salt;
  } catch {
    const kept = (await db.counters.get(SALT_KEY))?.value;
    return typeof kept === 'string' ? kept : null;
  }
}
