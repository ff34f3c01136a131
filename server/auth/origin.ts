import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';

/**
 * Login CSRF: a page on another site must not post a login (and so set our `Admin-Token` cookie for an account of
 * its choosing). A browser names the page's origin in `Origin` (or, older ones, `Referer`); it must be this server's
 * own host — the Host the request came to, or the forwarded one behind a trusted proxy — or an origin the
 * installation allows (`ALLOWED_ORIGINS`). A request naming no origin at all is a program, not a page, and passes.
 */
function originOf(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try { return new URL(referer).origin; } catch { return 'null'; }
}

export function assertOwnOrigin(req: FastifyRequest, allowed: readonly string[]): void {
  const origin = originOf(req);
  if (origin === undefined) return;
  let host: string | null = null;
  try { host = new URL(origin).host; } catch { /* "null" (a sandboxed page, a file) or garbage: refused below */ }
  if (host !== null && host.toLowerCase() === req.host.toLowerCase()) return;
  if (allowed.includes(origin.replace(/\/$/, ''))) return;
  throw new ApiError(403, 'foreign_origin');
}
