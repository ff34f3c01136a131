import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/connection';

/**
 * A fresh, empty database for one test run: a PGlite folder in a temp dir, or — when TEST_DATABASE_URL is set — a
 * new PostgreSQL database created beside the given one and dropped afterwards.
 */
export interface TestDatabase {
  database: Database;
  engine: 'pglite' | 'postgres';
  /** The connection string of the fresh PostgreSQL database (postgres only). */
  url?: string;
  drop(): Promise<void>;
}

export async function freshDatabase(label = 't'): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dir = await mkdtemp(join(tmpdir(), `ipos-${label}-`));
    const database = await openDatabase({ dataDir: dir });
    return {
      database, engine: 'pglite',
      drop: async () => { await database.close(); await rm(dir, { recursive: true, force: true }); },
    };
  }
  const name = `ipos_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ url });
  return {
    database, engine: 'postgres', url,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
