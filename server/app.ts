import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseQs } from 'node:querystring';
import type { Writable } from 'node:stream';
import { translate } from '../src/domain/messages/catalog';
import type { ResourceDef } from '../src/domain/registry/resource';
import { DEFAULT_SECURITY, type SecurityOptions } from './auth/options';
import type { Db } from './db/connection';
import { loggerOptions, requestIdGenerator, RequestLines, type LogLevel } from './lib/logging';
// The business areas' rules on the generic writes (orders, cards, piece work …), installed on import.
import './behaviours';
import type { Endpoint } from '../src/domain/contract/endpoint';
import authPlugin from './http/auth';
import { declaredRoutesOnly } from './http/endpoint-route';
import contract from './http/contract';
import envelope from './http/envelope';
import requestLog from './http/request-log';
import inputLimits from './http/input-limits';
import securityHeaders, { serverOrigins } from './http/security-headers';
import loginRoutes from './areas/accounts/routes/login';
import badgeRoutes from './areas/shopfloor/routes/badges';
import enrolRoutes from './areas/shopfloor/routes/enrol';
import menuRoutes from './areas/accounts/routes/menus';
import menusListRoutes from './areas/accounts/routes/menuslist';
import exportRoutes from './areas/system/routes/export';
import factsRoutes from './areas/shopfloor/routes/facts';
import fileRoutes, { MAX_UPLOAD_BYTES } from './areas/system/routes/files';
import healthRoutes from './areas/system/routes/health';
import historyRoutes from './areas/system/routes/history';
import importRoutes from './resources/import-routes';
import formulasRoutes from './areas/formulas/routes/formulas';
import saveFormulaRoutes from './areas/formulas/routes/save-formula';
import cardsRoutes from './areas/production/routes/cards';
import arrangesRoutes from './areas/scheduling/routes/arranges';
import worksRoutes from './areas/piece-work/routes/works';
import orderQueryRoutes from './areas/production/routes/order-query';
import ordersRoutes from './areas/production/routes/orders';
import contractsRoutes from './areas/sales/routes/contracts';
import printsRoutes from './areas/production/routes/prints';
import reportRoutes from './areas/reports/routes/facts';
import todoRoutes from './areas/reports/routes/todos';
import messageRoutes from './areas/messages/routes/read-all';
import resourceRoutes from './resources/generic-routes';
import shellRoutes, { readServers } from './areas/system/routes/shell';
import syncRoutes from './areas/shopfloor/routes/sync';
import stockRoutes from './areas/stock/routes/stock';
import packingRoutes from './areas/delivery/routes/packing';
import deliveryRoutes from './areas/delivery/routes/delivery';
import financeRoutes from './areas/finance/routes/finance';
import receiptsRoutes from './areas/finance/routes/receipts';
import statementRoutes from './areas/finance/statement/routes';
import payfeesRoutes from './areas/finance/routes/payfees';
import formsRoutes from './areas/forms/routes/forms';
import traceRoutes from './areas/trace/routes/trace';
import demoModuleGate from './areas/demo-module/gate';
import demoModuleRoutes from './areas/demo-module/routes/demo';

export interface AppOptions {
  db: Db;
  /** The built PWA (`dist/`); served with an SPA fallback when present. */
  webRoot?: string;
  /** JSON list of servers for the server switch (spec §7). */
  serversFile: string;
  /** JSON lines at this level (server/lib/logging.ts), to stdout or `stream`; off when absent (tests stay quiet). */
  logger?: false | { level: LogLevel; stream?: Writable };
  /**
   * Trust X-Forwarded-For / -Proto / -Host and X-Request-Id (behind a load balancer), so rate limits see the real
   * address, the token cookie is `Secure` behind HTTPS and the login's origin check compares with the host the
   * browser used.
   */
  trustProxy?: boolean;
  /** Idle times, upload quota, link lifetime, allowed origins (server/auth/options.ts); defaults when absent. */
  security?: Partial<SecurityOptions>;
  /** The declared resources to serve (tests add a throwaway one); every declared resource by default. */
  resources?: readonly ResourceDef[];
  /** True once the server is stopping: `/readyz` answers 503 so load balancers drain it. */
  stopping?: () => boolean;
}

