import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { freshDatabase, makeTemplates } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    engine: 'pglite' | 'postgres';
  }
}

/**
 * The templates the files' fresh databases are copied from (test-database.ts), and one real server per run on a
 * fresh database with the demo data.
 */
export default async function setup(project: TestProject) {
  const removeTemplates = await makeTemplates();
  const tdb = await freshDatabase('api', { seeded: true });
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
    await removeTemplates();
  };
}
