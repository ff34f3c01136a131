import { z } from 'zod';
import './zod-config';
import { optionalDecimal, optionalInt, wireFlag, wireInt, wireJson } from './wire';

/**
 * The demo module's calls (`/prod-api`, spec §7, docs/sales-office.md §6, decisions 285–287): the sample articles,
 * transactions, demo roles and users of the mock the product was built beside, "not part of the business". Shared by
 * the server's routes and the declarations (endpoints/demo.ts); the app itself never calls them.
 *
 * Rules:
 * - Every answer the mock gives is its exact body at HTTP 200: `{code: 20000, data}`, or `{code: 60204 | 50008,
 *   message}` for a wrong login or an unknown token. IPOS's own refusals (no session 401, not an admin 403, bad input
 *   400, an unknown article or role 404) keep IPOS's envelope `{msg}`.
 * - Parameters come from a query, a form or a JSON body: numbers as numbers or their text, a list as a list, one text
 *   or a JSON text. Bad input is refused by these schemas with a message key naming the reason.
 */

/** Success, in the mock's words. */
export const DEMO_OK = 20000 as const;
/** A wrong username at `user/login`. */
export const DEMO_BAD_LOGIN = 60204 as const;
/** An unknown token at `user/info`. */
export const DEMO_BAD_TOKEN = 50008 as const;

export const DEMO_BAD_LOGIN_MESSAGE = 'Account and password are incorrect.';
export const DEMO_BAD_TOKEN_MESSAGE = 'Login failed, unable to get user details.';

export interface DemoOk<T> { code: typeof DEMO_OK; data: T }
export interface DemoFailure { code: typeof DEMO_BAD_LOGIN | typeof DEMO_BAD_TOKEN; message: string }

/** Spec §3's article types and states. */
export const DEMO_ARTICLE_TYPES = ['CN', 'US', 'JP', 'EU'] as const;
export const DEMO_ARTICLE_STATUSES = ['published', 'draft'] as const;
/** The mock's page size, and the most a page may hold. */
export const DEMO_PAGE_SIZE = 20;
export const DEMO_MAX_LIMIT = 100;

/** Spec §3's article, as the mock answers it (`timestamp` in milliseconds). */
export interface DemoArticle {
  id: number;
  timestamp: number;
  author: string;
  reviewer: string;
  title: string;
  content_short: string;
  content: string;
  forecast: number;
  importance: number;
  type: string;
  status: string;
  display_time: string;
  comment_disabled: boolean;
  pageviews: number;
  image_uri: string;
  platforms: string[];
}

export interface DemoTransaction { order_no: string; timestamp: number; username: string; price: number; status: 'success' | 'pending' }
export interface DemoRole { key: string; name: string; description: string; routes: unknown[] }
export interface DemoUserInfo { roles: string[]; introduction: string; avatar: string; name: string }

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number, message = 'bad_request') => z.string({ message }).max(max, { message });
const optionalText = (max: number, message = 'bad_request') => z.preprocess(blank, text(max, message).optional());
const ID = 2_147_483_647;

/** `user/login`: the mock knows its users by name alone; an unknown one is `60204`, not a refusal. */
export const demoLoginSchema = z.object({
  username: text(100).default(''),
  password: text(200).optional(),
});

/** `user/info?token=`: an unknown or missing token is `50008`. */
export const demoInfoSchema = z.object({ token: text(200).default('') });

export const demoNoParamsSchema = z.object({});

/**
 * `article/list`: importance equal, type equal, title contained; `sort=-id` newest id first, else by id; then the
 * page (`page` from 1, `limit` at most 100) of what is left.
 */
export const demoArticleListSchema = z.object({
  importance: optionalInt(1, 3, 'demo_importance'),
  type: optionalText(20),
  title: optionalText(200),
  page: z.preprocess(blank, wireInt(1, 1_000_000, 'demo_page').default(1)),
  limit: z.preprocess(blank, wireInt(1, DEMO_MAX_LIMIT, 'demo_limit').default(DEMO_PAGE_SIZE)),
  sort: optionalText(20),
});
export type DemoArticleListParams = z.output<typeof demoArticleListSchema>;

export const demoArticleDetailSchema = z.object({ id: wireInt(1, ID, 'demo_not_found') });

