import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgDatabase, dropPgDatabase, preparePgliteDir } from '../test-database';

/**
 * Real server processes for the operations tests (issue 16): `server/server.ts` as `npm start` runs it, on a port
 * the system picks, with its JSON log captured. A test waits for readiness by polling `/readyz`, never for a fixed
 * time, and every process still running when its file ends is killed.
 */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * A fresh server migrates, seeds and hashes six passwords: slow on a busy machine (a whole run beside two others took
 * over 150 s to start one on PGlite), so the limit is a hang's, not a speed's.
 */
export const START_MS = 360_000;

export interface LogLine { level?: number; msg?: string; request_id?: string; [k: string]: unknown }

export interface ChildServer {
  base: string;
  proc: ChildProcess;
  lines: LogLine[];
  stderr(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** Kills what a failed test left running (afterAll of each file). */
export function killAll(): void {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  running.clear();
}

/** Runs a node script of the project (tsx) to its end, as `npm run backup` / `npm run restore` do. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (s: string) => { out += s; });
    p.stderr.setEncoding('utf8').on('data', (s: string) => { out += s; });
    p.on('error', reject);
    p.on('close', code => resolve({ code, out }));
  });
}

export async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', BACKUP_AT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  const lines: LogLine[] = [];
  let err = '';
  let rest = '';
  let onLine: (l: LogLine) => void = () => {};
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    rest += chunk;
    let nl: number;
    while ((nl = rest.indexOf('\n')) >= 0) {
      const text = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      let line: LogLine;
      try { line = JSON.parse(text) as LogLine; } catch { line = { msg: text }; }
      lines.push(line);
      onLine(line);
    }
  });
  proc.stderr!.setEncoding('utf8').on('data', (s: string) => { err = (err + s).slice(-20_000); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve =>
    proc.on('exit', (code, signal) => { running.delete(proc); resolve({ code, signal }); }));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${START_MS / 1000} s:\n${err}`)), START_MS);
    onLine = l => { if (l.msg === 'IPOS started') { clearTimeout(timer); resolve(Number(l.port)); } };
    void exited.then(e => { clearTimeout(timer); reject(new Error(`the server exited (${e.code ?? e.signal}) before it started:\n${err}\n${JSON.stringify(lines.slice(-5))}`)); });
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_MS;
  for (;;) {
    const r = await fetch(`${base}/readyz`).catch(() => undefined);
    if (r?.status === 200) break;
    if (proc.exitCode !== null) throw new Error(`the server exited before it was ready:\n${err}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready in ${START_MS / 1000} s (last: ${r?.status})`);
    await new Promise(res => setTimeout(res, 100));
  }
  return {
    base, proc, lines, exited,
    stderr: () => err,
    stop: async (signal = 'SIGTERM') => { proc.kill(signal); return exited; },
  };
}

export type Body = Record<string, unknown> & { msg?: string };

export async function call(base: string, method: 'GET' | 'POST', path: string, values: Record<string, unknown> = {},
  session?: string): Promise<{ status: number; body: Body; headers: Headers }> {
  const form = new URLSearchParams({ ios: '1' });
  for (const [k, v] of Object.entries(values)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = session;
  const res = method === 'GET'
    ? await fetch(`${base}${path}?${form.toString()}`, { headers })
    : await fetch(`${base}${path}`, { method, body: form, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
  const text = await res.text();
  let body: Body;
  try { body = JSON.parse(text) as Body; } catch { body = { raw: text }; }
  return { status: res.status, body, headers: res.headers };
}

export async function loginAt(base: string, username = 'admin', password = 'admin123'): Promise<string> {
  const r = await call(base, 'POST', '/accounts/login/', { username, password });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.sessionid as string;
}

/** All rows of a list whose `code` starts with `prefix`, as a sorted list of codes. */
export async function codesAt(base: string, session: string, path: string, prefix: string): Promise<string[]> {
  const r = await call(base, 'GET', path, { limit: '-1', keyword: prefix }, session);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.dt as { code: string }[]).map(x => x.code).filter(c => c.startsWith(prefix)).sort();
}

/** A temp folder for one server's DATA_DIR (PGlite) and backups. */
export async function tempDir(label: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `ipos-${label}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * A new PostgreSQL database beside TEST_DATABASE_URL, and its removal: empty, or `seeded` — a copy of the run's
 * template with the demo data (test-database.ts), for the tests that are not about the first start.
 */
export async function freshPgDatabase(label: string, opts: { seeded?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const { name, url } = await createPgDatabase(label, opts);
  return { url, drop: () => dropPgDatabase(name) };
}

/** Fills a new server's DATA_DIR with the run's seeded PGlite template: the server starts without initdb nor seed. */
export async function seededDataDir(path: string): Promise<string> {
  await preparePgliteDir(path, { seeded: true });
  return path;
}

export const onPostgres = () => !!process.env.TEST_DATABASE_URL;
