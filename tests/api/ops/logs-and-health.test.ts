import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { rows } from '../../../server/db/connection';
import { runDailyBackup } from '../../../server/ops/backup-schedule';
import { freshDatabase, type TestDatabase } from '../test-database';
import { call, loginAt, type LogLine } from './child-server';

/**
 * The server's log, its probes and its root page (issues 16 §3–4, 15 §10), on a server of its own whose JSON log
 * lines this file reads: a request id on every line, in the reply header and in every error body; the caller's
 * account and device; no secret in any line; a 5xx logged once with its stack under the id the client saw.
 */
let tdb: TestDatabase;
let app: FastifyInstance;
let base = '';
let stopping = false;
const lines: LogLine[] = [];
const raw: string[] = [];
const work = join(tmpdir(), `ipos-logs-${process.pid}-${Date.now().toString(36)}`);

beforeAll(async () => {
  tdb = await freshDatabase('logs', { seeded: true });
  await mkdir(join(work, 'web'), { recursive: true });
  await writeFile(join(work, 'web', 'index.html'), '<!doctype html><title>IPOS</title>');
  await writeFile(join(work, 'servers.json'), '[]');
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(text);
        lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
  app = await buildApp({
    db: tdb.database.db, serversFile: join(work, 'servers.json'), webRoot: join(work, 'web'),
    logger: { level: 'info', stream }, stopping: () => stopping,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
  await rm(work, { recursive: true, force: true });
});

const linesOf = (requestId: string) => lines.filter(l => l.request_id === requestId);

describe('/healthz and /readyz', () => {
  it('answer without a login and say nothing but OK', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const r = await call(base, 'GET', path);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ msg: 'OK' });
    }
  });

  it('/readyz answers 503 while a migration is missing and while the server stops', async () => {
    await tdb.database.db.execute(sql`delete from _migrations where name = '0006_backup_runs.sql'`);
    try {
      const r = await call(base, 'GET', '/readyz', { lang: 'en' });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ reason: 'migrations', msg: expect.stringMatching(/not ready/) });
      expect(r.headers.get('retry-after')).toBe('5');
    } finally {
      await tdb.database.db.execute(sql`insert into _migrations (name) values ('0006_backup_runs.sql')`);
    }
    expect((await call(base, 'GET', '/readyz')).status).toBe(200);
    stopping = true;
    try {
      const r = await call(base, 'GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.reason).toBe('stopping');
      expect(r.headers.get('connection')).toBe('close');
    } finally {
      stopping = false;
    }
  });
});

describe('request ids and log lines', () => {
  it('puts one id in the header, the error body and every log line of the request', async () => {
    for (const [method, path] of [['GET', '/accounts/info/'], ['GET', '/no/such/api/'], ['POST', '/customers/save/']] as const) {
      const session = path === '/customers/save/' ? await loginAt(base) : undefined;
      const r = await call(base, method, path, {}, session);
      expect(r.status).toBeGreaterThanOrEqual(400);
      const id = r.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body.request_id).toBe(id);
      const mine = linesOf(id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.at(-1)).toMatchObject({ msg: 'request', status: r.status, req: { method, url: expect.stringContaining(path) } });
    }
    const ok = await call(base, 'GET', '/healthz');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.body).not.toHaveProperty('request_id');
  });

  it('names the account and the device once the caller is known', async () => {
    const login = await call(base, 'POST', '/accounts/login/', { username: 'operator', password: 'oper123', client: 'KIOSK-OPS-1' });
    expect(login.status).toBe(200);
    const [me] = await rows<{ id: number }>(tdb.database.db, sql`select id from accounts where username = 'operator'`);
    const r = await call(base, 'GET', '/accounts/info/', {}, login.body.sessionid as string);
    expect(r.status).toBe(200);
    expect(linesOf(r.headers.get('x-request-id')!).at(-1)).toMatchObject({ user_id: me!.id, device: 'KIOSK-OPS-1', status: 200 });
  });

  it('never writes a password, token, session id or badge number', async () => {
    const login = await call(base, 'POST', '/accounts/login/', { username: 'admin', password: 'admin123' });
    const sessionid = login.body.sessionid as string;
    const token = login.body.token as string;
    const filter = [{ field: 'card_no', op: 'eq', value: '99887766' }];
    const r = await call(base, 'GET', '/persons/list/', { filter, sessionid, token, password: 'admin123' }, sessionid);
    expect(r.status).toBeLessThan(500);
    const mine = linesOf(r.headers.get('x-request-id')!);
    expect(mine.at(-1)!.req).toMatchObject({ url: expect.stringContaining('%5BRedacted%5D') });
    const all = raw.join('\n');
    for (const secret of ['admin123', sessionid, token, '99887766']) expect(all).not.toContain(secret);
  });
});

