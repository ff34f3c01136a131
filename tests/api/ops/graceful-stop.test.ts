import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call, codesAt, freshPgDatabase, killAll, loginAt, onPostgres, seededDataDir, startServer, tempDir,
} from './child-server';

/**
 * Graceful stop (issue 16 §5): SIGTERM in the middle of a burst of saves. The server stops taking connections,
 * answers the requests it already has, closes the database and exits 0; on the next start every save it acknowledged
 * is there, and PGlite finds its files shut down cleanly (no crash recovery).
 */
afterAll(killAll);

/** pg_control's `state` (PostgreSQL 17: 1 = shut down, 6 = in production, i.e. not closed). */
async function pgControlState(dbDir: string): Promise<number> {
  const f = await readFile(join(dbDir, 'global', 'pg_control'));
  return f.readInt32LE(16);
}

describe('SIGTERM during a burst of saves', () => {
  it('answers the saves in flight, refuses new ones, closes the database, and keeps every acknowledged save', async () => {
    const data = await tempDir('stop');
    const pgdb = onPostgres() ? await freshPgDatabase('stop', { seeded: true }) : undefined;
    const env: Record<string, string> = pgdb ? { DATABASE_URL: pgdb.url } : { DATA_DIR: await seededDataDir(data.path) };
    try {
      const s1 = await startServer(env);
      const session = await loginAt(s1.base);
      const mark = `GS${Date.now().toString(36)}`;

      const acknowledged: string[] = [];
      const answeredAfterSignal: string[] = [];
      let signalAt = 0;
      let seq = 0;
      const WORKERS = 8;
      const worker = async () => {
        for (;;) {
          const code = `${mark}-${++seq}`;
          const sentAt = Date.now();
          const r = await call(s1.base, 'POST', '/warehouses/save/', { code, name: `stop ${code}`, kind: 'material' }, session)
            .catch(() => undefined);
          // A refused connection or a 503 from a closing server: this save was never acknowledged.
          if (!r || (signalAt && r.status === 503)) return;
          if (r.status !== 200) throw new Error(`save refused before the stop: ${r.status} ${JSON.stringify(r.body)}`);
          expect(r.body.id).toEqual(expect.any(Number));
          acknowledged.push(code);
          if (signalAt && sentAt <= signalAt) answeredAfterSignal.push(code);
          if (acknowledged.length === 40 && !signalAt) {
            signalAt = Date.now();
            s1.proc.kill('SIGTERM');
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      const end = await s1.exited;

      expect(signalAt).toBeGreaterThan(0);
      expect(end).toEqual({ code: 0, signal: null });
      const msgs = s1.lines.map(l => l.msg);
      expect(msgs).toContain('stopping: finishing the requests in flight');
      expect(msgs.at(-1)).toBe('stopped');
      // Saves that were on the wire when the signal came were finished, not dropped.
      expect(answeredAfterSignal.length).toBeGreaterThan(0);
      if (!pgdb) expect(await pgControlState(join(data.path, 'db'))).toBe(1);

      const s2 = await startServer(env);
      expect(s2.lines.find(l => l.msg === 'migrations: none to apply')).toBeDefined();
      const stored = await codesAt(s2.base, await loginAt(s2.base), '/warehouses/list/', mark);
      for (const code of acknowledged) expect(stored).toContain(code);
      const r = await call(s2.base, 'GET', '/healthz');
      expect(r.status).toBe(200);
      expect(await s2.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await pgdb?.drop();
      await data.remove();
    }
  }, 600_000);
});