/** Milliseconds since 1970, from a number, its text or a date's text (the mock's client sends a Date as JSON). */
const wireTimestamp = z.union([
  z.number().int().min(0).max(8_640_000_000_000_000),
  z.string().trim().regex(/^\d{1,16}$/).transform(Number),
  z.string().trim().max(40).transform((s, ctx) => {
    const t = Date.parse(s);
    if (Number.isNaN(t) || t < 0) { ctx.addIssue({ code: 'custom', message: 'invalid_date' }); return z.NEVER; }
    return t;
  }),
], { message: 'invalid_date' });

/** A same-origin path (`/icons/…`): the CSP forbids an outside host, and a plant may have no internet. */
const sameOriginPath = text(500, 'demo_image').regex(/^\/(?![/\\])\S*$/, { message: 'demo_image' });

/** A list of texts: a JSON list, a JSON text of one, a form's repeated field, or one text. */
const platforms = z.preprocess(v => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[')) { try { return JSON.parse(t) as unknown; } catch { return v; } }
  return [t];
}, z.array(text(50), { message: 'bad_request' }).max(20, { message: 'bad_request' }));

/** The fields of an article a create or an update sends; an update sends only what changes, or everything. */
const articleFields = {
  timestamp: z.preprocess(blank, wireTimestamp.optional()),
  author: optionalText(100),
  reviewer: optionalText(100),
  title: z.preprocess(blank, text(200, 'demo_title').trim().min(1, { message: 'demo_title' }).optional()),
  content_short: optionalText(1000),
  content: z.preprocess(blank, text(100_000).optional()),
  forecast: optionalDecimal(0, 100, 2, 'demo_forecast'),
  importance: optionalInt(1, 3, 'demo_importance'),
  type: z.preprocess(blank, z.enum(DEMO_ARTICLE_TYPES, { message: 'demo_type' }).optional()),
  status: z.preprocess(blank, z.enum(DEMO_ARTICLE_STATUSES, { message: 'demo_status' }).optional()),
  display_time: optionalText(30),
  comment_disabled: z.preprocess(blank, wireFlag.optional()),
  pageviews: optionalInt(0, 1_000_000_000),
  image_uri: z.preprocess(blank, sameOriginPath.optional()),
  platforms: z.preprocess(blank, platforms.optional()),
};

/** `article/create`: a title at least; the rest takes the mock's defaults. An `id` sent is not used (a new one is). */
export const demoArticleCreateSchema = z.object(articleFields)
  .refine(a => a.title !== undefined, { message: 'demo_title', path: ['title'] });
export type DemoArticleCreate = z.output<typeof demoArticleCreateSchema>;

/** `article/update`: the article's `id` and the fields that change. */
export const demoArticleUpdateSchema = z.object({ id: wireInt(1, ID, 'demo_not_found'), ...articleFields });
export type DemoArticleUpdate = z.output<typeof demoArticleUpdateSchema>;

/** A route tree (the mock's `routes`), as a JSON list or its text; at most 500 top routes. */
const routeTree = wireJson(z.array(z.unknown(), { message: 'bad_request' }).max(500, { message: 'bad_request' }));

/** `POST role`: a name, and optionally a description and the routes it may see. */
export const demoRoleCreateSchema = z.object({
  name: text(100, 'demo_role_name').trim().min(1, { message: 'demo_role_name' }),
  description: optionalText(500),
  routes: z.preprocess(blank, routeTree.optional()),
});
export type DemoRoleCreate = z.output<typeof demoRoleCreateSchema>;

/** `PUT role/{key}`: what changes (the key is the path's). */
export const demoRoleUpdateSchema = z.object({
  name: z.preprocess(blank, text(100, 'demo_role_name').trim().min(1, { message: 'demo_role_name' }).optional()),
  description: text(500).optional(),
  routes: z.preprocess(blank, routeTree.optional()),
});
export type DemoRoleUpdate = z.output<typeof demoRoleUpdateSchema>;

/** `search/user?name=`: names containing it, whatever the case; none given, every name. */
export const demoSearchUserSchema = z.object({ name: optionalText(100) });

/** The most a role key (a path segment) may be. */
export const MAX_DEMO_ROLE_KEY = 100;
