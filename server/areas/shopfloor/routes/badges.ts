import type { FastifyInstance } from 'fastify';
import { BADGE_HASH_ALGORITHM, badgeSalt } from '../../../auth/badge-hash';
import type { Db } from '../../../db/connection';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

/**
 * `GET /persons/badge_salt/`: the installation's badge salt, for a kiosk granted `persons.badges` to hash a swiped
 * badge the way the server hashed `card_no_hash` (server/auth/badge-hash.ts): hex HMAC-SHA-256, keyed with the salt
 * (base64url here), over the badge number as text, trimmed.
 */
export default async function badgeRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, systemApi.badgeSalt, async () => {
    const salt = await badgeSalt(opts.db);
    return { msg: 'OK', salt: salt.toString('base64url'), algorithm: BADGE_HASH_ALGORITHM, encoding: 'hex' } as const;
  });
}
