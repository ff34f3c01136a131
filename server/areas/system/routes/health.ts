import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { translate } from '../../../../src/domain/messages/catalog';
import { rows, type Db } from '../../../db/connection';
import { migrationFiles } from '../../../db/migrate';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

/** How long `/readyz` waits for the database before it calls it unready: a probe must answer, whatever happens. */
export const READY_PROBE_MS = 3000;

export interface HealthOptions {
  db: Db;
  migrationsDir?: string;
  /** True once the server has been told to stop: load balancers then send new work elsewhere. */
  stopping?: () => boolean;
}

/**
 * `/healthz` (the process answers) and `/readyz` (the database answers and every checked-in migration is applied;
 * 503 while stopping) for scripts, service managers and load balancers. No login and no data: the replies say only
 * OK or why not. Probes come every few seconds, so only their failures reach the log.
 */
export default async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  const expected = await migrationFiles(opts.migrationsDir);
  // Probes come every few seconds: only their failures reach the log.
  const quiet = { logLevel: 'warn' as const };

  route(app, systemApi.healthz, async () => ({ msg: 'OK' }), quiet);

  route(app, systemApi.readyz, async (_p, req, reply) => {
    const unready = (reason: 'stopping' | 'database' | 'migrations') =>
      reply.code(503).header('retry-after', '5').send({ msg: translate(req.lang, 'not_ready'), reason });
    if (opts.stopping?.()) return unready('stopping');
    let applied: Set<string>;
    try {
      applied = await withTimeout(readApplied(opts.db), READY_PROBE_MS);
    } catch (err) {
      req.log.warn({ err }, 'readiness: the database does not answer');
      return unready('database');
    }
    if (expected.some(f => !applied.has(f))) return unready('migrations');
    return { msg: 'OK' };
  }, quiet);
}

async function readApplied(db: Db): Promise<Set<string>> {
  return new Set((await rows<{ name: string }>(db, sql`select name from _migrations`)).map(r => r.name));
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
