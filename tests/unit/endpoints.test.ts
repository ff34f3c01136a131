import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/domain/contract/endpoint';
import { genericEndpoints } from '../../src/domain/contract/endpoints/generic';
import { RESOURCES } from '../../src/domain/resources/all';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/connection';

/**
 * One declaration per endpoint (DESIGN §4, issue 28): every route the server serves comes from a declaration in
 * src/domain/contract/endpoints (a stray `app.get` fails the server's start: server/http/endpoint-route.ts
 * `declaredRoutesOnly`), and every declaration is served exactly once. Building the app registers its routes without
 * touching the database, so none is needed here.
 */

/** Every declaration exported by the files of src/domain/contract/endpoints: one, a list, or a family per key. */
function declared(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/domain/contract/endpoints/*.ts', { eager: true });
  const out = new Set<Endpoint>();
  const isEndpoint = (v: unknown): v is Endpoint =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'params' in v && 'access' in v;
  const collect = (v: unknown): void => {
    if (isEndpoint(v)) out.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (typeof v === 'object' && v !== null && !('safeParse' in v)) Object.values(v).forEach(collect);
  };
  for (const [file, mod] of Object.entries(modules)) if (!file.endsWith('.test.ts')) Object.values(mod).forEach(collect);
  for (const res of RESOURCES) {
    const g = genericEndpoints(res);
    [...g.lists, ...g.listPosts, g.detail, g.save, g.remove, g.import].forEach(e => out.add(e));
  }
  return [...out];
}

const key = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

describe('endpoints', () => {
  it('serves every declared endpoint exactly once, and nothing that is not declared', async () => {
    const app = await buildApp({ db: {} as Db, serversFile: '/nonexistent' });
    try {
      const served = app.servedEndpoints;
      const all = declared();
      expect(all.length).toBeGreaterThan(100);
      const count = new Map<Endpoint, number>();
      for (const e of served) count.set(e, (count.get(e) ?? 0) + 1);
      expect(all.filter(e => count.get(e) !== 1).map(key)).toEqual([]);
      // A route from a declaration that is not among the declarations (made on the fly in a route file).
      const known = new Set(all);
      expect(served.filter(e => !known.has(e)).map(key)).toEqual([]);
      // No two declarations share a method and path.
      const keys = all.map(key);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to start with a route registered without its declaration', async () => {
    const Fastify = (await import('fastify')).default;
    const { declaredRoutesOnly } = await import('../../server/http/endpoint-route');
    const app = Fastify();
    declaredRoutesOnly(app);
    expect(() => app.get('/stray/', async () => ({ msg: 'OK' })))
      .toThrow(/GET \/stray\/: a route is registered from its declared endpoint/);
    await app.close();
  });

  it('every API path ends in / and every declaration states its access', () => {
    // The demo module's paths are the mock's (spec §7: `/prod-api/article/list`, decision 285), without the `/`.
    const odd = declared().filter(e => !e.path.endsWith('/') && !['/healthz', '/readyz'].includes(e.path)
      && !e.path.startsWith('/prod-api/'));
    expect(odd.map(key)).toEqual([]);
    for (const e of declared()) expect(e.access).toBeDefined();
  });
});
