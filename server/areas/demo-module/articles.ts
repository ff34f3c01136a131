import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEMO_OK, type DemoArticle, type DemoArticleCreate, type DemoArticleListParams, type DemoArticleUpdate, type DemoOk,
} from '../../../src/domain/contract/demo';
import type { Db } from '../../db/connection';
import { demoArticles, demoPageviews } from '../../db/tables';
import { ApiError } from '../../lib/api-error';

/** The demo module's articles (spec §3, §7): the mock's list, detail, page views, create and update. */

/** The image a new article shows unless one is sent: a same-origin path (the CSP allows no outside host). */
export const DEMO_IMAGE = '/icons/icon-512.png';

const PLATFORMS = ['PC', 'mobile', 'ios', 'android'] as const;

/**
 * `article/list`: importance and type equal, title contained (as the mock's `indexOf`: case as typed); `sort=-id`
 * newest id first, anything else by id; `total` counts the filtered rows, `items` is the page of them.
 */
export async function listArticles(db: Db, p: DemoArticleListParams): Promise<DemoOk<{ total: number; items: DemoArticle[] }>> {
  const where: SQL[] = [];
  if (p.importance !== undefined) where.push(eq(demoArticles.importance, p.importance));
  if (p.type !== undefined) where.push(eq(demoArticles.type, p.type));
  if (p.title !== undefined) where.push(sql`strpos(${demoArticles.title}, ${p.title}) > 0`);
  const cond = where.length ? and(...where) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(demoArticles).where(cond) as [{ n: number }];
  const items = await db.select().from(demoArticles).where(cond)
    .orderBy(p.sort === '-id' ? desc(demoArticles.id) : asc(demoArticles.id))
    .limit(p.limit).offset((p.page - 1) * p.limit);
  return { code: DEMO_OK, data: { total: Number(n), items } };
}

/** `article/detail?id=`: the article, or 404 `demo_not_found` in IPOS's envelope. */
export async function articleDetail(db: Db, id: number): Promise<DemoOk<DemoArticle>> {
  const [a] = await db.select().from(demoArticles).where(eq(demoArticles.id, id));
  if (!a) throw new ApiError(404, 'demo_not_found');
  return { code: DEMO_OK, data: a };
}

/** `article/pv`: the page views per platform, in the mock's order. */
export async function articlePageviews(db: Db): Promise<DemoOk<{ pvData: { key: string; pv: number }[] }>> {
  const found = new Map((await db.select().from(demoPageviews)).map(r => [r.key, r.pv]));
  return { code: DEMO_OK, data: { pvData: PLATFORMS.map(key => ({ key, pv: found.get(key) ?? 0 })) } };
}

/** `2026-01-31 08:05:09` (UTC) of a time in milliseconds: the mock's `display_time`. */
export function displayTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `article/create`: stored with the mock's defaults for what is not sent; the author is the caller unless named. */
export async function createArticle(db: Db, a: DemoArticleCreate, caller: string): Promise<DemoOk<'success'>> {
  const timestamp = a.timestamp ?? Date.now();
  await db.insert(demoArticles).values({
    timestamp,
    author: a.author ?? caller,
    reviewer: a.reviewer ?? '',
    title: a.title!,
    content_short: a.content_short ?? '',
    content: a.content ?? '',
    forecast: a.forecast ?? 0,
    importance: a.importance ?? 1,
    type: a.type ?? 'CN',
    status: a.status ?? 'draft',
    display_time: a.display_time ?? displayTime(timestamp),
    comment_disabled: a.comment_disabled ?? true,
    pageviews: a.pageviews ?? 0,
    image_uri: a.image_uri ?? DEMO_IMAGE,
    platforms: a.platforms ?? ['a-platform'],
  });
  return { code: DEMO_OK, data: 'success' };
}

/** `article/update`: the fields sent replace the stored ones; an unknown id is 404 `demo_not_found`. */
export async function updateArticle(db: Db, a: DemoArticleUpdate): Promise<DemoOk<'success'>> {
  const { id, ...fields } = a;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof demoArticles.$inferInsert>;
  const found = Object.keys(changes).length
    ? await db.update(demoArticles).set(changes).where(eq(demoArticles.id, id)).returning({ id: demoArticles.id })
    : await db.select({ id: demoArticles.id }).from(demoArticles).where(eq(demoArticles.id, id));
  if (!found.length) throw new ApiError(404, 'demo_not_found');
  return { code: DEMO_OK, data: 'success' };
}
