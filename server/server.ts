import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { securityOptionsFromEnv } from './auth/options';
import { openDatabase, rows, type Database } from './db/connection';
import { migrate, MIGRATIONS_DIR } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './seed/demo';
import { writeBackup } from './ops/backup';
import { scheduleDailyBackup } from './ops/backup-schedule';
import { scheduleEmbeddedVacuum } from './ops/embedded-vacuum';
import { scheduleContractExpiry } from './areas/sales/expire-contracts';
import { claimDataDir, DataDirInUse, type DataDirClaim } from './ops/control-socket';
import { readSettings } from './ops/settings';

/**
 * `npm start`: the server on PORT (8080) with the embedded database in DATA_DIR (./data), or PostgreSQL when
 * DATABASE_URL is set (README "Environment"); migrations applied; demo data seeded on first start (SEED=0 turns that
 * off). Logs are JSON lines on stdout; a terminal also gets the address and the demo logins in plain text.
 * SIGTERM / SIGINT stop it gracefully (decision 61).
 */
const settings = readSettings();
let stopping = false;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let claim: DataDirClaim | undefined;
/** The embedded database's upkeep (server/ops/embedded-vacuum.ts), stopped before the database closes. */
let upkeep: { stop(): Promise<void> } | undefined;
/** The hourly contract expiry sweep (server/areas/sales/expire-contracts.ts), stopped with the upkeep. */
let expiry: { stop(): Promise<void> } | undefined;

try {
  if (!settings.databaseUrl) {
    // PGlite belongs to one process: hold the data directory before opening it (server/ops/control-socket.ts).
    await mkdir(settings.dataDir, { recursive: true });
    claim = await claimDataDir(settings.dataDir, 'server', async req => {
      if (req.op !== 'backup') return { ok: false, error: `unknown request ${req.op}` };
      if (!database || stopping) return { ok: false, error: 'the server is starting or stopping' };
      const result = await writeBackup(database, req.dir, req.keep);
      app?.log.info(result, 'backup written');
      return { ok: true, ...result };
    });
  }
  database = await openDatabase({ url: settings.databaseUrl, dataDir: settings.dbDir });
  app = await buildApp({
    db: database.db,
    webRoot: settings.webRoot,
    serversFile: settings.serversFile,
    // process.stdout writes synchronously to files and pipes (Linux), so lines keep their order and none is lost at exit.
    logger: { level: settings.logLevel, stream: process.stdout },
    trustProxy: settings.trustProxy,
    security: securityOptionsFromEnv(process.env),
    stopping: () => stopping,
  });
  await start(app, database);
} catch (err) {
  const message = err instanceof DataDirInUse ? err.message : undefined;
  if (app) app.log.fatal({ err }, message ?? 'the server could not start');
  else console.error(message ?? err);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  await claim?.release();
  process.exit(1);
}

async function start(app: FastifyInstance, database: Database): Promise<void> {
  const log = app.log;
  let seeded = false;
  // Demo data only on first start (no account yet): rows a user later deletes must not come back at the next start.
  // `npm run seed` adds whatever is missing on purpose. Under the migration lock, so instances starting together on
  // one PostgreSQL seed once.
  const applied = await migrate(database, MIGRATIONS_DIR, async () => {
    const [{ n }] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from accounts`) as [{ n: number }];
    if (settings.seed && n === 0) {
      await seedDemo(database.db);
      seeded = true;
    }
  });
  log.info({ migrations: applied }, applied.length ? 'migrations applied' : 'migrations: none to apply');
  if (seeded) log.info('demo data seeded');

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  log.info({ port, engine: database.engine, ...(database.engine === 'pglite' ? { data_dir: settings.dbDir } : {}) }, 'IPOS started');
  if (process.stdout.isTTY) banner(port, database.engine);

  const schedule = scheduleDailyBackup(database, settings.backup, log);
  upkeep = scheduleEmbeddedVacuum(database, log);
  expiry = scheduleContractExpiry(database, log);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return log.info({ signal }, 'already stopping');
    stopping = true;
    schedule.stop();
    void gracefulStop(app, database, log).then(() => process.exit(0), err => {
      log.fatal({ err }, 'the stop failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Stops accepting connections, lets requests in flight finish (STOP_TIMEOUT, then their connections are closed),
 * then closes the database: PGlite once its last query is done, with a shutdown checkpoint, so the next start needs
 * no recovery. The data directory is released last, so nobody opens it before it is closed.
 */
async function gracefulStop(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<void> {
  log.info({ timeout_ms: settings.stopTimeoutMs }, 'stopping: finishing the requests in flight');
  const force = setTimeout(() => {
    log.warn({ timeout_ms: settings.stopTimeoutMs }, 'requests still running at the stop time limit: closing their connections');
    app.server.closeAllConnections();
  }, settings.stopTimeoutMs);
  // A keep-alive connection whose request finishes during the stop would otherwise stay open until its client lets
  // go (up to 72 s): close each one as soon as it has nothing in flight.
  const reap = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearTimeout(force);
    clearInterval(reap);
  }
  await upkeep?.stop();
  await expiry?.stop();
  await database.close();
  await claim?.release();
  log.info('stopped');
}

function banner(port: number, engine: Database['engine']): void {
  console.log(`IPOS 智能生产操作系统 on http://localhost:${port}  (database: ${engine}${
    engine === 'pglite' ? ` in ${settings.dbDir}` : ''})`);
  if (!settings.seed) return;
  console.log('demo logins (username / password):');
  for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(12)} ${l.password.padEnd(12)} ${l.role}`);
}
