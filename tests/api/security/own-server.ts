import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type AppOptions } from '../../../server/app';
import { rows, type Db } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { hashPassword } from '../../../server/lib/secrets';
import { freshDatabase, type TestDatabase } from '../test-database';

/**
 * A server of its own for a test file that needs settings the shared server does not have (a short idle time, a small
 * upload quota) or must reach into the database (move a login's last activity into the past). A fresh database,
 * migrated, with one administrator and nothing else; the file adds what it needs through the API.
 */
export interface OwnServer {
  url: string;
  db: Db;
  /** Logs in and returns the session id and token. */
  login(username: string, password: string, headers?: Record<string, string>): Promise<{ session: string; token: string }>;
  close(): Promise<void>;
}

export const OWN_ADMIN = { username: 'root', password: 'root-pass-1' };

export async function startOwnServer(label: string, opts: Partial<Omit<AppOptions, 'db'>> = {}): Promise<OwnServer> {
  const tdb: TestDatabase = await freshDatabase(label);
  await migrate(tdb.database);
  const db = tdb.database.db;
  const [role] = await rows<{ id: number }>(db, sql`
    insert into roles (code, name, is_admin, rev) values ('admin', 'Admin', true, 1) returning id`);
  await rows(db, sql`insert into accounts (username, name, password, role_ids, active, rev)
    values (${OWN_ADMIN.username}, 'Root', ${await hashPassword(OWN_ADMIN.password)}, array[${role!.id}]::integer[], true, 1)`);
  const serversFile = join(tmpdir(), `ipos-own-servers-${process.pid}-${label}.json`);
  await writeFile(serversFile, '[]');
  const app: FastifyInstance = await buildApp({ db, serversFile, trustProxy: true, ...opts });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url, db,
    async login(username, password, headers = {}) {
      const r = await fetch(`${url}/accounts/login/`, {
        method: 'POST', body: new URLSearchParams({ username, password }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      const body = await r.json() as { sessionid?: string; token?: string };
      if (r.status !== 200 || !body.sessionid || !body.token) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(body)}`);
      return { session: body.sessionid, token: body.token };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}

/** A form post to an own server (the API contract: form fields, structured values as JSON text). */
export async function postTo(url: string, path: string, values: Record<string, unknown>, session?: string,
  headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const r = await fetch(`${url}${path}`, {
    method: 'POST', body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { authorization: session } : {}), ...headers },
  });
  const text = await r.text();
  let body: Record<string, unknown>;
  try { body = JSON.parse(text) as Record<string, unknown>; } catch { body = { raw: text }; }
  return { status: r.status, body, headers: r.headers };
}