describe('the root and deep links (issue 15 §10)', () => {
  const fetchAs = (path: string, accept?: string, method = 'GET') =>
    fetch(`${base}${path}`, { method, headers: accept ? { accept } : {} });

  it('serve the app to a client that does not ask for JSON, and the envelope to API calls', async () => {
    for (const [path, accept] of [['/', '*/*'], ['/', undefined], ['/', 'text/html'], ['/customers/list', '*/*']] as const) {
      const r = await fetchAs(path, accept);
      expect(r.status, `${path} ${accept}`).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect((await fetchAs('/', undefined, 'HEAD')).status).toBe(200);
    for (const [path, accept, method] of [['/', 'application/json', 'GET'], ['/no/such/api/', '*/*', 'GET'], ['/', '*/*', 'POST']] as const) {
      const r = await fetchAs(path, accept, method);
      expect(r.status, `${method} ${path} ${accept}`).toBe(404);
      expect(await r.json()).toMatchObject({ msg: expect.any(String), request_id: expect.any(String) });
    }
  });
});

describe('the daily backup', () => {
  it('is taken once per day, however many servers run the schedule, and keeps BACKUP_KEEP archives', async () => {
    const dir = join(work, 'backups');
    const settings = { dir, keep: 2, dailyAt: { hour: 3, minute: 0 } };
    await Promise.all([runDailyBackup(tdb.database, settings, '2030-01-01', app.log), runDailyBackup(tdb.database, settings, '2030-01-01', app.log)]);
    expect(await readdir(dir)).toHaveLength(1);
    const [run] = await rows<{ file: string; bytes: string; finished_at: Date | null; error: string | null }>(tdb.database.db,
      sql`select file, bytes, finished_at, error from backup_runs where day = '2030-01-01'`);
    expect(run).toMatchObject({ error: null, finished_at: expect.anything() });
    expect(Number(run!.bytes)).toBeGreaterThan(1000);
    await runDailyBackup(tdb.database, settings, '2030-01-02', app.log);
    await runDailyBackup(tdb.database, settings, '2030-01-03', app.log);
    const left = (await readdir(dir)).sort();
    expect(left).toHaveLength(2);
    expect(join(dir, left[1]!)).toBe((await rows<{ file: string }>(tdb.database.db,
      sql`select file from backup_runs where day = '2030-01-03'`))[0]!.file);
  }, 120_000);
});

describe('a fault of ours (5xx)', () => {
  it('is logged once, with its stack and without the query parameters, under the id the client got', async () => {
    // A real database fault: the table the login limit counts in is gone for a moment.
    await tdb.database.db.execute(sql`alter table login_failures rename to login_failures_gone`);
    let r: Awaited<ReturnType<typeof call>>;
    try {
      r = await call(base, 'POST', '/accounts/login/', { username: 'Secretname', password: 'wrong-pass' });
    } finally {
      await tdb.database.db.execute(sql`alter table login_failures_gone rename to login_failures`);
    }
    expect(r.status).toBe(500);
    const id = r.body.request_id as string;
    expect(id).toBe(r.headers.get('x-request-id'));
    const withStack = lines.filter(l => (l.err as { stack?: string } | undefined)?.stack);
    const mine = withStack.filter(l => l.request_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 50, err: { stack: expect.stringContaining('login_failures') } });
    expect(JSON.stringify(mine[0])).not.toMatch(/secretname/i);
    expect(JSON.stringify(mine[0])).toContain('[Redacted]');
  });
});
