import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../src/domain/resources/all';
import { BADGE_HASH_ALGORITHM, badgeSalt } from '../../../auth/badge-hash';
import { assertAction } from '../../../auth/permissions';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';

/**
 * `GET /persons/badge_salt/`: the installation's badge salt, for a kiosk granted `persons.badges` to hash a swiped
 * badge the way the server hashed `card_no_hash` (server/auth/badge-hash.ts): hex HMAC-SHA-256, keyed with the salt
 * (base64url here), over the badge number as text, trimmed.
 */
export default async function badgeRoutes(app: FastifyInstance, opts: { db: Db }) {
  const persons = resourceByName('persons')!;
  app.get('/persons/badge_salt/', { config: { access: 'session' } }, async req => {
    assertAction(authOf(req), persons, 'badges');
    const salt = await badgeSalt(opts.db);
    return { msg: 'OK', salt: salt.toString('base64url'), algorithm: BADGE_HASH_ALGORITHM, encoding: 'hex' };
  });
}
