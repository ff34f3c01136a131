import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/demo';
import { freshDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    engine: 'pglite' | 'postgres';
  }
}

/** One real server per run, on a fresh database, migrated and seeded with the demo data. */
export default async function setup(project: TestProject) {
  const tdb = await freshDatabase('api');
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const serversFile = join(tmpdir(), `ipos-servers-${process.pid}.json`);
  await writeFile(serversFile, JSON.stringify([
    { name: '本机', server: '' }, { name: '测试', server: 'http://127.0.0.1:9', test: true },
  ]));
  // trustProxy lets the rate-limit tests speak for several client addresses through X-Forwarded-For.
  const app = await buildApp({ db: tdb.database.db, serversFile, trustProxy: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseUrl', address);
  project.provide('engine', tdb.engine);
  console.log(`api tests on ${tdb.engine} at ${address}`);
  return async () => {
    await app.close();
    await tdb.drop();
  };
}
