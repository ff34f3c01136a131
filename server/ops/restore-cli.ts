import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { askOwner, claimDataDir, DataDirInUse } from './control-socket';
import { archiveKind, RestoreRefused, restorePglite, restorePostgres } from './restore';
import { readSettings } from './settings';

/**
 * `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` back, into DATA_DIR (PGlite archive) or the
 * database of DATABASE_URL (pg_dump archive). Refuses (exit 2) while a server uses that data, and when it holds data
 * unless `--force` (npm hands `npm run restore FILE --force` to us as npm_config_force). Then start the server.
 */
const settings = readSettings();
const args = process.argv.slice(2);
const force = args.includes('--force') || process.env.npm_config_force === 'true';
const files = args.filter(a => !a.startsWith('--'));

async function restore(): Promise<string> {
  if (files.length !== 1) throw new RestoreRefused('usage: npm run restore -- FILE [--force]');
  const file = resolve(files[0]!);
  await access(file).catch(() => { throw new RestoreRefused(`${file} does not exist`); });
  const kind = await archiveKind(file);
  if (kind === 'postgres') {
    if (!settings.databaseUrl) throw new RestoreRefused(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore into`);
    await restorePostgres(file, settings.databaseUrl, force);
    return `restored ${file} into ${new URL(settings.databaseUrl).pathname.slice(1)}`;
  }
  if (settings.databaseUrl) throw new RestoreRefused(`${file} is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR`);
  const owner = await askOwner(settings.dataDir, { op: 'ping' }, 5000);
  if (owner) throw new DataDirInUse(settings.dataDir, owner);
  const claim = await claimDataDir(settings.dataDir, 'restore', async () => ({ ok: false, error: 'a restore holds this folder' }));
  try {
    const { movedAside } = await restorePglite(file, settings.dbDir, force);
    return `restored ${file} into ${settings.dbDir}${movedAside ? `; the previous database was moved to ${movedAside}` : ''}`;
  } finally {
    await claim.release();
  }
}

try {
  console.log(await restore());
  process.exit(0);
} catch (err) {
  const refused = err instanceof RestoreRefused || err instanceof DataDirInUse;
  console.error(`restore ${refused ? 'refused' : 'failed'}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(refused ? 2 : 1);
}
