import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { freshDatabase, type TestDatabase } from '../../tests/api/test-database';

/** A bench's server: a fresh database with the demo plant, the app listening on it, and the admin's session. */
export interface SeededApp {
  tdb: TestDatabase;
  db: Db;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** The admin's session, as the `authorization` header every call sends. */
  auth: { authorization: string };
  /** Closes the app before dropping the database, so a run leaves no database or folder behind. */
  close(): Promise<void>;
}

/**
 * Opens a bench's server on the engine of `TEST_DATABASE_URL` (PGlite in a temp folder when unset; each bench maps
 * its `BENCH_DATABASE_URL` onto it first). Whatever fails on the way is cleaned up before the error is thrown.
 */
export async function seededApp(label: string): Promise<SeededApp> {
  const tdb = await freshDatabase(label);
  let app: FastifyInstance | undefined;
  try {
    await migrate(tdb.database);
    await seedDemo(tdb.database.db);
    const db = tdb.database.db;
    app = await buildApp({ db, serversFile: '/dev/null' });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await (await fetch(`${base}/accounts/login/`, {
      method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin123' }),
    })).json() as { sessionid: string };
    const opened = app;
    return {
      tdb, db, app, base, auth: { authorization: login.sessionid },
      close: async () => { await opened.close(); await tdb.drop(); },
    };
  } catch (e) {
    await app?.close();
    await tdb.drop();
    throw e;
  }
}
