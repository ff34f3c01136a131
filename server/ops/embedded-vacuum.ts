import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rows, type Database } from '../db/connection';

/**
 * The embedded database's autovacuum (decision 136). PGlite runs PostgreSQL in single-user mode, where the autovacuum
 * launcher never starts: without this, the dead row versions every update leaves (a swipe leaves one of its card and
 * one of its step) would never be reclaimed, so tables and indexes would only grow, and the planner's statistics would
 * never be refreshed. The server does what the launcher would, on PostgreSQL's default thresholds: every minute it
 * reads the tables' counters and vacuums (and analyzes) each table past them, one statement per table, the furthest
 * behind first. PGlite runs one statement at a time, so a request waits while a table is vacuumed; requests run
 * between two tables. A PostgreSQL server has its own autovacuum: nothing is scheduled there.
 */

/** PostgreSQL's defaults (autovacuum_vacuum_threshold / _scale_factor, the insert and analyze ones). */
const VACUUM = { base: 50, scale: 0.2 };
const VACUUM_INSERTS = { base: 1000, scale: 0.2 };
const ANALYZE = { base: 50, scale: 0.1 };
/** How often the counters are read. */
export const VACUUM_EVERY_MS = 60_000;

/** A table's counters (pg_stat_user_tables) with its size in rows as last estimated. */
export interface TableCounters {
  name: string;
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export type Upkeep = { name: string; vacuum: boolean; analyze: boolean; behind: number };

/**
 * What each table needs, furthest behind first: a vacuum when its dead rows (or, for a table only inserted into, its
 * new rows, whose pages a vacuum marks all-visible) pass the threshold, an analyze when its changes since the last one
 * do; `behind` is how many times over its threshold it is.
 */
export function upkeepOf(tables: readonly TableCounters[]): Upkeep[] {
  const over = (n: number, t: { base: number; scale: number }, rowCount: number) => n / (t.base + t.scale * rowCount);
  return tables.flatMap(t => {
    const dead = over(t.dead, VACUUM, t.rows);
    const inserted = over(t.insertedSinceVacuum, VACUUM_INSERTS, t.rows);
    const changed = over(t.modifiedSinceAnalyze, ANALYZE, t.rows);
    const vacuum = dead > 1 || inserted > 1;
    const analyze = changed > 1;
    return vacuum || analyze ? [{ name: t.name, vacuum, analyze, behind: Math.max(dead, inserted, changed) }] : [];
  }).sort((a, b) => b.behind - a.behind || a.name.localeCompare(b.name));
}

/** The counters of the application's tables. */
async function readCounters(database: Database): Promise<TableCounters[]> {
  // A session's counts reach the shared counters when it is next idle, which PGlite's one session never is: the flush
  // is asked for, and happens as this statement ends.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const found = await rows<{ name: string; rows: number | string; dead: number | string; ins: number | string; mod: number | string }>(
    database.db, sql`
      select s.relname as name, greatest(c.reltuples, s.n_live_tup, 0)::float8 as rows, s.n_dead_tup as dead,
        s.n_ins_since_vacuum as ins, s.n_mod_since_analyze as mod
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'`);
  return found.map(r => ({
    name: r.name, rows: Number(r.rows), dead: Number(r.dead), insertedSinceVacuum: Number(r.ins), modifiedSinceAnalyze: Number(r.mod),
  }));
}

/**
 * One pass: every table past a threshold vacuumed and/or analyzed, one statement each; `stopping` is asked between
 * tables (a stop waits for one table, not the pass). Returns what was done.
 */
export async function vacuumTablesBehind(database: Database, log?: FastifyBaseLogger, stopping = () => false): Promise<Upkeep[]> {
  const todo = upkeepOf(await readCounters(database));
  const done: Upkeep[] = [];
  for (const t of todo) {
    if (stopping()) break;
    const started = performance.now();
    const what = t.vacuum ? (t.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    // The name comes from the catalogue, quoted as an identifier.
    await database.db.execute(sql`${sql.raw(what)} ${sql.identifier(t.name)}`);
    log?.info({ table: t.name, op: what, ms: Math.round(performance.now() - started) }, 'embedded database upkeep');
    done.push(t);
  }
  return done;
}

/**
 * Runs `vacuumTablesBehind` every VACUUM_EVERY_MS on the embedded database (nothing on PostgreSQL). A pass that fails
 * is logged and the next one tries again; the timer never keeps the process alive.
 */
export function scheduleEmbeddedVacuum(database: Database, log: FastifyBaseLogger, everyMs = VACUUM_EVERY_MS): { stop(): Promise<void> } {
  if (database.engine !== 'pglite') return { stop: async () => {} };
  let stopped = false;
  // One pass at a time: a tick that finds the last one still running lets it be.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = vacuumTablesBehind(database, log, () => stopped)
      .then(() => {}, err => log.error({ err }, 'embedded database upkeep failed'))
      .finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  // A stop waits for the table being vacuumed, so the database is not closed under it.
  return { stop: async () => { stopped = true; clearInterval(timer); await running; } };
}
