import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { chmodSync, mkdirSync } from 'node:fs';

/**
 * One database handle for both engines (DESIGN §9): PGlite in a folder (default) or a PostgreSQL server
 * (`DATABASE_URL`). Everything above this file speaks drizzle and runs unchanged on both.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Runs `fn` on one connection holding the migration lock, so two instances starting together migrate once.
   * `exec` runs a multi-statement SQL script on that connection.
   */
  withMigrationLock<T>(fn: (exec: (sqlText: string) => Promise<void>) => Promise<T>): Promise<T>;
  /**
   * PGlite: a tar of the whole data directory at one instant (server/ops/backup.ts). Queries wait while it is read
   * (PGlite runs one at a time), so the copy is what a crash at that instant would leave, which PostgreSQL recovers
   * from at start; a checkpoint first keeps that recovery short.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * How many statements the server has sent through this handle since it opened (drizzle's logger counts them): what a
   * request costs in round trips, for the tests and benches that hold a write to a bounded number (issue 29).
   */
  statements(): number;
  /** PostgreSQL: the connection string (pg_dump reads the same database). */
  url?: string;
  close(): Promise<void>;
}

/** The name our pool gives its connections, so a restore can see whether servers are still connected. */
export const APPLICATION_NAME = 'ipos-server';

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.dataDir ?? './data/db');
}

/**
 * The embedded database's folder holds every secret of the install (password hashes, sessions, badge numbers, the
 * link key): it is the owner's alone, 0700, as PostgreSQL keeps its own data directory. PGlite writes its files
 * 0666 whatever the umask, so the folder is what keeps them private; a folder made by an older version is tightened
 * at each open. Also used by the restore (server/ops/restore.ts).
 */
export function privateDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory://') privateDataDir(dataDir);
  // PGlite defaults to fsync off (-F); an acknowledged write must survive a crash, so drop that flag.
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    startParams: PGlite.defaultStartParams.filter(p => p !== '-F'),
    // Keyword search on large lists reads trigram indexes (migration 0004).
    extensions: { pg_trgm },
  });
  yieldBeforeEachQuery(client);
  const counter = statementCounter();
  const db = drizzlePglite(client, { logger: counter }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    statements: () => counter.count,
    // One process owns a PGlite folder, so there is nobody to race with.
    withMigrationLock: fn => fn(async text => { await client.exec(text); }),
    dumpDataDir: async () => {
      await client.query('checkpoint');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}

/** A drizzle logger that only counts the statements it is shown (Database.statements). */
function statementCounter(): { count: number; logQuery(): void } {
  return { count: 0, logQuery() { this.count += 1; } };
}

/**
 * PGlite runs each query synchronously on the event loop and hands its lock from one waiting query to the next in
 * microtasks, so under load the server never gets back to reading requests and writing replies until the whole
 * queue has drained: a few requests then wait for everything else (p99 of 25 s at 50 connections). Letting the event
 * loop turn once before each query keeps replies flowing in arrival order.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const turn = () => new Promise<void>(resolve => setImmediate(resolve));
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    // The three methods have different signatures; the wrapper passes arguments through untouched.
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => { await turn(); return original(...args); };
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10), application_name: APPLICATION_NAME });
  // A dropped idle connection must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  const counter = statementCounter();
  const db = drizzlePg(pool, { logger: counter }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    statements: () => counter.count,
    url,
    withMigrationLock: async fn => {
      const c = await pool.connect();
      try {
        await c.query('select pg_advisory_lock(7311001)');
        return await fn(async text => { await c.query(text); });
      } finally {
        await c.query('select pg_advisory_unlock(7311001)').catch(() => {});
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The rows of a query as one JSON array, for a statement that reads several small things at once (one column each,
 * one round trip). Numbers come back as JSON numbers, dates as ISO text.
 */
export function jsonArrayOf(q: SQL): SQL {
  return sql`(select coalesce(json_agg(t), '[]') from (${q}) t)`;
}

/**
 * The rows of a raw query, whatever the driver's result shape. The statement is handed to the driver at the call
 * (drizzle's query runs when its `then` is called, which `await` would do only once the caller next yields), so a
 * caller that goes on computing before it awaits works while the database does: node-postgres sends a statement as
 * soon as its connection is free (bench/sync).
 */
export function rows<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return (db.execute(q) as unknown as PromiseLike<{ rows: T[] }>).then(r => r.rows) as Promise<T[]>;
}