/**
 * The server: plugins first (envelope, auth), then one plugin per area of routes (DESIGN §11, fastify/demo).
 * It keeps no state in memory that another instance would need: sessions, rate limits and files are in the database.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logger.level, opts.logger.stream) : false,
    genReqId: requestIdGenerator(opts.trustProxy ?? false),
    logController: new RequestLines(),
    bodyLimit: 8 * 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    // A JSON body with a __proto__ key must not reach an object's prototype.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  const security: SecurityOptions = { ...DEFAULT_SECURITY, ...opts.security };
  await app.register(envelope);
  await app.register(contract);
  // While stopping, every reply tells its client to open a new connection (to another instance, or after restart).
  const stopping = opts.stopping;
  if (stopping) app.addHook('onSend', async (_req, reply) => { if (stopping()) reply.header('connection', 'close'); });
  await app.register(inputLimits);
  await app.register(securityHeaders, {
    connectOrigins: [...serverOrigins(await readServers(opts.serversFile).catch(() => [])), ...security.allowedOrigins],
  });
  // Form bodies: a null-prototype map, so a field named __proto__ is only a field.
  await app.register(formbody, { parser: (s: string) => Object.assign(Object.create(null) as object, parseQs(s)) });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 100, fieldSize: 32 * 1024 * 1024 } });
  // Before the auth plugin, whose session check (onRequest) may answer first: every reply carries its request id.
  await app.register(requestLog);
  // Before the session check: while config `demo_module` is off, /prod-api answers as an unknown path (decision 287).
  await app.register(demoModuleGate, { db: opts.db });
  await app.register(authPlugin, { db: opts.db, security });

  // Every API route, each from its declared endpoint (src/domain/contract/endpoints): one registered any other way
  // fails the start (declaredRoutesOnly); the declarations served are kept for the check that each is served once.
  let served: Endpoint[] = [];
  await app.register(async api => {
    served = declaredRoutesOnly(api);
    await api.register(healthRoutes, { db: opts.db, stopping: opts.stopping });
    await api.register(loginRoutes, { db: opts.db, security });
    await api.register(menuRoutes, { db: opts.db });
    await api.register(menusListRoutes, { db: opts.db });
    await api.register(shellRoutes, { db: opts.db, serversFile: opts.serversFile, security });
    await api.register(fileRoutes, { db: opts.db, security });
    await api.register(exportRoutes, { db: opts.db });
    await api.register(historyRoutes, { db: opts.db });
    await api.register(badgeRoutes, { db: opts.db });
    await api.register(enrolRoutes, { db: opts.db });
    await api.register(syncRoutes, { db: opts.db });
    await api.register(reportRoutes, { db: opts.db });
    await api.register(todoRoutes, { db: opts.db });
    await api.register(messageRoutes, { db: opts.db });
    // The dead-letter actions before the generic calls of facts, whose base (/sync/facts) they share.
    await api.register(factsRoutes, { db: opts.db });
    // The production area's own calls before the generic ones, whose paths they share a prefix with.
    await api.register(ordersRoutes, { db: opts.db });
    await api.register(contractsRoutes, { db: opts.db });
    await api.register(cardsRoutes, { db: opts.db });
    await api.register(stockRoutes, { db: opts.db });
    await api.register(packingRoutes, { db: opts.db });
    await api.register(deliveryRoutes, { db: opts.db });
    await api.register(financeRoutes, { db: opts.db });
    await api.register(receiptsRoutes, { db: opts.db });
    await api.register(statementRoutes, { db: opts.db });
    await api.register(payfeesRoutes, { db: opts.db });
    await api.register(formsRoutes, { db: opts.db });
    await api.register(traceRoutes, { db: opts.db });
    // The demo module (/prod-api, decisions 285–287): sample data of its own tables, switched by config `demo_module`.
    await api.register(demoModuleRoutes, { db: opts.db });
    await api.register(arrangesRoutes, { db: opts.db });
    await api.register(worksRoutes, { db: opts.db });
    await api.register(orderQueryRoutes, { db: opts.db });
    await api.register(printsRoutes, { db: opts.db, security });
    await api.register(formulasRoutes, { db: opts.db });
    await api.register(saveFormulaRoutes, { db: opts.db });
    await api.register(resourceRoutes, { db: opts.db, resources: opts.resources });
    await api.register(importRoutes, { db: opts.db, resources: opts.resources });
  });
  app.decorate('servedEndpoints', served);

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
    // A page of the app (a deep link, a reload, `curl http://host:8080/`) gets the shell; an unknown API path gets
    // the envelope.
    if (hasWeb && wantsPage(req.method, req.url, req.headers.accept)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
        .send(await readFile(join(web, 'index.html')));
    }
    return reply.code(404).send({ msg: translate(req.lang, 'route_not_found') });
  });
  return app;
}

/**
 * Whether an unknown address is a page of the app: a GET (or HEAD) that asks for HTML, or that does not ask for JSON
 * and is not an API path. API paths end in `/` (`/accounts/login/`, spec §7), the app's own routes do not
 * (`/customers/list`), and the root is the app.
 */
export function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('text/html')) return true;
  if (a.includes('application/json')) return false;
  const path = url.split('?')[0]!;
  return path === '/' || !path.endsWith('/');
}
