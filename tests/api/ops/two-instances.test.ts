import { afterAll, describe, expect, it } from 'vitest';
import {
  call, freshPgDatabase, killAll, loginAt, onPostgres, startServer, type ChildServer,
} from './child-server';

/**
 * Two servers on one PostgreSQL (issue 16 §6, DESIGN §9): separate processes sharing nothing but the database. They
 * start together on a fresh database and migrate and seed it once; a login, a logout and the login limit hold across
 * both; what one saves, the other's offline pull serves, every row exactly once, while both write.
 * PGlite belongs to one process, so on PGlite there is nothing to test.
 */
afterAll(killAll);

describe.skipIf(!onPostgres())('two instances on one PostgreSQL (PostgreSQL only: a PGlite folder belongs to one process)', () => {
  it('share migrations, sessions, the login limit and the change feed', async () => {
    const pgdb = await freshPgDatabase('two');
    const servers: ChildServer[] = [];
    try {
      servers.push(...await Promise.all([startServer({ DATABASE_URL: pgdb.url }), startServer({ DATABASE_URL: pgdb.url })]));
      const [a, b] = servers as [ChildServer, ChildServer];

      // Migrations and the first-start seed ran in exactly one of the two.
      const migrated = servers.map(s => s.lines.find(l => l.msg === 'migrations applied'));
      expect(migrated.filter(Boolean)).toHaveLength(1);
      expect(servers.map(s => s.lines.some(l => l.msg === 'migrations: none to apply')).filter(Boolean)).toHaveLength(1);
      expect(servers.map(s => s.lines.some(l => l.msg === 'demo data seeded')).filter(Boolean)).toHaveLength(1);

      // A login on one works on the other; a logout on the other ends it on both.
      const session = await loginAt(a.base);
      expect((await call(b.base, 'GET', '/accounts/info/', {}, session)).body).toMatchObject({ username: 'admin' });
      expect((await call(b.base, 'POST', '/accounts/logout/', {}, session)).status).toBe(200);
      const revoked = await call(a.base, 'GET', '/accounts/info/', {}, session);
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe(50012);

      // Five wrong passwords spread over both servers use up the user's limit on both.
      for (const s of [a, b, a, b, a]) {
        expect((await call(s.base, 'POST', '/accounts/login/', { username: 'finance', password: 'wrong' })).status).toBe(400);
      }
      for (const s of [b, a]) {
        expect((await call(s.base, 'POST', '/accounts/login/', { username: 'finance', password: 'fin123' })).status).toBe(429);
      }

      // Both save at once; a device pulling from b gets every row of both, once.
      const [sa, sb] = [await loginAt(a.base), await loginAt(b.base)];
      const pull = async (since: number) => {
        const r = await call(b.base, 'GET', '/sync/pull/', { table: 'warehouses', since: String(since), limit: '7' }, sb);
        expect(r.status).toBe(200);
        return r.body as { rows: { code: string }[]; cursor: number; more: boolean };
      };
      let cursor = 0;
      for (let more = true; more;) ({ cursor, more } = await pull(cursor));
      const before = cursor;

      const mark = `TWO${Date.now().toString(36)}`;
      const saved: string[] = [];
      let seq = 0;
      const writer = async (s: ChildServer, session: string) => {
        for (let i = 0; i < 10; i++) {
          const code = `${mark}-${++seq}`;
          const r = await call(s.base, 'POST', '/warehouses/save/', { code, name: code, kind: 'material' }, session);
          expect(r.status).toBe(200);
          saved.push(code);
        }
      };
      const seen: string[] = [];
      let writing = true;
      const puller = (async () => {
        for (;;) {
          const last = !writing;
          let page;
          do {
            page = await pull(cursor);
            seen.push(...page.rows.map(r => r.code).filter(c => c.startsWith(mark)));
            cursor = page.cursor;
          } while (page.more);
          if (last) return;
        }
      })();
      await Promise.all([writer(a, sa), writer(b, sb), writer(a, sa), writer(b, sb)]);
      writing = false;
      await puller;
      expect(saved).toHaveLength(40);
      // Pulled while both were writing, following the cursor: every saved row, none twice — a row that committed late
      // under a lower change number is still served (the pull horizon, DESIGN §6).
      expect([...seen].sort()).toEqual([...saved].sort());
      expect(new Set(seen).size).toBe(seen.length);
      for (const code of seen) expect(saved).toContain(code);
      // Pulled again from where the device stood before the writes, in pages: every row of both servers, once.
      const again: string[] = [];
      cursor = before;
      for (let more = true; more;) {
        const page = await pull(cursor);
        again.push(...page.rows.map(r => r.code).filter(c => c.startsWith(mark)));
        ({ cursor, more } = page);
      }
      expect([...again].sort()).toEqual([...saved].sort());

      for (const s of servers) expect(await s.stop()).toEqual({ code: 0, signal: null });
    } finally {
      killAll();
      await pgdb.drop();
    }
  }, 600_000);
});
