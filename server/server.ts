import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from './db/connection';
import { migrate } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './db/seed/demo';

/**
 * `npm start`: the server on PORT (8080) with the embedded database in DATA_DIR (./data), or PostgreSQL when
 * DATABASE_URL is set; migrations applied; demo data seeded on first start (SEED=0 turns that off).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = process.env.DATA_DIR ?? `${root}data`;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: `${dataDir}/db` });
const applied = await migrate(database);
if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
// Demo data only on first start (no account yet): rows a user later deletes must not come back at the next start.
// `npm run seed` adds whatever is missing on purpose.
const [{ n }] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from accounts`) as [{ n: number }];
if (process.env.SEED !== '0' && n === 0) {
  await seedDemo(database.db);
  console.log('demo data seeded');
}
const app = await buildApp({
  db: database.db,
  webRoot: process.env.WEB_ROOT ?? `${root}dist`,
  serversFile: process.env.SERVERS_FILE ?? `${root}public/servers.json`,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  trustProxy: process.env.TRUST_PROXY === '1',
});
await app.listen({ port, host });
console.log(`IPOS 智能生产操作系统 on http://localhost:${port}  (database: ${database.engine}${
  database.engine === 'pglite' ? ` in ${dataDir}/db` : ''})`);
if (process.env.SEED !== '0') {
  console.log('demo logins (username / password):');
  for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(12)} ${l.password.padEnd(12)} ${l.role}`);
}

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
