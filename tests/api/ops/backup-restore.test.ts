import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call, codesAt, freshPgDatabase, killAll, loginAt, onPostgres, runScript, seededDataDir, startServer, tempDir,
} from './child-server';

/**
 * Backup and restore (issue 16 §2), on the engine of this run: PGlite through the running server's control socket,
 * PostgreSQL through pg_dump / pg_restore. Rows written before the backup come back, rows written after it do not,
 * and the sessions and files (which live in the database) of the backup's moment work again. The backup runs while
 * saves go on, and none of them fails.
 */
afterAll(killAll);

const saveWarehouse = (base: string, session: string, code: string) =>
  call(base, 'POST', '/warehouses/save/', { code, name: `backup ${code}`, kind: 'material' }, session);

async function upload(base: string, session: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'note.txt');
  const res = await fetch(`${base}/files/upload/?ios=1`, { method: 'POST', body: form, headers: { authorization: session } });
  const body = await res.json() as { url: string };
  expect(res.status).toBe(200);
  return body.url;
}

describe(`npm run backup / npm run restore on ${onPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('restores exactly the rows, sessions and files of the backup', async () => {
    const dir = await tempDir('backup');
    const backups = join(dir.path, 'backups');
    const pgdb = onPostgres() ? await freshPgDatabase('backup', { seeded: true }) : undefined;
    const env: Record<string, string> = pgdb ? { DATABASE_URL: pgdb.url } : { DATA_DIR: await seededDataDir(join(dir.path, 'data')) };
    const cli = { ...env, BACKUP_DIR: backups, BACKUP_KEEP: '5' };
    try {
      const s1 = await startServer(env);
      const session = await loginAt(s1.base);
      const mark = `BK${Date.now().toString(36)}`;
      const before = [1, 2, 3, 4, 5].map(i => `${mark}-before-${i}`);
      for (const code of before) expect((await saveWarehouse(s1.base, session, code)).status).toBe(200);
      const fileUrl = await upload(s1.base, session, `kept by the backup ${mark}`);

      // Saves go on while the backup is taken; none of them may fail.
      let backingUp = true;
      const during: number[] = [];
      const writer = (async () => {
        for (let i = 0; backingUp || i < 3; i++) {
          const r = await call(s1.base, 'POST', '/customers/save/', { name: `${mark} during ${i}`, code: `${mark}-c${i}` }, session);
          during.push(r.status);
        }
      })();
      const backup = await runScript('server/ops/backup-cli.ts', [], cli);
      backingUp = false;
      await writer;
      expect(backup.out).toMatch(/backup written: /);
      expect(backup.code).toBe(0);
      expect(during.length).toBeGreaterThan(0);
      expect(during.every(s => s === 200)).toBe(true);
      const archives = await readdir(backups);
      expect(archives).toHaveLength(1);
      expect(archives[0]).toMatch(pgdb ? /^ipos-postgres-.*\.dump$/ : /^ipos-pglite-.*\.tar\.gz$/);
      expect((await stat(join(backups, archives[0]!))).size).toBeGreaterThan(1000);

      const after = [1, 2, 3].map(i => `${mark}-after-${i}`);
      for (const code of after) expect((await saveWarehouse(s1.base, session, code)).status).toBe(200);
      const laterSession = await loginAt(s1.base, 'supervisor', 'super123');

      const archive = join(backups, archives[0]!);
      const whileRunning = await runScript('server/ops/restore-cli.ts', [archive, '--force'], cli);
      expect(whileRunning.code).toBe(2);
      expect(whileRunning.out).toMatch(pgdb ? /stop the servers first/ : /in use by another process/);
      expect(await s1.stop()).toEqual({ code: 0, signal: null });

      const unforced = await runScript('server/ops/restore-cli.ts', [archive], cli);
      expect(unforced.code).toBe(2);
      expect(unforced.out).toMatch(/only with --force/);
      const restored = await runScript('server/ops/restore-cli.ts', [archive, '--force'], cli);
      expect(restored.out).toMatch(/^restored /m);
      expect(restored.code).toBe(0);

      const s2 = await startServer(env);
      expect(await codesAt(s2.base, session, '/warehouses/list/', mark)).toEqual([...before].sort());
      expect((await call(s2.base, 'GET', '/accounts/info/', {}, session)).status).toBe(200);
      expect((await call(s2.base, 'GET', '/accounts/info/', {}, laterSession)).body).toMatchObject({ needlogin: 1 });
      const file = await fetch(`${s2.base}${fileUrl}`, { headers: { authorization: session } });
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(`kept by the backup ${mark}`);
      expect(await s2.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await pgdb?.drop();
      await dir.remove();
    }
  }, 500_000);
});
