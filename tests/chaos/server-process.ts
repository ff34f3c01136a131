import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The real server as its own process (server/server.ts, as `npm start` runs it), so the chaos test can kill it with
 * SIGKILL — no shutdown, no flush — and start it again on the same database and port. On PostgreSQL when `url` is
 * given, else on the embedded PGlite in `dataDir` (started with fsync on: an acknowledged push survives the kill).
 */
export interface ServerProcess {
  port: number;
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>(resolve => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise(resolve => s.close(resolve));
  return port;
}

export async function serverProcess(o: { databaseUrl?: string; dataDir: string; webRoot: string; readyTimeoutMs?: number }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  async function ready(): Promise<void> {
    const until = Date.now() + (o.readyTimeoutMs ?? 300_000);
    for (;;) {
      if (!child || child.exitCode !== null) throw new Error(`the server exited while starting:\n${log.slice(-4000)}`);
      try {
        const r = await fetch(`${url}/accounts/login/`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        if (r.status < 500) return;
      } catch { /* not listening yet */ }
      if (Date.now() > until) throw new Error(`the server did not start in time:\n${log.slice(-4000)}`);
      await new Promise(resolve => setTimeout(resolve, 250));
    }
  }

  const proc: ServerProcess = {
    port,
    url,
    async start() {
      log = '';
      child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_ROOT: o.webRoot,
          DATA_DIR: o.dataDir, DATABASE_URL: o.databaseUrl ?? '', BACKUP_DIR: `${o.dataDir}/backups`, TEST_DATABASE_URL: '',
        },
      });
      child.stdout!.on('data', (d: Buffer) => { log += d.toString(); });
      child.stderr!.on('data', (d: Buffer) => { log += d.toString(); });
      await ready();
    },
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>(resolve => { c.once('exit', () => resolve()); c.kill('SIGKILL'); });
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>(resolve => { c.once('exit', () => resolve()); c.kill('SIGTERM'); });
    },
  };
  return proc;
}
