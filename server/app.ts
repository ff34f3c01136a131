import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseQs } from 'node:querystring';
import { translate } from '../src/domain/messages/catalog';
import type { Db } from './db/connection';
import authPlugin from './plugins/auth';
import envelope from './plugins/envelope';
import loginRoutes from './routes/accounts/login';
import menuRoutes from './routes/accounts/menus';
import fileRoutes, { MAX_UPLOAD_BYTES } from './routes/files';
import historyRoutes from './routes/history';
import importRoutes from './routes/import';
import resourceRoutes from './routes/resources';
import shellRoutes from './routes/shell';
import syncRoutes from './routes/sync';

export interface AppOptions {
  db: Db;
  /** The built PWA (`dist/`); served with an SPA fallback when present. */
  webRoot?: string;
  /** JSON list of servers for the server switch (spec §7). */
  serversFile: string;
  logger?: boolean | { level: string };
  /** Trust X-Forwarded-For (behind a load balancer), so rate limits see the real address. */
  trustProxy?: boolean;
}

/**
 * The server: plugins first (envelope, auth), then one plugin per area of routes (DESIGN §11, fastify/demo).
 * It keeps no state in memory that another instance would need: sessions, rate limits and files are in the database.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 8 * 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    // A JSON body with a __proto__ key must not reach an object's prototype.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  await app.register(envelope);
  // Form bodies: a null-prototype map, so a field named __proto__ is only a field.
  await app.register(formbody, { parser: (s: string) => Object.assign(Object.create(null) as object, parseQs(s)) });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 100, fieldSize: 32 * 1024 * 1024 } });
  await app.register(authPlugin, { db: opts.db });

  await app.register(loginRoutes, { db: opts.db });
  await app.register(menuRoutes, { db: opts.db });
  await app.register(shellRoutes, { db: opts.db, serversFile: opts.serversFile });
  await app.register(fileRoutes, { db: opts.db });
  await app.register(historyRoutes, { db: opts.db });
  await app.register(syncRoutes, { db: opts.db });
  await app.register(resourceRoutes, { db: opts.db });
  await app.register(importRoutes, { db: opts.db });

  const web = opts.webRoot;
  const hasWeb = !!web && existsSync(join(web, 'index.html'));
  if (hasWeb) {
    // The app's files are public: the login page itself is one of them.
    await app.register(async scope => {
      scope.addHook('onRoute', r => { r.config = { ...(r.config ?? {}), access: 'public' }; });
      await scope.register(fastifyStatic, {
        root: web, wildcard: false, index: false,
        setHeaders: (res, path) => {
          // Hashed assets never change; the shell and the service worker must always be revalidated.
          const immutable = /[\\/]assets[\\/]/.test(path);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    // A page of the app (a deep link, a reload) gets the shell; an unknown API path gets the envelope.
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
        .send(await readFile(join(web, 'index.html')));
    }
    return reply.code(404).send({ msg: translate(req.lang, 'route_not_found') });
  });
  return app;
}
