import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../api/test-database';
import { podDelivery } from '../api/delivery/pod-fixtures';

/** Items coded BULK-000001 … of the large list. */
export const BULK_ITEMS = 60_000;

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/**
 * The built PWA (`dist/`, from `npm run build`) served by the real server on a fresh seeded database — PostgreSQL
 * beside TEST_DATABASE_URL when it is set (as in CI: the queries then run in PostgreSQL's own processes instead of
 * the test runner's one thread; the API tests cover PGlite), else PGlite — for the browser tests. The e2e tests drive
 * Debian's Chromium through playwright-core.
 */
export default async function setup(project: TestProject) {
  const root = join(import.meta.dirname, '..', '..');
  const web = join(root, 'dist');
  if (!existsSync(join(web, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the e2e tests');
  const dir = await mkdtemp(join(tmpdir(), 'ipos-e2e-'));
  // The server routes the files it finds at start (no wildcard), so a build into dist/ during the run (another
  // terminal, another test run) would leave it serving a shell whose assets it cannot find: it serves a copy.
  const webCopy = join(dir, 'web');
  await cp(web, webCopy, { recursive: true });
  const tdb = await freshDatabase('e2e');
  const database = tdb.database;
  await migrate(database);
  await seedDemo(database.db);
  // A large list for the data-layer tests (tests/e2e/data-layer.test.ts): 60,000 items coded BULK-…, written the way a
  // migration would, so the test does not spend a minute importing them.
  await database.db.execute(sql`
    insert into items (code, name, spec, price, active)
    select 'BULK-' || lpad(i::text, 6, '0'), '批量物料 ' || (i % 13), 'S' || (i % 7), (i % 97) + 0.5, true
    from generate_series(1, ${BULK_ITEMS}) as i`);
  // Two shipped deliveries of the demo driver for the proof of delivery on a phone (tests/e2e/proof-of-delivery.test.ts),
  // written by SQL: shipping is built and tested on its own.
  for (const [i, show_id] of ['E2E-POD-1', 'E2E-POD-2'].entries()) await podDelivery(database.db, { show_id, pick: i });
  const serversFile = join(dir, 'servers.json');
  await writeFile(serversFile, JSON.stringify([{ name: '本机', server: '' }, { name: '测试', server: 'http://127.0.0.1:9', test: true }]));
  const app = await buildApp({ db: database.db, serversFile, webRoot: webCopy });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('appUrl', url);
  return async () => {
    await app.close();
    await tdb.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
