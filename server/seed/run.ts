import { mkdir } from 'node:fs/promises';
import { claimDataDir, DataDirInUse, type DataDirClaim } from '../ops/control-socket';
import { readSettings } from '../ops/settings';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { DEMO_LOGINS, seedDemo } from './demo';

/**
 * `npm run seed`: migrates and seeds the same database the server would open (DATABASE_URL, or PGlite in
 * DATA_DIR/db, ./data/db by default). Safe to repeat: rows already there are left alone. A PGlite folder is seeded
 * only while no server holds it (decision 56): stop the server first.
 */
const settings = readSettings();
let claim: DataDirClaim | undefined;
if (!settings.databaseUrl) {
  await mkdir(settings.dataDir, { recursive: true });
  try {
    claim = await claimDataDir(settings.dataDir, 'seed', async () => ({ ok: false, error: 'a seed holds this folder' }));
  } catch (err) {
    console.error(err instanceof DataDirInUse ? err.message : err);
    process.exit(1);
  }
}
const database = await openDatabase({ url: settings.databaseUrl, dataDir: settings.dbDir });
try {
  await migrate(database);
  const started = performance.now();
  const seeded = await seedDemo(database.db);
  console.log(seeded ? `demo data seeded in ${Math.round(performance.now() - started)} ms` : 'demo data already present');
  for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(12)} ${l.password.padEnd(12)} ${l.role}`);
} finally {
  await database.close();
  await claim?.release();
}
