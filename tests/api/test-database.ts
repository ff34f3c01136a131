import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';

/**
 * A fresh database for one test run: a PGlite folder in a temp dir, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database created beside the given one and dropped afterwards. Empty, or `seeded` (migrated, with the
 * demo data).
 *
 * Copied from templates when a global setup made them (`makeTemplates`, IPOS_TEST_TEMPLATES): a new PGlite cluster
 * costs an initdb (about 5 s here) and the demo data about 7 s more, against a fraction of a second to copy a closed
 * data folder or to `create database … template …`; the API tests make more than ten.
 */
export interface TestDatabase {
  database: Database;
  engine: 'pglite' | 'postgres';
  /** The connection string of the fresh PostgreSQL database (postgres only). */
  url?: string;
  drop(): Promise<void>;
}

/** Where fresh databases are copied from (what `makeTemplates` made, read from IPOS_TEST_TEMPLATES). */
interface Templates {
  /** A closed PGlite data folder, initialised and nothing more. */
  pgliteEmpty?: string;
  /** A closed PGlite data folder, migrated and seeded. */
  pgliteSeeded?: string;
  /** A PostgreSQL database beside TEST_DATABASE_URL, migrated and seeded, with no connection open. */
  pgSeeded?: string;
}
export const TEMPLATES_ENV = 'IPOS_TEST_TEMPLATES';

function templates(): Templates {
  try { return JSON.parse(process.env[TEMPLATES_ENV] ?? '{}') as Templates; } catch { return {}; }
}

const pgName = (label: string) => `ipos_${label}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`.toLowerCase();

async function pgAdmin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await c.connect();
  try { await c.query(q); } finally { await c.end(); }
}

function urlOf(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new PostgreSQL database beside TEST_DATABASE_URL (a copy of the seeded template when asked and made). */
export async function createPgDatabase(label: string, opts: { seeded?: boolean } = {}): Promise<{ name: string; url: string; copied: boolean }> {
  const name = pgName(label);
  const template = opts.seeded ? templates().pgSeeded : undefined;
  await pgAdmin(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return { name, url: urlOf(name), copied: !!template };
}

export const dropPgDatabase = (name: string) => pgAdmin(`drop database if exists "${name}" with (force)`);

/** Fills `dir` (a new, empty folder) with a PGlite cluster: a copy of a template when there is one. */
export async function preparePgliteDir(dir: string, opts: { seeded?: boolean } = {}): Promise<{ copied: 'seeded' | 'empty' | null }> {
  const t = templates();
  const from = opts.seeded && t.pgliteSeeded ? t.pgliteSeeded : t.pgliteEmpty;
  if (!from) return { copied: null };
  await cp(from, dir, { recursive: true });
  return { copied: from === t.pgliteSeeded ? 'seeded' : 'empty' };
}

/**
 * A test database's commits do not wait for their WAL to reach the disk (`synchronous_commit = off`): a crash loses
 * nothing a test needs, and the tests' thousands of commits stop waiting on fsync (about 5 ms each here). The
 * servers of the operations tests, which prove that an acknowledged save survives, run on the defaults.
 */
export async function freshDatabase(label = 't', opts: { seeded?: boolean } = {}): Promise<TestDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    const dir = await mkdtemp(join(tmpdir(), `ipos-${label}-`));
    const { copied } = await preparePgliteDir(dir, opts);
    const database = await openDatabase({ dataDir: dir });
    // PGlite is one session for its whole life.
    await database.db.execute(sql`set synchronous_commit = off`);
    if (opts.seeded && copied !== 'seeded') { await migrate(database); await seedDemo(database.db); }
    return {
      database, engine: 'pglite',
      drop: async () => { await database.close(); await rm(dir, { recursive: true, force: true }); },
    };
  }
  const { name, url, copied } = await createPgDatabase(label, opts);
  await pgAdmin(`alter database "${name}" set synchronous_commit = off`);
  const database = await openDatabase({ url });
  if (opts.seeded && !copied) { await migrate(database); await seedDemo(database.db); }
  return {
    database, engine: 'postgres', url,
    drop: async () => { await database.close(); await dropPgDatabase(name); },
  };
}

/**
 * Makes the templates of this run's engine and names them in IPOS_TEST_TEMPLATES (for this process and the test
 * workers it starts); returns their removal. Called by a global setup before any test file runs.
 */
export async function makeTemplates(): Promise<() => Promise<void>> {
  const made: Templates = {};
  const removals: (() => Promise<void>)[] = [];
  if (!process.env.TEST_DATABASE_URL) {
    const empty = await mkdtemp(join(tmpdir(), 'ipos-template-empty-'));
    removals.push(() => rm(empty, { recursive: true, force: true }));
    await (await openDatabase({ dataDir: empty })).close();
    const seeded = await mkdtemp(join(tmpdir(), 'ipos-template-seeded-'));
    removals.push(() => rm(seeded, { recursive: true, force: true }));
    await cp(empty, seeded, { recursive: true });
    const database = await openDatabase({ dataDir: seeded });
    await migrate(database);
    await seedDemo(database.db);
    await database.close();
    made.pgliteEmpty = empty;
    made.pgliteSeeded = seeded;
  } else {
    const name = pgName('template');
    await pgAdmin(`create database "${name}"`);
    removals.push(() => dropPgDatabase(name));
    const database = await openDatabase({ url: urlOf(name) });
    await migrate(database);
    await seedDemo(database.db);
    await database.close();
    made.pgSeeded = name;
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(made);
  return async () => {
    delete process.env[TEMPLATES_ENV];
    for (const r of removals) await r().catch(() => undefined);
  };
}
