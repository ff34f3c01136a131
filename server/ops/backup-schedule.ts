import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rows, type Database } from '../db/connection';
import { writeBackup } from './backup';
import type { Settings } from './settings';

/**
 * The daily backup (BACKUP_AT=HH:MM local time, BACKUP_KEEP archives kept in BACKUP_DIR). The server takes it itself,
 * through the same code as `npm run backup`. Each instance on one PostgreSQL runs the timer; the day's row in
 * `backup_runs` goes to the first, so the others skip it. A day the server was down at that time is not caught up:
 * the next backup is the next day's.
 */
export function msUntilNext(at: { hour: number; minute: number }, now: Date): number {
  const next = new Date(now);
  next.setHours(at.hour, at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** The local calendar day of a time, `YYYY-MM-DD`. */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function scheduleDailyBackup(database: Database, backup: Settings['backup'], log: FastifyBaseLogger): { stop(): void } {
  const at = backup.dailyAt;
  if (!at) return { stop: () => {} };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const wait = msUntilNext(at, new Date());
    timer = setTimeout(() => void runDailyBackup(database, backup, localDay(new Date()), log).finally(arm), wait);
    // The schedule alone never keeps the process alive (a stop must not wait for tomorrow).
    timer.unref();
    log.info({ next: new Date(Date.now() + wait).toISOString() }, 'daily backup scheduled');
  };
  arm();
  return { stop: () => { stopped = true; clearTimeout(timer); } };
}

export async function runDailyBackup(database: Database, backup: Settings['backup'], day: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const claimed = await rows(database.db, sql`
      insert into backup_runs (day, host) values (${day}, ${hostname()}) on conflict (day) do nothing returning day`);
    if (!claimed.length) {
      log.info({ day }, 'daily backup: another instance took it');
      return;
    }
    try {
      const r = await writeBackup(database, backup.dir, backup.keep);
      await database.db.execute(sql`
        update backup_runs set finished_at = now(), file = ${r.file}, bytes = ${r.bytes} where day = ${day}`);
      log.info({ day, ...r }, 'daily backup written');
    } catch (err) {
      await database.db.execute(sql`update backup_runs set error = ${String((err as Error).message).slice(0, 2000)} where day = ${day}`);
      throw err;
    }
  } catch (err) {
    log.error({ err, day }, 'daily backup failed');
  }
}
