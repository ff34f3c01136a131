import { PGlite } from '@electric-sql/pglite';
import { createReadStream } from 'node:fs';
import { chmod, open, readdir, rename } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { APPLICATION_NAME, privateDataDir } from '../db/connection';
import { pgToolEnv, runPgTool } from './backup';

/**
 * Restores an archive of server/ops/backup.ts: a PGlite tar into an empty data directory, a pg_dump archive into an
 * empty PostgreSQL database. A folder or database that holds data is replaced only when told (`force`): a PGlite
 * folder is then moved aside (never deleted), a database's public schema is dropped. The server then starts on the
 * restored data with its migrations applied on top, as after any upgrade.
 */
export type ArchiveKind = 'pglite' | 'postgres';

export class RestoreRefused extends Error {}

/** What an archive holds, from its first bytes (gzip → a PGlite tar; `PGDMP` → pg_dump's custom format). */
export async function archiveKind(file: string): Promise<ArchiveKind> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await fh.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
  } finally {
    await fh.close();
  }
  throw new RestoreRefused(`${file} is not an IPOS backup (neither a PGlite .tar.gz nor a pg_dump .dump)`);
}

/**
 * Unpacks a PGlite archive into `dbDir` (the caller holds the data directory's claim). PGlite replays the archive's
 * WAL on first open, as after a crash at the instant of the backup, and shuts down cleanly after a check.
 */
export async function restorePglite(file: string, dbDir: string, force: boolean): Promise<{ movedAside?: string }> {
  let movedAside: string | undefined;
  const existing = await readdir(dbDir).catch(() => [] as string[]);
  if (existing.length) {
    if (!force) throw new RestoreRefused(`${dbDir} is not empty: restore replaces a database only with --force`);
    movedAside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dbDir, movedAside);
    // The folder set aside is a whole database still: as private as the one in use.
    if (process.platform !== 'win32') await chmod(movedAside, 0o700);
  }
  privateDataDir(dbDir);
  const tar = await buffer(createReadStream(file).pipe(createGunzip()));
  const client = await PGlite.create(dbDir, {
    loadDataDir: new Blob([new Uint8Array(tar)]),
    startParams: PGlite.defaultStartParams.filter(p => p !== '-F'),
  });
  try {
    await client.query('select count(*) from _migrations');
    await client.query('checkpoint');
  } finally {
    await client.close();
  }
  return movedAside ? { movedAside } : {};
}

/** Restores a pg_dump archive into the database of `url`; refuses while servers are connected to it. */
export async function restorePostgres(file: string, url: string, force: boolean): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ servers }] = (await c.query<{ servers: number }>(
      `select count(*)::int as servers from pg_stat_activity where datname = current_database() and application_name = $1`,
      [APPLICATION_NAME])).rows as [{ servers: number }];
    if (servers > 0) throw new RestoreRefused(`${servers} server connection(s) use this database: stop the servers first`);
    const [{ tables }] = (await c.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname = 'public'`)).rows as [{ tables: number }];
    if (tables > 0) {
      if (!force) throw new RestoreRefused(`the database holds ${tables} tables: restore replaces a database only with --force`);
      await c.query('drop schema public cascade; create schema public');
    }
  } finally {
    await c.end();
  }
  const { dbname, env } = pgToolEnv(url);
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], env);
}
