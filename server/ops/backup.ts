import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/connection';

/**
 * One backup = one archive in the backup folder, named by engine and UTC time so that names sort by age:
 * `ipos-pglite-2026-11-23T17-08-00-123Z.tar.gz` (PGlite's own tar of its data directory, gzipped) or
 * `ipos-postgres-….dump` (pg_dump's custom format, which pg_restore reads). An archive is written under a temporary
 * name and renamed when complete, so a folder listing never shows half a backup.
 *
 * An archive is the whole database — password hashes, sessions, badge numbers, the link key — so it is the owner's
 * alone from its first byte: created 0600, in a folder created 0700 (an existing folder keeps the modes its operator
 * gave it; the archives in it are private anyway).
 */
export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** PGlite: how long queries waited while the data directory was read. */
  pausedMs?: number;
  /** Older archives deleted to keep BACKUP_KEEP. */
  pruned: string[];
}

/** Modes of what a backup creates: the owner's alone. */
const PRIVATE_FILE = 0o600, PRIVATE_DIR = 0o700;

const NAME = /^ipos-(pglite|postgres)-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.(tar\.gz|dump)$/;

export function backupName(engine: Database['engine'], at: Date): string {
  return `ipos-${engine}-${at.toISOString().replace(/[:.]/g, '-')}.${engine === 'pglite' ? 'tar.gz' : 'dump'}`;
}

export const isBackupName = (name: string) => NAME.test(name);

export async function writeBackup(database: Database, dir: string, keep: number): Promise<BackupResult> {
  const started = Date.now();
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const name = backupName(database.engine, new Date(started));
  const file = join(dir, name);
  const partial = `${file}.partial`;
  let pausedMs: number | undefined;
  try {
    if (database.dumpDataDir) {
      const t = Date.now();
      const tar = await database.dumpDataDir();
      pausedMs = Date.now() - t;
      // Compressed after the snapshot, outside PGlite's lock: queries only wait for the copy in memory.
      await pipeline(Readable.fromWeb(tar.stream() as WebReadableStream<Uint8Array>), createGzip({ level: 6 }),
        createWriteStream(partial, { mode: PRIVATE_FILE }));
    } else if (database.url) {
      // pg_dump writes into the file made here, which keeps its mode (it would make one by the umask: 0644).
      await (await open(partial, 'w', PRIVATE_FILE)).close();
      await pgDump(database.url, partial);
    } else {
      throw new Error('this database cannot be backed up');
    }
    // The mode asked for at creation, whatever became of it (a file left from an earlier run is reopened as it was).
    if (process.platform !== 'win32') await chmod(partial, PRIVATE_FILE);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  const { size } = await stat(file);
  const pruned = await pruneBackups(dir, keep);
  return { file, bytes: size, ms: Date.now() - started, ...(pausedMs !== undefined ? { pausedMs } : {}), pruned };
}

/** Deletes all but the newest `keep` archives of the folder (only files named like ours). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const ours = (await readdir(dir)).filter(isBackupName)
    .sort((a, b) => NAME.exec(a)![2]!.localeCompare(NAME.exec(b)![2]!));
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const f of old) await rm(join(dir, f), { force: true });
  return old;
}

/**
 * The command line tools of PostgreSQL get the connection without its password, which goes in PGPASSWORD: a password
 * on a command line is visible to every user of the machine (`ps`).
 */
export function pgToolEnv(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool (`pg_dump`, `pg_restore`, from PATH or PG_BIN) and fails with its error output. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const bin = process.env.PG_BIN ? join(process.env.PG_BIN, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => { stderr = (stderr + s).slice(-4000); });
    child.on('error', err => reject(new Error(`${tool}: ${err.message} (set PG_BIN to the folder holding it)`)));
    child.on('close', code => (code === 0 ? resolve() : reject(new Error(`${tool} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** pg_dump takes one consistent snapshot in a read-only transaction: writers go on meanwhile. */
async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = pgToolEnv(url);
  await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
}
