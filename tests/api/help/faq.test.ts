import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { helpFor, articleFor, type HelpArticle } from '../../../src/domain/rules/help';
import { faqRows } from '../../../server/seed/faqs';
import { DEMO, get, post, sessionOf, type DemoRole } from '../client';

/**
 * Help articles (docs/sales-office.md §5, decisions 283–284), on both databases: one article per key and language,
 * keys of word characters, screens of page paths, everyone reads (list, detail, the offline pull) and only admin
 * writes; bad input is a 4xx that writes nothing. The demo holds the seeded articles (§8).
 */
type Row = Record<string, unknown>;

const unique = () => `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const create = async (values: Row, session: string, lang = 'zh') =>
  post('/faqs/save/', values, { session, lang, headers: { 'idempotency-key': randomUUID() } });
const articlesOf = async (key: string, session: string): Promise<Row[]> => {
  const r = await get('/faqs/list/', { limit: -1, filter: JSON.stringify([{ field: 'key', op: 'eq', value: key }]) }, { session });
  expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
  return r.body.dt as Row[];
};

describe('help articles', () => {
  it('are seeded for the screens, in zh and en, and es and ja for the floor\'s three', async () => {
    const rows = await articlesOf('order_entry', await sessionOf('sales'));
    expect(rows.map(r => r.language).sort()).toEqual(['en', 'zh']);
    expect(String(rows[0]!.screen)).toContain('/orders/edit/:id');
    const all = (await get('/faqs/list/', { limit: -1 }, { session: await sessionOf('operator') })).body.dt as Row[];
    // Other tests (bad input, this file's writes) add articles of their own to the shared database: the seed's are checked.
    const keys = new Set(faqRows().map(r => r.key));
    expect(keys.size).toBeGreaterThanOrEqual(11);
    for (const key of ['kiosk', 'inspection', 'form_fill']) {
      expect(all.filter(r => r.key === key).map(r => r.language).sort(), key).toEqual(['en', 'es', 'ja', 'zh']);
    }
    // Every seeded article is zh and en at least, and has a body.
    for (const key of keys) {
      const langs = all.filter(r => r.key === key).map(r => r.language);
      expect(langs, String(key)).toEqual(expect.arrayContaining(['zh', 'en']));
    }
    expect(all.filter(r => keys.has(r.key as string)).every(r => typeof r.body === 'string' && r.body.length > 100)).toBe(true);
  });

  it('are read by every role, in lists, details and the offline pull', async () => {
    for (const role of Object.keys(DEMO) as DemoRole[]) {
      const session = await sessionOf(role);
      const list = await get('/faqs/list/', { limit: -1 }, { session });
      expect(list.status, role).toBe(200);
      const first = (list.body.dt as Row[])[0]!;
      expect((await get('/faqs/detail/', { id: Number(first.id) }, { session })).status, role).toBe(200);
      const pulled = await get('/sync/pull/', { table: 'faqs', since: 0, limit: 1000 }, { session });
      expect(pulled.status, `${role} ${JSON.stringify(pulled.body).slice(0, 200)}`).toBe(200);
    }
  });

  it('keep one article per key and language, and fall back to Chinese, then to any language', async () => {
    const admin = await sessionOf('admin');
    const key = unique();
    const zh = await create({ key, language: 'zh', title: '测试文章', screen: `/${key}/list`, body: '# 标题\n\n正文' }, admin);
    expect(zh.status, JSON.stringify(zh.body)).toBe(200);
    const ja = await create({ key, language: 'ja', title: 'テスト', screen: `/${key}/list`, body: '本文' }, admin);
    expect(ja.status).toBe(200);
    // The same key and language again: 409 on the key, nothing written.
    const twice = await create({ key, language: 'zh', title: '重复', body: 'x' }, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.key).toBeTruthy();
    const rows = await articlesOf(key, admin) as unknown as HelpArticle[];
    expect(rows.map(r => r.language).sort()).toEqual(['ja', 'zh']);

    // What /faq/{key} and the help button pick from these rows.
    expect(articleFor(key, 'en', rows)).toMatchObject({ article: { language: 'zh' }, fallback: true });
    expect(articleFor(key, 'ja', rows)).toMatchObject({ article: { language: 'ja' }, fallback: false });
    expect(helpFor(`/${key}/list`, 'es', rows)).toMatchObject({ article: { language: 'zh' }, fallback: true });
    // Without the Chinese one, any language written.
    const zhRow = rows.find(r => r.language === 'zh')!;
    const off = await post('/faqs/save/', { id: zhRow.id, version: (zhRow as unknown as Row).version, active: false }, { session: admin });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await articlesOf(key, admin) as unknown as HelpArticle[];
    expect(articleFor(key, 'en', after)).toMatchObject({ article: { language: 'ja' }, fallback: true });
    // The body is stored as written: Markdown text, never rendered or altered by the server.
    const raw = '<script>alert(1)</script> [x](javascript:alert(1))';
    const stored = await create({ key, language: 'en', title: 'Raw', body: raw }, admin);
    expect(stored.status).toBe(200);
    expect((await articlesOf(key, admin)).find(r => r.language === 'en')!.body).toBe(raw);
  });

  it('refuse a key that is not word characters, a bad screen, language or missing title: 4xx, nothing written', async () => {
    const admin = await sessionOf('admin');
    const key = unique();
    const bad: [Row, number, string][] = [
      [{ key: `${key}-x`, language: 'zh', title: 't' }, 422, 'key'],
      [{ key: `${key} x`, language: 'zh', title: 't' }, 422, 'key'],
      [{ key: `${key}/x`, language: 'zh', title: 't' }, 422, 'key'],
      [{ key: '订单', language: 'zh', title: 't' }, 422, 'key'],
      [{ key: 'index', language: 'zh', title: 't' }, 422, 'key'],
      [{ key: 'k'.repeat(61), language: 'zh', title: 't' }, 422, 'key'],
      [{ key, language: 'fr', title: 't' }, 422, 'language'],
      [{ key, language: 'zh' }, 422, 'title'],
      [{ key, language: 'zh', title: 't', screen: 'orders/list' }, 422, 'screen'],
      [{ key, language: 'zh', title: 't', body: 'x'.repeat(20_001) }, 422, 'body'],
      [{ key, language: 'zh', title: 't', sort: 'first' }, 422, 'sort'],
    ];
    for (const [values, status, field] of bad) {
      const r = await create(values, admin, 'en');
      expect(r.status, JSON.stringify(values).slice(0, 80)).toBe(status);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toBeTruthy();
      expect(typeof r.body.msg).toBe('string');
    }
    // The key's message is the server's, in the caller's language.
    const worded = await create({ key: 'a-b', language: 'zh', title: 't' }, admin, 'en');
    expect(worded.body.errors?.key).toMatch(/letters, digits and underscores/);
    expect(await articlesOf(key, admin)).toEqual([]);
    // An update to a bad key is refused and leaves the row as it was.
    const made = await create({ key, language: 'zh', title: 't' }, admin);
    expect(made.status).toBe(200);
    const [row] = await articlesOf(key, admin);
    const renamed = await post('/faqs/save/', { id: row!.id, version: row!.version, key: 'no-dash' }, { session: admin });
    expect(renamed.status).toBe(422);
    expect((await articlesOf(key, admin)).map(r => r.key)).toEqual([key]);
  });

  it('are written by admin only', async () => {
    const admin = await sessionOf('admin');
    const key = unique();
    const made = await create({ key, language: 'zh', title: '仅管理员' }, admin);
    expect(made.status).toBe(200);
    const [row] = await articlesOf(key, admin);
    for (const role of ['supervisor', 'sales', 'operator', 'finance'] as const) {
      const session = await sessionOf(role);
      expect((await create({ key: unique(), language: 'zh', title: 'x' }, session)).status, role).toBe(403);
      expect((await post('/faqs/save/', { id: row!.id, version: row!.version, title: 'changed' }, { session })).status, role).toBe(403);
      expect((await post('/faqs/delete/', { id: row!.id }, { session })).status, role).toBe(403);
    }
    expect((await articlesOf(key, admin))[0]!.title).toBe('仅管理员');
    expect((await post('/faqs/delete/', { id: row!.id }, { session: admin })).status).toBe(200);
    expect(await articlesOf(key, admin)).toEqual([]);
  });
});
