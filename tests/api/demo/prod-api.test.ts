import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericEndpoints } from '../../../src/domain/contract/endpoints/generic';
import { RESOURCES } from '../../../src/domain/resources/all';
import { buildApp } from '../../../server/app';
import { migrate } from '../../../server/db/migrate';
import { baseUrl, DEMO, get, login } from '../client';
import { freshDatabase, type TestDatabase } from '../test-database';

/**
 * The demo module (`/prod-api`, spec §7, docs/sales-office.md §6, decisions 285–287): every call at both of its
 * addresses answers the mock's exact body at HTTP 200; IPOS's refusals (no session, not an admin, bad input, an
 * unknown article) keep IPOS's envelope; config `demo_module` off makes every path an unknown one; and none of its
 * rows reaches a business list. Reads run first: the writes at the end add their own rows (unique titles), so the
 * seeded 100 articles are counted before anything is added.
 */

const PREFIXES = ['/prod-api/vue-element-admin/', '/prod-api/'] as const;
const ARTICLE_KEYS = ['id', 'timestamp', 'author', 'reviewer', 'title', 'content_short', 'content', 'forecast', 'importance',
  'type', 'status', 'display_time', 'comment_disabled', 'pageviews', 'image_uri', 'platforms'].sort();

interface Answer { status: number; body: Record<string, unknown> }
interface Article { id: number; importance: number; type: string; title: string; [k: string]: unknown }

type Body = { json: Record<string, unknown> } | { form: Record<string, string> };

