import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logLevelOf, type LogLevel } from '../lib/logging';

/**
 * The environment the server and the backup / restore commands read (README "Environment"), parsed once, so both
 * sides agree on where the data and the backups are. A value that cannot be meant stops the start with its name.
 */
export interface Settings {
  root: string;
  port: number;
  host: string;
  /** DATA_DIR: the embedded database lives in `<dataDir>/db`. */
  dataDir: string;
  dbDir: string;
  databaseUrl: string | undefined;
  seed: boolean;
  webRoot: string;
  serversFile: string;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** STOP_TIMEOUT (s): how long a stop waits for requests in flight before it closes their connections. */
  stopTimeoutMs: number;
  backup: {
    dir: string;
    /** BACKUP_KEEP: archives kept in `dir`; older ones are deleted after each backup. */
    keep: number;
    /** BACKUP_AT: `HH:MM` local time of the daily backup; undefined = no scheduled backup. */
    dailyAt: { hour: number; minute: number } | undefined;
  };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function intOf(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name}=${value}: expected a whole number from ${min} to ${max}`);
  return n;
}

export function parseDailyAt(value: string | undefined): Settings['backup']['dailyAt'] {
  if (!value || value === 'off') return undefined;
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) throw new Error(`BACKUP_AT=${value}: expected HH:MM (24-hour local time) or off`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const dataDir = resolve(env.DATA_DIR || join(ROOT, 'data'));
  return {
    root: ROOT,
    port: intOf('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    dbDir: join(dataDir, 'db'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed: env.SEED !== '0',
    webRoot: env.WEB_ROOT || join(ROOT, 'dist'),
    serversFile: env.SERVERS_FILE || join(ROOT, 'public', 'servers.json'),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: logLevelOf(env.LOG_LEVEL),
    stopTimeoutMs: intOf('STOP_TIMEOUT', env.STOP_TIMEOUT, 10, 1, 3600) * 1000,
    backup: {
      dir: resolve(env.BACKUP_DIR || join(ROOT, 'backups')),
      keep: intOf('BACKUP_KEEP', env.BACKUP_KEEP, 14, 1, 10_000),
      dailyAt: parseDailyAt(env.BACKUP_AT),
    },
  };
}
