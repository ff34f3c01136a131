import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply (@fastify/helmet), with a Content-Security-Policy the built app runs under:
 *
 * - Scripts, workers, the service worker and the manifest come from this server only; no inline script and no eval
 *   (the build has neither; zod is told not to probe for eval, src/main.tsx).
 * - Styles: 'self' plus 'unsafe-inline', because Mantine writes its theme variables into `<style>` elements at run
 *   time; a nonce cannot serve an app shell the service worker caches (the nonce would be stale or reused).
 * - Images and fonts: 'self', `data:` (icons inlined by the CSS) and `blob:` (previews of a picked file).
 * - Connections: 'self', the servers of the server switch (SERVERS_FILE) and origins allowed for login, and the local
 *   helper's websocket on 127.0.0.1 (any port: the port is a setting).
 * - Nobody may frame the app (`frame-ancestors 'none'`, X-Frame-Options DENY): no clickjacking of a save button.
 * - `upgrade-insecure-requests` is left out: a factory may serve the app over plain HTTP on its own network.
 * - Referrer-Policy `same-origin`: nothing leaks to other sites, and same-origin posts keep a real Origin header, which
 *   the login's origin check relies on (with `no-referrer` a browser sends `Origin: null` on same-origin posts).
 */
export interface SecurityHeaderOptions {
  /** Origins (scheme://host[:port]) the app may call besides its own. */
  connectOrigins: readonly string[];
}

export function contentSecurityPolicy(o: SecurityHeaderOptions): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' compiles WebAssembly and nothing else (no JavaScript eval): the camera scanner's barcode
    // decoder (zxing-wasm, served from this origin) needs it where the browser has no BarcodeDetector of its own.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...o.connectOrigins, 'ws://127.0.0.1:*'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': null,
  };
}

/**
 * The policy of a print sheet (`GET /prints/sheet/`, server/areas/production/routes/prints.ts), set on that route alone so
 * the app's stays as strict everywhere else. The sheet is a standalone page of labels: its one `<style>` element
 * (hence 'unsafe-inline' for styles), inline SVG barcodes, and nothing else — no script at all, nothing fetched
 * (system fonts need no font-src), no form, no base. It may be framed by the app's own origin only: the app prints it
 * from a hidden frame. Its URL carries a signature, so no Referer ever leaves it.
 */
export function labelSheetPolicy(): Record<string, string[] | null> {
  return {
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': ['data:'],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
    'upgrade-insecure-requests': null,
  };
}

/** Route options for @fastify/helmet on the print sheet's route (they replace the app's for that route). */
export const labelSheetHelmet = {
  contentSecurityPolicy: { useDefaults: false, directives: labelSheetPolicy() },
  xFrameOptions: { action: 'sameorigin' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
};

export default fp(async function securityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
});

/** The origins of the servers a server list names (relative entries are this server itself). */
export function serverOrigins(servers: readonly { server: string }[]): string[] {
  const out = new Set<string>();
  for (const s of servers) {
    try {
      const u = new URL(s.server);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.add(u.origin);
    } catch { /* '' or a relative path: this server */ }
  }
  return [...out];
}
