import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../src/domain/contract/endpoint';
import { isLang } from '../../src/domain/messages/catalog';
import { computers } from '../../src/domain/resources/devices/computers';
import { DEFAULT_SECURITY, type SecurityOptions } from '../auth/options';
import { canAct, canRead, canSaveSomething } from '../auth/permissions';
import { resolveSession, type Auth } from '../auth/sessions';
import type { Db } from '../db/connection';
import { ApiError, forbidden } from '../lib/api-error';

/**
 * Who may call a route, declared with its endpoint (src/domain/contract/endpoint.ts `Access`) and put on the route's
 * `config.access`: `public`, any logged-in `session`, a `device` session, an `admin`'s session, or a resource
 * operation and/or special action checked against the role's grants (server/auth/permissions.ts). A route without
 * `config.access` needs a session, so forgetting it fails closed.
 */
export type { Access };

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

function allowed(auth: Auth, access: Exclude<Access, 'public' | 'session' | 'device' | 'admin'>): boolean {
  if (access.action !== undefined && !canAct(auth, access.resource, access.action)) return false;
  switch (access.op) {
    case undefined: return true;
    case 'read': return canRead(auth, access.resource);
    case 'view': return canAct(auth, access.resource, 'view');
    case 'write': return canSaveSomething(auth, access.resource);
    case 'delete': return canAct(auth, access.resource, 'delete');
    case 'import': return canAct(auth, access.resource, 'import');
    case 'export': return canAct(auth, access.resource, 'export');
  }
}

/**
 * A device session: a terminal's login (bound to its `computers` row) whose account still holds the `kiosk` action of
 * computers — what the login itself required (server/areas/accounts/routes/login.ts), asked again on every call so a
 * narrowed role stops a kiosk's sync at once.
 */
function assertDevice(auth: Auth): void {
  if (auth.computerId == null) throw new ApiError(403, 'device_login_required');
  if (!canAct(auth, computers, 'kiosk')) throw new ApiError(403, 'computer_not_allowed');
}

export default fp(async function auth(app: FastifyInstance, opts: { db: Db; security?: SecurityOptions }) {
  const security = opts.security ?? DEFAULT_SECURITY;
  app.decorateRequest('auth', null);
  // The session is checked before the body is read: a caller without one never gets the server to buffer an upload.
  app.addHook('onRequest', async req => {
    // Unknown paths answer 404 (or the app shell) whoever asks.
    if (req.is404) return;
    const access = req.routeOptions.config.access ?? 'session';
    if (access === 'public') return;
    const header = req.headers.authorization;
    // The language the request names itself (not one guessed from Accept-Language): the app's UI language.
    const named = (req.query as Record<string, unknown> | undefined)?.lang;
    const lang = typeof named === 'string' && isLang(named) ? named : undefined;
    req.auth = await resolveSession(opts.db, header?.replace(/^(Bearer|Token)\s+/i, '').trim(), security, lang);
  });
  // Permissions after the body is parsed, so a refusal speaks the language the body asked for, and before the
  // parameters are validated, so a caller who may not use the route learns nothing about what it accepts.
  app.addHook('preValidation', async req => {
    if (req.is404) return;
    const access = req.routeOptions.config.access ?? 'session';
    if (access === 'public' || access === 'session') return;
    if (access === 'device') return assertDevice(authOf(req));
    // The demo module's writes (decision 287): an admin's session, whatever its grants.
    if (access === 'admin') { if (!authOf(req).isAdmin) throw forbidden(); return; }
    if (!allowed(authOf(req), access)) throw forbidden();
  });
});
