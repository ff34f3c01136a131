import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { canRead, canWrite } from '../auth/permissions';
import { resolveSession, type Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import { ApiError, forbidden } from '../lib/api-error';

/**
 * Who may call a route, declared on the route (`config.access`): `public`, any logged-in `session`, or a resource
 * operation checked against the role's menu paths. A route without `config.access` needs a session, so forgetting
 * it fails closed.
 */
export type Access = 'public' | 'session' | { resource: ResourceDef; op: 'read' | 'write' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The logged-in caller of a route that is not public. */
export function authOf(req: { auth: Auth | null }): Auth {
  if (!req.auth) throw new ApiError(401, 'needlogin', {}, {}, { needlogin: 1 });
  return req.auth;
}

export default fp(async function auth(app: FastifyInstance, opts: { db: Db }) {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async req => {
    // Unknown paths answer 404 (or the app shell) whoever asks.
    if (req.is404) return;
    const access = req.routeOptions.config.access ?? 'session';
    if (access === 'public') return;
    const header = req.headers.authorization;
    req.auth = await resolveSession(opts.db, header?.replace(/^(Bearer|Token)\s+/i, '').trim());
    if (access === 'session') return;
    const ok = access.op === 'read' ? canRead(req.auth, access.resource) : canWrite(req.auth, access.resource);
    if (!ok) throw forbidden();
  });
});
