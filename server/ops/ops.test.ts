import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupName, pruneBackups } from './backup';
import { localDay, msUntilNext } from './backup-schedule';
import { upkeepOf } from './embedded-vacuum';
import { askOwner, claimDataDir, controlPath, DataDirInUse } from './control-socket';
import { parseDailyAt, readSettings } from './settings';

const dirs: string[] = [];
const temp = async () => { const d = await mkdtemp(join(tmpdir(), 'ipos-ops-')); dirs.push(d); return d; };
afterEach(async () => { for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true }); });

describe('backup retention', () => {
  it('keeps the newest BACKUP_KEEP archives and touches no other file', async () => {
    const dir = await temp();
    const names = [1, 2, 3, 4].map(d => backupName('pglite', new Date(Date.UTC(2030, 0, d, 3))));
    for (const n of [...names, 'notes.txt', 'ipos-pglite-old.tar.gz']) await writeFile(join(dir, n), 'x');
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual(['ipos-pglite-old.tar.gz', 'notes.txt', ...names.slice(2)].sort());
  });

  it('names archives by engine and UTC time, so that names sort by age', () => {
    expect(backupName('postgres', new Date('2030-01-02T03:04:05.678Z'))).toBe('ipos-postgres-2030-01-02T03-04-05-678Z.dump');
  });
});

describe('the daily schedule', () => {
  it('waits for the next HH:MM local time', () => {
    const now = new Date(2030, 0, 1, 2, 30, 0);
    expect(msUntilNext({ hour: 3, minute: 0 }, now)).toBe(30 * 60_000);
    expect(msUntilNext({ hour: 2, minute: 30 }, now)).toBe(24 * 3600_000);
    expect(localDay(new Date(2030, 11, 31, 23, 59))).toBe('2030-12-31');
  });

  it('reads BACKUP_AT, BACKUP_KEEP and BACKUP_DIR, and refuses values that cannot be meant', () => {
    expect(parseDailyAt('02:30')).toEqual({ hour: 2, minute: 30 });
    expect(parseDailyAt(undefined)).toBeUndefined();
    expect(parseDailyAt('off')).toBeUndefined();
    expect(() => parseDailyAt('25:00')).toThrow(/BACKUP_AT/);
    const s = readSettings({ BACKUP_KEEP: '3', BACKUP_DIR: '/srv/b', DATA_DIR: '/srv/d' });
    expect(s.backup).toMatchObject({ keep: 3, dir: '/srv/b', dailyAt: undefined });
    expect(s.dbDir).toBe('/srv/d/db');
    expect(() => readSettings({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe('the embedded database upkeep thresholds (PostgreSQL autovacuum defaults)', () => {
  const table = (name: string, rows: number, dead: number, inserted: number, modified: number) =>
    ({ name, rows, dead, insertedSinceVacuum: inserted, modifiedSinceAnalyze: modified });

  it('vacuums past 50 + 20 % dead rows, or 1000 + 20 % new ones, and analyzes past 50 + 10 % changed', () => {
    expect(upkeepOf([table('a', 1000, 250, 0, 0)])).toEqual([]);
    expect(upkeepOf([table('a', 1000, 251, 0, 0)])).toMatchObject([{ name: 'a', vacuum: true, analyze: false }]);
    expect(upkeepOf([table('b', 10_000, 0, 3000, 1050)])).toEqual([]);
    expect(upkeepOf([table('b', 10_000, 0, 3001, 1051)])).toMatchObject([{ name: 'b', vacuum: true, analyze: true }]);
    expect(upkeepOf([table('c', 0, 0, 0, 51)])).toMatchObject([{ name: 'c', vacuum: false, analyze: true }]);
  });

  it('takes the table furthest behind its threshold first', () => {
    const order = upkeepOf([table('small', 100, 100, 0, 0), table('big', 1_000_000, 1_000_000, 0, 0), table('ok', 10, 0, 0, 0)]);
    expect(order.map(t => t.name)).toEqual(['big', 'small']);
  });
});

describe('the control socket of a data directory', () => {
  it('lets one process own the folder and answers the others', async () => {
    const dir = await temp();
    const claim = await claimDataDir(dir, 'server', async () => ({ ok: true, echo: 1 }));
    try {
      expect(await askOwner(dir, { op: 'ping' }, 5000)).toEqual({ ok: true, pid: process.pid, role: 'server' });
      expect(await askOwner(dir, { op: 'backup', dir, keep: 1 }, 5000)).toEqual({ ok: true, echo: 1 });
      await expect(claimDataDir(dir, 'restore', async () => ({ ok: false, error: 'x' }))).rejects.toBeInstanceOf(DataDirInUse);
    } finally {
      await claim.release();
    }
    expect(await askOwner(dir, { op: 'ping' }, 5000)).toBeUndefined();
    const again = await claimDataDir(dir, 'restore', async () => ({ ok: false, error: 'x' }));
    await again.release();
  });

  it('takes over the socket a killed process left behind', async () => {
    const dir = await temp();
    const path = controlPath(dir);
    // A process that dies holding the socket leaves its file behind (SIGKILL: no cleanup).
    await new Promise<void>((resolve, reject) => {
      const p = spawn(process.execPath, ['-e',
        `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
      p.on('error', reject);
      p.on('exit', () => resolve());
    });
    expect(existsSync(path)).toBe(true);
    expect(await askOwner(dir, { op: 'ping' }, 5000)).toBeUndefined();
    const claim = await claimDataDir(dir, 'server', async () => ({ ok: true }));
    expect(await askOwner(dir, { op: 'ping' }, 5000)).toMatchObject({ ok: true, role: 'server' });
    await claim.release();
  });

  it('moves the socket out of a folder too deep for a socket path', () => {
    expect(controlPath('/srv/ipos')).toBe('/srv/ipos/ipos.sock');
    const deep = `/srv/${'x'.repeat(120)}`;
    expect(controlPath(deep)).toMatch(new RegExp(`^${tmpdir()}/ipos-[0-9a-f]{16}\\.sock$`));
    expect(controlPath(deep)).toBe(controlPath(deep));
  });
});
