import { fileURLToPath } from 'node:url';
import { openDatabase } from '../connection';
import { migrate } from '../migrate';
import { DEMO_LOGINS, seedDemo } from './demo';

/**
 * `npm run seed`: migrates and seeds the same database the server would open (DATABASE_URL, or PGlite in
 * DATA_DIR/db, ./data/db by default). Safe to repeat: rows already there are left alone.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = process.env.DATA_DIR ?? `${root}data`;
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: `${dataDir}/db` });
try {
  await migrate(database);
  const started = performance.now();
  const seeded = await seedDemo(database.db);
  console.log(seeded ? `demo data seeded in ${Math.round(performance.now() - started)} ms` : 'demo data already present');
  for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(12)} ${l.password.padEnd(12)} ${l.role}`);
} finally {
  await database.close();
}
