import { count } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { demoArticles, demoNames, demoPageviews, demoRoles, demoTransactions, demoUsers } from '../db/tables';
import { DEMO_IMAGE, displayTime } from '../areas/demo-module/articles';
import { CONSTANT_ROUTES, routesOfRole } from '../areas/demo-module/route-tree';
import { Rng, round } from './random';

/**
 * The demo module's sample data (spec §3, §7, §9; docs/sales-office.md §6): 100 articles, 20 transactions, the mock's
 * three roles with their route trees, its two users (tokens `admin-token`, `editor-token`), the names `search/user`
 * looks in (`mock-Pan` among them) and the four page-view counts — in the module's own tables, never the business's.
 *
 * Rules:
 * - From fixed lists and seeded streams (random.ts), with times counted from a fixed day, never the clock: every run
 *   and machine makes the same rows.
 * - Articles, transactions, names and page views go into empty tables only (they have no natural key, and a user may
 *   have changed them through the module's own calls); roles and users are added by key when missing.
 * - Images are same-origin paths (the mock's point to an outside host, which the CSP forbids).
 */

const ARTICLES = 100;
const TRANSACTIONS = 20;
/** Times count back from here (2026-01-01 UTC), up to three years. */
const EPOCH = Date.UTC(2026, 0, 1);
const THREE_YEARS = 3 * 365 * 86_400_000;

const FIRST_NAMES = ['Anthony', 'Barbara', 'Brian', 'Carol', 'Charles', 'Daniel', 'Deborah', 'Donald', 'Dorothy', 'Edward',
  'Elizabeth', 'George', 'Helen', 'Jason', 'Jeffrey', 'Jennifer', 'Karen', 'Kenneth', 'Kevin', 'Laura', 'Linda', 'Lisa',
  'Mark', 'Mary', 'Michael', 'Nancy', 'Patricia', 'Paul', 'Ronald', 'Sandra', 'Sarah', 'Steven', 'Susan', 'Thomas'];
const WORDS = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'eiusmod',
  'tempor', 'incididunt', 'labore', 'dolore', 'magna', 'aliqua', 'enim', 'minim', 'veniam', 'quis', 'nostrud',
  'exercitation', 'ullamco', 'laboris', 'nisi', 'aliquip', 'commodo', 'consequat'];
const CONTENT = '<p>I am testing data, I am testing data.</p><p><img src="/icons/icon-512.png"></p>';
/** The avatar of both demo users: a same-origin image. */
const AVATAR = '/icons/icon-192.png';

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function title(r: Rng): string {
  const n = r.int(5, 10);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(capital(r.pick(WORDS)));
  return words.join(' ');
}

/** The mock's article, from the `demo-articles` stream (ids 1–100 in order, given by the table). */
export function demoArticleRows(): (typeof demoArticles.$inferInsert)[] {
  const r = Rng.for('demo-articles');
  const out: (typeof demoArticles.$inferInsert)[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const timestamp = EPOCH - r.int(0, THREE_YEARS);
    out.push({
      timestamp,
      author: r.pick(FIRST_NAMES),
      reviewer: r.pick(FIRST_NAMES),
      title: title(r),
      content_short: 'mock data',
      content: CONTENT,
      forecast: round(r.next() * 100, 2),
      importance: r.int(1, 3),
      type: r.pick(['CN', 'US', 'JP', 'EU']),
      status: r.pick(['published', 'draft']),
      display_time: displayTime(EPOCH - r.int(0, THREE_YEARS)),
      comment_disabled: true,
      pageviews: r.int(300, 5000),
      image_uri: DEMO_IMAGE,
      platforms: ['a-platform'],
    });
  }
  return out;
}

function guid(r: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${r.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

export function demoTransactionRows(): (typeof demoTransactions.$inferInsert)[] {
  const r = Rng.for('demo-transactions');
  return Array.from({ length: TRANSACTIONS }, () => ({
    order_no: guid(r),
    timestamp: EPOCH - r.int(0, THREE_YEARS),
    username: r.pick(FIRST_NAMES),
    price: round(1000 + r.next() * 14000, 2),
    status: r.pick(['success', 'pending']),
  }));
}

export function demoRoleRows(): (typeof demoRoles.$inferInsert)[] {
  return [
    { key: 'admin', name: 'admin', description: 'Super Administrator. Have access to view all pages.', routes: routesOfRole('admin') },
    { key: 'editor', name: 'editor', description: 'Normal Editor. Can see all pages except permission page', routes: routesOfRole('editor') },
    { key: 'visitor', name: 'visitor', description: 'Just a visitor. Can only see the home page and the document page',
      routes: structuredClone(CONSTANT_ROUTES.filter(c => c.path === '' || c.path === '/documentation')) },
  ];
}

export function demoUserRows(): (typeof demoUsers.$inferInsert)[] {
  return [
    { username: 'admin', token: 'admin-token', roles: ['admin'], introduction: 'I am a super administrator', avatar: AVATAR,
      name: 'Super Admin' },
    { username: 'editor', token: 'editor-token', roles: ['editor'], introduction: 'I am an editor', avatar: AVATAR,
      name: 'Normal Editor' },
  ];
}

/** The names `search/user` finds: the mock's `mock-Pan` and a list of first names. */
export const DEMO_NAMES: readonly string[] = [...FIRST_NAMES, 'mock-Pan'];

/** The mock's page views per platform. */
export const DEMO_PAGEVIEWS = [{ key: 'PC', pv: 1024 }, { key: 'mobile', pv: 1024 }, { key: 'ios', pv: 1024 }, { key: 'android', pv: 1024 }];

async function isEmpty(tx: Db, t: typeof demoArticles | typeof demoTransactions | typeof demoNames | typeof demoPageviews): Promise<boolean> {
  const [{ n }] = await tx.select({ n: count() }).from(t) as [{ n: number }];
  return Number(n) === 0;
}

/** Seeds the demo module's tables (inside the seed's transaction); returns how many rows it added. */
export async function seedDemoModule(tx: Db): Promise<number> {
  let added = 0;
  if (await isEmpty(tx, demoArticles)) added += (await tx.insert(demoArticles).values(demoArticleRows()).returning({ id: demoArticles.id })).length;
  if (await isEmpty(tx, demoTransactions)) {
    added += (await tx.insert(demoTransactions).values(demoTransactionRows()).returning({ id: demoTransactions.id })).length;
  }
  if (await isEmpty(tx, demoNames)) {
    added += (await tx.insert(demoNames).values(DEMO_NAMES.map(name => ({ name }))).returning({ name: demoNames.name })).length;
  }
  if (await isEmpty(tx, demoPageviews)) added += (await tx.insert(demoPageviews).values(DEMO_PAGEVIEWS).returning({ key: demoPageviews.key })).length;
  added += (await tx.insert(demoRoles).values(demoRoleRows()).onConflictDoNothing().returning({ key: demoRoles.key })).length;
  added += (await tx.insert(demoUsers).values(demoUserRows()).onConflictDoNothing().returning({ username: demoUsers.username })).length;
  return added;
}