/** A call of the module: any method, a query, and a JSON or form body. */
async function call(method: string, path: string, o: { session?: string; query?: Record<string, string | number>; body?: Body; lang?: string } = {}): Promise<Answer> {
  const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.session) headers.authorization = o.session;
  if (o.lang) headers['accept-language'] = o.lang;
  let body: string | undefined;
  if (o.body && 'json' in o.body) { body = JSON.stringify(o.body.json); headers['content-type'] = 'application/json'; }
  if (o.body && 'form' in o.body) { body = new URLSearchParams(o.body.form).toString(); headers['content-type'] = 'application/x-www-form-urlencoded'; }
  const res = await fetch(`${baseUrl()}${path}${qs}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
}

let admin = '';
let sales = '';
beforeAll(async () => {
  admin = (await login(...DEMO.admin)).session;
  sales = (await login(...DEMO.sales)).session;
});

const list = (prefix: string, query: Record<string, string | number> = {}) => call('GET', `${prefix}article/list`, { session: admin, query });
const items = (a: Answer) => (a.body.data as { items: Article[] }).items;
const total = (a: Answer) => (a.body.data as { total: number }).total;

async function allSeeded(): Promise<Article[]> {
  const r = await list('/prod-api/', { limit: 100 });
  expect(r.status).toBe(200);
  return items(r);
}

describe('the demo module: the mock\'s calls', () => {
  it('logs the demo users in by name, tells who a token is and logs out, at both addresses', async () => {
    for (const p of PREFIXES) {
      expect((await call('POST', `${p}user/login`, { session: admin, body: { json: { username: 'admin', password: '111111' } } })).body)
        .toEqual({ code: 20000, data: { token: 'admin-token' } });
      expect((await call('POST', `${p}user/login`, { session: admin, body: { form: { username: 'editor', password: '111111' } } })))
        .toEqual({ status: 200, body: { code: 20000, data: { token: 'editor-token' } } });
      expect(await call('POST', `${p}user/login`, { session: admin, body: { json: { username: 'nobody', password: 'x' } } }))
        .toEqual({ status: 200, body: { code: 60204, message: 'Account and password are incorrect.' } });

      const info = await call('GET', `${p}user/info`, { session: admin, query: { token: 'admin-token' } });
      expect(info.status).toBe(200);
      expect(info.body).toEqual({ code: 20000, data: { roles: ['admin'], introduction: 'I am a super administrator',
        avatar: expect.stringMatching(/^\/[^/]/) as unknown, name: 'Super Admin' } });
      expect(((await call('GET', `${p}user/info`, { session: admin, query: { token: 'editor-token' } })).body.data as { roles: string[] }).roles)
        .toEqual(['editor']);
      expect(await call('GET', `${p}user/info`, { session: admin, query: { token: 'no-such-token' } }))
        .toEqual({ status: 200, body: { code: 50008, message: 'Login failed, unable to get user details.' } });
      expect(await call('POST', `${p}user/logout`, { session: admin })).toEqual({ status: 200, body: { code: 20000, data: 'success' } });
    }
  });

  it('lists the 100 seeded articles 20 a page by id, each of spec §3\'s shape, the same at both addresses', async () => {
    for (const p of PREFIXES) {
      const r = await list(p);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(20000);
      expect(total(r)).toBe(100);
      expect(items(r).map(a => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      for (const a of items(r)) {
        expect(Object.keys(a).sort()).toEqual(ARTICLE_KEYS);
        expect(a).toMatchObject({ comment_disabled: true, content_short: 'mock data', platforms: ['a-platform'] });
        expect(a.importance).toBeGreaterThanOrEqual(1);
        expect(a.importance).toBeLessThanOrEqual(3);
        expect(['CN', 'US', 'JP', 'EU']).toContain(a.type);
        expect(['published', 'draft']).toContain(a.status);
        expect(a.forecast as number).toBeGreaterThanOrEqual(0);
        expect(a.forecast as number).toBeLessThanOrEqual(100);
        expect(a.pageviews as number).toBeGreaterThanOrEqual(300);
        expect(a.pageviews as number).toBeLessThanOrEqual(5000);
        expect(typeof a.timestamp).toBe('number');
        expect(a.display_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(a.image_uri).toMatch(/^\/[^/]/);
      }
    }
    expect((await list(PREFIXES[0])).body).toEqual((await list(PREFIXES[1])).body);
  });

  it('filters by importance, type and title, sorts by -id and pages after filtering', async () => {
    const all = await allSeeded();
    expect(all).toHaveLength(100);

    const desc = await list('/prod-api/', { sort: '-id', limit: 5 });
    expect(items(desc).map(a => a.id)).toEqual([100, 99, 98, 97, 96]);
    expect(items(await list('/prod-api/', { sort: '+id', limit: 3 })).map(a => a.id)).toEqual([1, 2, 3]);

    const page3 = await list('/prod-api/vue-element-admin/', { page: 3, limit: 30 });
    expect(total(page3)).toBe(100);
    expect(items(page3).map(a => a.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 61));
    expect(items(await list('/prod-api/', { page: 6 }))).toEqual([]);

    const importance2 = all.filter(a => a.importance === 2);
    const r2 = await list('/prod-api/', { importance: 2, limit: 100 });
    expect(total(r2)).toBe(importance2.length);
    expect(items(r2).map(a => a.id)).toEqual(importance2.map(a => a.id));

    const jp = all.filter(a => a.type === 'JP');
    const rjp = await list('/prod-api/vue-element-admin/', { type: 'JP', sort: '-id', limit: 100 });
    expect(items(rjp).map(a => a.id)).toEqual(jp.map(a => a.id).reverse());

    // A word of the first article's title, as typed (the mock's indexOf is case-sensitive), with importance and paging.
    const word = all[0]!.title.split(' ')[1]!;
    const both = all.filter(a => a.title.includes(word) && a.importance === all[0]!.importance);
    const rt = await list('/prod-api/', { title: word, importance: all[0]!.importance, limit: 2, page: 1 });
    expect(total(rt)).toBe(both.length);
    expect(items(rt).map(a => a.id)).toEqual(both.slice(0, 2).map(a => a.id));
    expect(total(await list('/prod-api/', { title: word.toLowerCase() + 'zz' }))).toBe(0);
  });

  it('answers an article\'s detail, and 404 in IPOS\'s envelope for an unknown one', async () => {
    const all = await allSeeded();
    for (const p of PREFIXES) {
      expect(await call('GET', `${p}article/detail`, { session: admin, query: { id: 7 } }))
        .toEqual({ status: 200, body: { code: 20000, data: all[6] } });
      expect(await call('GET', `${p}article/detail`, { session: admin, query: { id: 99999 }, lang: 'en' }))
        .toEqual({ status: 404, body: { msg: 'No such sample article', request_id: expect.any(String) as unknown } });
    }
  });

  it('answers the page views, the routes, the roles, the name search and the transactions', async () => {
    for (const p of PREFIXES) {
      expect(await call('GET', `${p}article/pv`, { session: admin })).toEqual({ status: 200, body: { code: 20000, data: { pvData: [
        { key: 'PC', pv: 1024 }, { key: 'mobile', pv: 1024 }, { key: 'ios', pv: 1024 }, { key: 'android', pv: 1024 }] } } });

      const routes = await call('GET', `${p}routes`, { session: admin });
      expect(routes.status).toBe(200);
      expect(routes.body.code).toBe(20000);
      const tree = routes.body.data as { path: string; children?: unknown[] }[];
      expect(tree.map(r => r.path)).toEqual(expect.arrayContaining(['/permission', '/example', '/table', '']));

      const roles = await call('GET', `${p}roles`, { session: admin });
      expect(roles.body.code).toBe(20000);
      const seeded = (roles.body.data as { key: string; name: string; description: string; routes: unknown[] }[]).slice(0, 3);
      expect(seeded.map(r => r.key)).toEqual(['admin', 'editor', 'visitor']);
      for (const r of seeded) expect(Object.keys(r).sort()).toEqual(['description', 'key', 'name', 'routes']);
      expect(seeded[0]!.routes).toEqual(tree);
      // The editor's tree leaves out what only the admin may see; the visitor sees the home page and the documentation.
      expect(JSON.stringify(seeded[1]!.routes)).not.toContain('PagePermission');
      expect(JSON.stringify(seeded[1]!.routes)).toContain('DirectivePermission');
      expect((seeded[2]!.routes as { path: string }[]).map(r => r.path)).toEqual(['', '/documentation']);

      const pan = await call('GET', `${p}search/user`, { session: admin, query: { name: 'PAN' } });
      expect(pan.status).toBe(200);
      expect(pan.body).toEqual({ code: 20000, data: { items: expect.arrayContaining([{ name: 'mock-Pan' }]) as unknown } });
      for (const n of (pan.body.data as { items: { name: string }[] }).items) expect(n.name.toLowerCase()).toContain('pan');
      expect((await call('GET', `${p}search/user`, { session: admin, query: { name: 'qqxxzz' } })).body)
        .toEqual({ code: 20000, data: { items: [] } });
      expect(((await call('GET', `${p}search/user`, { session: admin })).body.data as { items: unknown[] }).items.length).toBeGreaterThan(10);

      const tx = await call('GET', `${p}transaction/list`, { session: admin });
      expect(tx.status).toBe(200);
      const data = tx.body.data as { total: number; items: Record<string, unknown>[] };
      expect(tx.body.code).toBe(20000);
      expect(data.total).toBe(20);
      expect(data.items).toHaveLength(20);
      for (const t of data.items) {
        expect(Object.keys(t).sort()).toEqual(['order_no', 'price', 'status', 'timestamp', 'username']);
        expect(t.order_no).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(['success', 'pending']).toContain(t.status);
        expect(t.price as number).toBeGreaterThanOrEqual(1000);
        expect(t.price as number).toBeLessThanOrEqual(15000);
      }
    }
  });
});

describe('the demo module: refusals in IPOS\'s envelope', () => {
  it('asks for a session (401) before anything, read or write', async () => {
    for (const [method, path] of [['GET', '/prod-api/article/list'], ['GET', '/prod-api/vue-element-admin/user/info'],
      ['POST', '/prod-api/article/create'], ['DELETE', '/prod-api/role/admin']] as const) {
      const r = await call(method, path, { lang: 'en' });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toMatchObject({ msg: expect.any(String) as unknown, needlogin: 1 });
      expect(r.body.code).toBeUndefined();
    }
  });

  it('refuses a write by a caller who is not an admin (403) and writes nothing', async () => {
    const title = `Sales write ${Date.now()}`;
    const refused = [
      await call('POST', '/prod-api/article/create', { session: sales, body: { json: { title } }, lang: 'en' }),
      await call('POST', '/prod-api/vue-element-admin/article/update', { session: sales, body: { json: { id: 1, title } } }),
      await call('POST', '/prod-api/role', { session: sales, body: { json: { name: title } } }),
      await call('PUT', '/prod-api/role/editor', { session: sales, body: { json: { name: title } } }),
      await call('DELETE', '/prod-api/vue-element-admin/role/visitor', { session: sales }),
    ];
    for (const r of refused) expect(r).toMatchObject({ status: 403, body: { msg: expect.any(String) as unknown } });
    expect(refused[0]!.body.msg).toBe('Permission denied');
    // Reading is any session's.
    expect((await call('GET', '/prod-api/article/list', { session: sales })).body.code).toBe(20000);
    expect(total(await list('/prod-api/', { title }))).toBe(0);
    const roles = (await call('GET', '/prod-api/roles', { session: admin })).body.data as { key: string; name: string }[];
    expect(roles.find(r => r.key === 'editor')?.name).toBe('editor');
    expect(roles.some(r => r.key === 'visitor')).toBe(true);
    expect(roles.some(r => r.name === title)).toBe(false);
  });

  it('refuses bad input with 400 and its reason: importance not 1–3, limit above 100, a page that is no number', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ importance: 4 }, 'Importance must be 1, 2 or 3'],
      [{ importance: 'high' }, 'Importance must be 1, 2 or 3'],
      [{ limit: 101 }, 'The page size must be a whole number from 1 to 100'],
      [{ limit: 0 }, 'The page size must be a whole number from 1 to 100'],
      [{ page: 'abc' }, 'The page must be a whole number from 1'],
      [{ page: 0 }, 'The page must be a whole number from 1'],
    ];
    for (const p of PREFIXES) {
      for (const [query, msg] of cases) {
        const r = await call('GET', `${p}article/list`, { session: admin, query, lang: 'en' });
        expect(r, JSON.stringify(query)).toEqual({ status: 400, body: { msg, request_id: expect.any(String) as unknown } });
      }
    }
    // In the caller's language.
    expect((await call('GET', '/prod-api/article/list', { session: admin, query: { importance: 9 }, lang: 'zh' })).body.msg)
      .toBe('重要性须为 1、2 或 3');
    const title = `Bad write ${Date.now()}`;
    const badWrites = [
      await call('POST', '/prod-api/article/create', { session: admin, body: { json: { title, importance: 5 } }, lang: 'en' }),
      await call('POST', '/prod-api/article/create', { session: admin, body: { form: { title, type: 'XX' } }, lang: 'en' }),
      await call('POST', '/prod-api/article/create', { session: admin, body: { json: { title, image_uri: 'https://example.com/a.png' } }, lang: 'en' }),
      await call('POST', '/prod-api/article/create', { session: admin, body: { json: { importance: 2 } }, lang: 'en' }),
      await call('POST', '/prod-api/article/update', { session: admin, body: { json: { id: 1, forecast: 101 } }, lang: 'en' }),
      await call('POST', '/prod-api/role', { session: admin, body: { json: { name: '' } }, lang: 'en' }),
      await call('POST', '/prod-api/role', { session: admin, body: { form: { name: title, routes: '{not json' } }, lang: 'en' }),
    ];
    expect(badWrites.map(r => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(badWrites.map(r => r.body.msg)).toEqual(['Importance must be 1, 2 or 3', 'The type must be CN, US, JP or EU',
      'The image must be a path on this site (starting with /)', 'Enter a title (at most 200 characters)',
      'The forecast must be between 0 and 100, with at most two decimals', 'Enter the role\'s name (at most 100 characters)',
      expect.any(String)]);
    expect(total(await list('/prod-api/', { title }))).toBe(0);
  });
});

describe('the demo module: an admin\'s writes', () => {
  it('creates and updates articles from JSON and from a form', async () => {
    const stamp = Date.now();
    const jsonTitle = `Demo JSON ${stamp}`;
    const formTitle = `Demo form ${stamp}`;
    expect(await call('POST', '/prod-api/article/create', { session: admin, body: { json: {
      title: jsonTitle, importance: 3, type: 'EU', status: 'published', timestamp: '2026-01-02T03:04:05.000Z', platforms: ['a-platform', 'b-platform'],
      remark: 'ignored', id: 5 } } })).toEqual({ status: 200, body: { code: 20000, data: 'success' } });
    expect(await call('POST', '/prod-api/vue-element-admin/article/create', { session: admin, body: { form: {
      title: formTitle, importance: '2', type: 'JP', forecast: '12.5', comment_disabled: 'false' } } }))
      .toEqual({ status: 200, body: { code: 20000, data: 'success' } });

    const [made] = items(await list('/prod-api/', { title: jsonTitle }));
    expect(made).toMatchObject({ title: jsonTitle, importance: 3, type: 'EU', status: 'published', timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
      display_time: '2026-01-02 03:04:05', platforms: ['a-platform', 'b-platform'], image_uri: expect.stringMatching(/^\/[^/]/) as unknown });
    expect(made!.id).toBeGreaterThan(100);
    const [fromForm] = items(await list('/prod-api/', { title: formTitle }));
    expect(fromForm).toMatchObject({ importance: 2, type: 'JP', forecast: 12.5, comment_disabled: false, status: 'draft' });

    expect(await call('POST', '/prod-api/article/update', { session: admin, body: { json: { ...made, importance: 1, title: `${jsonTitle} v2` } } }))
      .toEqual({ status: 200, body: { code: 20000, data: 'success' } });
    expect(await call('POST', '/prod-api/article/update', { session: admin, body: { form: { id: String(fromForm!.id), status: 'published' } } }))
      .toEqual({ status: 200, body: { code: 20000, data: 'success' } });
    expect((await call('GET', '/prod-api/article/detail', { session: admin, query: { id: made!.id } })).body.data)
      .toMatchObject({ importance: 1, title: `${jsonTitle} v2`, type: 'EU' });
    expect((await call('GET', '/prod-api/article/detail', { session: admin, query: { id: fromForm!.id } })).body.data)
      .toMatchObject({ status: 'published', title: formTitle });
    expect((await call('POST', '/prod-api/article/update', { session: admin, body: { json: { id: 99999, title: 'x' } } })).status).toBe(404);
  });

  it('adds roles under the next number from 300, changes and deletes them', async () => {
    const name = `Demo role ${Date.now()}`;
    const first = await call('POST', '/prod-api/role', { session: admin, body: { json: { name, description: 'made by a test', routes: [{ path: '/icon' }] } } });
    expect(first.status).toBe(200);
    const key = (first.body.data as { key: number }).key;
    expect(first.body).toEqual({ code: 20000, data: { key } });
    expect(Number.isInteger(key) && key >= 300).toBe(true);
    const second = await call('POST', '/prod-api/vue-element-admin/role', { session: admin, body: { form: { name: `${name} b` } } });
    expect(second.body).toEqual({ code: 20000, data: { key: key + 1 } });

    expect(await call('PUT', `/prod-api/role/${key}`, { session: admin, body: { json: { key: String(key), name: `${name} renamed`, routes: [] } } }))
      .toEqual({ status: 200, body: { code: 20000, data: { status: 'success' } } });
    let roles = (await call('GET', '/prod-api/roles', { session: admin })).body.data as { key: string; name: string; description: string; routes: unknown[] }[];
    expect(roles.find(r => r.key === String(key))).toEqual({ key: String(key), name: `${name} renamed`, description: 'made by a test', routes: [] });

    for (const k of [key, key + 1]) {
      expect(await call('DELETE', `/prod-api/vue-element-admin/role/${k}`, { session: admin }))
        .toEqual({ status: 200, body: { code: 20000, data: { status: 'success' } } });
    }
    roles = (await call('GET', '/prod-api/roles', { session: admin })).body.data as typeof roles;
    expect(roles.some(r => r.key === String(key) || r.key === String(key + 1))).toBe(false);
    expect((await call('DELETE', `/prod-api/role/${key}`, { session: admin })).status).toBe(404);
    expect((await call('PUT', '/prod-api/role/no-such-role', { session: admin, body: { json: { name: 'x' } } })).status).toBe(404);
  });
});

describe('the demo module stays out of the business', () => {
  it('no demo row appears in any business list or search', async () => {
    const [first] = await allSeeded();
    const needles = ['mock-Pan', 'Super Admin', 'admin-token', first!.title];
    let searched = 0;
    for (const res of RESOURCES) {
      if (!res.search?.length) continue;
      const path = genericEndpoints(res).lists[0]?.path;
      if (!path) continue;
      for (const keyword of needles) {
        const r = await get(path, { keyword, limit: 20 }, { session: admin });
        if (r.status !== 200) continue;
        searched++;
        expect(r.body.total, `${path} ${keyword}`).toBe(0);
      }
    }
    expect(searched).toBeGreaterThan(40);
  });
});

describe('the demo module\'s switch', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A database of its own: switching the module off on the shared server would refuse other files' calls.
    tdb = await freshDatabase('demooff');
    await migrate(tdb.database);
    app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
    app.inject({ method, url, headers: { accept: 'application/json', 'accept-language': 'en' } });

  it('answers every /prod-api path as an unknown path while config demo_module is absent or off, and opens when on', async () => {
    const unknown = await inject('GET', '/prod-api/no-such-call');
    expect(unknown.statusCode).toBe(404);
    const paths = [['GET', '/prod-api/article/list'], ['GET', '/prod-api/vue-element-admin/user/info?token=admin-token'],
      ['POST', '/prod-api/user/login'], ['PUT', '/prod-api/role/admin'], ['DELETE', '/prod-api/vue-element-admin/role/admin']] as const;
    const expectUnknown = async () => {
      for (const [method, url] of paths) {
        const r = await inject(method, url);
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        const body = r.json<Record<string, unknown>>();
        delete body.request_id;
        expect(body).toEqual({ msg: 'No such API' });
      }
    };
    await expectUnknown();
    await tdb.database.db.execute(sql`insert into configs (name, "values", safe) values ('demo_module', 'false', false)`);
    await expectUnknown();
    await tdb.database.db.execute(sql`update configs set "values" = 'true' where name = 'demo_module'`);
    // On: the calls exist, and ask for a session.
    for (const [method, url] of paths) expect((await inject(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });
});
