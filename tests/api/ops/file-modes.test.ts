import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { writeBackup } from '../../../server/ops/backup';
import { restorePglite } from '../../../server/ops/restore';
import { freshDatabase, preparePgliteDir } from '../test-database';
import { onPostgres, tempDir } from './child-server';

/**
 * Finding 9 of issue 29: "Backups and the embedded database files are world-readable and hold secrets." An archive is
 * created 0600 in a backup folder created 0700; the embedded database's folder is 0700 (PGlite writes its own files
 * 0666 whatever the umask, so the folder is what keeps them private), also after a restore and for the folder a
 * restore sets aside. Under the usual umask (022), which used to leave all of them readable by every user.
 */
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

let umaskBefore: number | undefined;
beforeAll(() => {
  // A worker thread may not set it (the forks pool can); the process's own umask then applies.
  try { umaskBefore = process.umask(0o022); } catch { umaskBefore = undefined; }
});
afterAll(() => {
  if (umaskBefore !== undefined) process.umask(umaskBefore);
});

describe.skipIf(process.platform === 'win32')('files that hold the data are the owner\'s alone', () => {
  it('the embedded database: its folder, its backups and a restore of them', async () => {
    const dir = await tempDir('modes');
    try {
      // A folder made by an older version, readable by everyone, is tightened when opened.
      const old = join(dir.path, 'old-db');
      await mkdir(old, { mode: 0o755 });
      const { copied } = await preparePgliteDir(old, { seeded: true });
      await chmod(old, 0o755);
      const database = await openDatabase({ dataDir: old });
      expect(await modeOf(old)).toBe(0o700);
      // A restore checks that the archive holds a migrated database.
      if (copied !== 'seeded') await migrate(database);

      const backups = join(dir.path, 'backups', 'daily');
      let archive: string;
      try {
        archive = (await writeBackup(database, backups, 3)).file;
      } finally {
        await database.close();
      }
      expect(await modeOf(join(dir.path, 'backups'))).toBe(0o700);
      expect(await modeOf(backups)).toBe(0o700);
      expect(await modeOf(archive)).toBe(0o600);

      // A new folder (and the one above it) is made 0700.
      const fresh = join(dir.path, 'data', 'db');
      const restored = await restorePglite(archive, fresh, false);
      expect(restored.movedAside).toBeUndefined();
      expect(await modeOf(join(dir.path, 'data'))).toBe(0o700);
      expect(await modeOf(fresh)).toBe(0o700);
      // A forced restore sets the database in use aside: a whole database still, as private.
      await chmod(fresh, 0o755);
      const again = await restorePglite(archive, fresh, true);
      expect(await modeOf(again.movedAside!)).toBe(0o700);
      expect(await modeOf(fresh)).toBe(0o700);
    } finally {
      await dir.remove();
    }
  }, 300_000);

  it.skipIf(!onPostgres())('a PostgreSQL backup (pg_dump)', async () => {
    const dir = await tempDir('modes-pg');
    const tdb = await freshDatabase('modes');
    try {
      const backups = join(dir.path, 'backups');
      const { file } = await writeBackup(tdb.database, backups, 3);
      expect(await readdir(backups)).toEqual([file.slice(backups.length + 1)]);
      expect(await modeOf(backups)).toBe(0o700);
      expect(await modeOf(file)).toBe(0o600);
    } finally {
      await tdb.drop();
      await dir.remove();
    }
  });
});
