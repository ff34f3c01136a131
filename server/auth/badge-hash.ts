import { createHmac } from 'node:crypto';
import type { Db } from '../db/connection';
import { installSecret } from './install-secrets';

/**
 * Badges recognised offline without their numbers (DESIGN §5): a kiosk granted `persons.badges` receives, for each
 * person, `card_no_hash` = hex HMAC-SHA-256 keyed with this installation's badge salt over the badge number as text
 * (trimmed), and the salt itself (`GET /persons/badge_salt/`). It hashes a swiped badge the same way (WebCrypto) and
 * looks the hash up. The numbers never reach the kiosk's cache, its exports or its screens; another installation's
 * hashes of the same badges differ.
 *
 * Limit, said plainly: a badge number has few digits, so whoever holds both the salt and the hashes of one
 * installation can find the numbers by trying them all. The hash keeps numbers out of everything a kiosk stores
 * and shows; it does not make a stolen kiosk database safe.
 */
export const BADGE_HASH_ALGORITHM = 'HMAC-SHA-256';

export function badgeHash(salt: Buffer, cardNo: string): string {
  return createHmac('sha256', salt).update(cardNo.trim(), 'utf8').digest('hex');
}

export function badgeSalt(db: Db): Promise<Buffer> {
  return installSecret(db, 'badge_salt');
}
