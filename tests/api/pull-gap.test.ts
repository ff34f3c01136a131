import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { tableOf } from '../../server/db/tables';
import { items } from '../../src/domain/resources/items/items';
import { freshDatabase, type TestDatabase } from './test-database';

/**
 * The pull never skips a row (DESIGN §6; docs/decisions.md, "The pull horizon"): a transaction that took a change number and commits after a
 * later one was pulled must still reach the puller. On PostgreSQL the two transactions overlap for real: one is held
 * open on its own connection while the API commits another and a client pulls in between. On PGlite, which runs one
 * transaction at a time, the API waits for the held one; the rows must arrive all the same.
 */
let tdb: TestDatabase;
let app: FastifyInstance;
let base = '';
let session = '';

interface Pull { rows: { code: string; rev: number }[]; cursor: number; more: boolean }

async function call(method: 'GET' | 'POST', path: string, params: Record<string, string | number>): Promise<Record<string, unknown>> {
  const q = new URLSearchParams(Object.entries({ ios: 1, ...params }).map(([k, v]) => [k, String(v)]));
  const res = method === 'GET'
    ? await fetch(`${base}${path}?${q}`, { headers: { authorization: session } })
    : await fetch(`${base}${path}`, { method, body: q, headers: { authorization: session, 'content-type': 'application/x-www-form-urlencoded' } });
  const body = await res.json() as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
const pull = (since: number) => call('GET', '/sync/pull/', { table: 'items', since, limit: 20_000 }) as unknown as Promise<Pull>;

/** Pulls until nothing more is waiting; returns every code seen and the last cursor. */
async function drain(since: number): Promise<{ codes: string[]; cursor: number }> {
  const codes: string[] = [];
  let cursor = since;
  for (;;) {
    const r = await pull(cursor);
    codes.push(...r.rows.map(x => x.code));
    cursor = r.cursor;
    if (!r.more) return { codes, cursor };
  }
}

beforeAll(async () => {
  tdb = await freshDatabase('gap', { seeded: true });
  app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  session = (await call('POST', '/accounts/login/', { username: 'admin', password: 'admin123' })).sessionid as string;
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('pull across overlapping transactions', () => {
  it('serves a row whose transaction commits after a later change was pulled', async () => {
    const start = await drain(0);
    const mark = `GAP${Date.now().toString(36).toUpperCase()}`;

    // Transaction A takes a change number and stays open.
    let release!: () => void;
    const held = new Promise<void>(r => { release = r; });
    let inserted!: () => void;
    const insertedA = new Promise<void>(r => { inserted = r; });
    let revA = 0;
    const t = tableOf(items);
    const a = tdb.database.db.transaction(async tx => {
      const [row] = await tx.insert(t).values({ code: `${mark}-A`, name: 'held', active: true }).returning();
      revA = Number((row as { rev: number }).rev);
      inserted();
      await held;
    });
    await insertedA;

    // Meanwhile B is saved through the API (a later change number, committed first) and a client pulls.
    const saveB = call('POST', '/items/save/', { code: `${mark}-B`, name: 'committed first' });
    const pullDuring = saveB.then(() => pull(start.cursor));
    let seen: string[];
    let cursor: number;
    if (tdb.engine === 'postgres') {
      const during = await pullDuring;
      seen = during.rows.map(r => r.code);
      cursor = during.cursor;
      // B has committed, but A, with a lower change number, may still commit: neither B nor the cursor passes A.
      expect(seen).not.toContain(`${mark}-B`);
      expect(cursor).toBeLessThan(revA);
      release();
      await a;
    } else {
      // PGlite: the API waits for A; the pull after B then sees both.
      release();
      await a;
      const during = await pullDuring;
      seen = during.rows.map(r => r.code);
      cursor = during.cursor;
    }
    const after = await drain(cursor);
    const all = [...seen, ...after.codes];
    expect(all).toContain(`${mark}-A`);
    expect(all).toContain(`${mark}-B`);
  });

  it('moves the cursor past changes of other tables, so an idle table is not read again', async () => {
    const first = await drain(0);
    await call('POST', '/customers/save/', { name: `cursor-${Date.now()}` });
    const next = await pull(first.cursor);
    expect(next.rows).toEqual([]);
    expect(next.cursor).toBeGreaterThan(first.cursor);
  });
});
