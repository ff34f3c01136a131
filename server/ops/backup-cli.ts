import { readdir } from 'node:fs/promises';
import { openDatabase } from '../db/connection';
import { writeBackup, type BackupResult } from './backup';
import { askOwner, claimDataDir, DataDirInUse } from './control-socket';
import { readSettings } from './settings';

/**
 * `npm run backup`: one archive in BACKUP_DIR (default ./backups), then all but the newest BACKUP_KEEP deleted.
 * PostgreSQL (DATABASE_URL): pg_dump, while the servers go on. PGlite: the running server takes the backup when asked
 * on its control socket (it alone may read its folder, decision 56); with no server running, this command opens the
 * folder itself, holding it against a server start meanwhile.
 */
const settings = readSettings();
const { dir, keep } = settings.backup;

async function backup(): Promise<BackupResult> {
  if (settings.databaseUrl) {
    const database = await openDatabase({ url: settings.databaseUrl });
    try { return await writeBackup(database, dir, keep); } finally { await database.close(); }
  }
  // A backup of a large database takes a while; the server answers when its archive is written.
  const reply = await askOwner(settings.dataDir, { op: 'backup', dir, keep }, 60 * 60_000);
  if (reply) {
    if (!reply.ok) throw new Error(`the server could not take the backup: ${reply.error}`);
    return reply as unknown as BackupResult;
  }
  const files = await readdir(settings.dbDir).catch(() => [] as string[]);
  if (!files.length) throw new Error(`no database in ${settings.dbDir} to back up`);
  const claim = await claimDataDir(settings.dataDir, 'backup', async () => ({ ok: false, error: 'a backup holds this folder' }));
  try {
    const database = await openDatabase({ dataDir: settings.dbDir });
    try { return await writeBackup(database, dir, keep); } finally { await database.close(); }
  } finally {
    await claim.release();
  }
}

try {
  const r = await backup();
  const mb = (r.bytes / 1048576).toFixed(1);
  console.log(`backup written: ${r.file} (${mb} MB in ${(r.ms / 1000).toFixed(1)} s${
    r.pausedMs !== undefined ? `; queries waited ${r.pausedMs} ms for the snapshot` : ''})`);
  for (const f of r.pruned) console.log(`deleted old backup ${f} (BACKUP_KEEP=${keep})`);
  process.exit(0);
} catch (err) {
  console.error(`backup failed: ${err instanceof DataDirInUse || err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
