import {
  bigint, boolean, customType, date, integer, jsonb, numeric, pgTable, text, timestamp,
  type PgColumnBuilderBase, type PgTableWithColumns, type TableConfig,
} from 'drizzle-orm/pg-core';
import type { Field } from '../../src/domain/registry/fields';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';

/**
 * Drizzle tables, derived from the registry at start-up, so queries are typed by column and both drivers map values
 * the same way (numerics as numbers, timestamps as Dates that serialise to ISO strings, dates as YYYY-MM-DD).
 */

// Column types whose TypeScript shape depends on the declaration are only known at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry table's columns are dynamic by design
export type AnyTable = PgTableWithColumns<TableConfig & { columns: Record<string, any> }>;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: v => Buffer.from(v),
});

function fieldColumn(name: string, f: Field): PgColumnBuilderBase {
  switch (f.type) {
    case 'text': case 'enum': case 'password': return text(name);
    case 'int': case 'ref': return integer(name);
    case 'number': return numeric(name, { precision: 18, scale: f.scale, mode: 'number' });
    case 'money': return numeric(name, { precision: 18, scale: 4, mode: 'number' });
    case 'bool': return boolean(name);
    case 'date': return date(name, { mode: 'string' });
    case 'datetime': return timestamp(name, { withTimezone: true, mode: 'date' });
    case 'json': return jsonb(name);
    case 'refs': return integer(name).array();
    case 'texts': return text(name).array();
  }
}

function resourceTable(res: ResourceDef): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    version: integer('version').notNull().default(1),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_by: integer('created_by'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_by: integer('updated_by'),
  };
  if (res.kind === 'document') cols.canceled = boolean('canceled').notNull().default(false);
  for (const [name, f] of Object.entries(res.fields)) cols[name] = fieldColumn(name, f);
  return pgTable(res.name, cols) as unknown as AnyTable;
}

const TABLES = new Map(RESOURCES.map(r => [r.name, resourceTable(r)]));

/** The table of a declared resource (one made in a test is derived on first use, like the others at start-up). */
export function tableOf(res: ResourceDef): AnyTable {
  let t = TABLES.get(res.name);
  if (!t) TABLES.set(res.name, (t = resourceTable(res)));
  return t;
}

// System tables (hand-written in migrations/0000_system.sql).

export const history = pgTable('history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  table_name: text('table_name').notNull(),
  kid: integer('kid').notNull(),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  by_id: integer('by_id'),
  by_name: text('by_name'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  rev: bigint('rev', { mode: 'number' }).notNull(),
});

export const tombstones = pgTable('tombstones', {
  table_name: text('table_name').notNull(),
  kid: integer('kid').notNull(),
  rev: bigint('rev', { mode: 'number' }).notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const authTokens = pgTable('auth_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  account_id: integer('account_id').notNull(),
  token_hash: text('token_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  revoke_reason: text('revoke_reason'),
  /** `office` (expires after idle time) or `device` (a kiosk's long-lived login, bound to `computer_id`). */
  kind: text('kind').notNull().default('office'),
  computer_id: integer('computer_id'),
});

/** A terminal's pending one-time enrolment code (server/areas/shopfloor/enrolment.ts), by its hash; server-only. */
export const computerEnrolments = pgTable('computer_enrolments', {
  computer_id: integer('computer_id').primaryKey(),
  code_hash: text('code_hash').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  failures: integer('failures').notNull().default(0),
  issued_by: integer('issued_by'),
  issued_at: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const authSessions = pgTable('auth_sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  token_id: bigint('token_id', { mode: 'number' }).notNull(),
  account_id: integer('account_id').notNull(),
  session_hash: text('session_hash').notNull(),
  client: text('client'),
  ip: text('ip'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  revoke_reason: text('revoke_reason'),
});

export const loginFailures = pgTable('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull(),
  /** `pending` while its password is being checked, then `failed` (a success removes its rows). */
  state: text('state').notNull().default('failed'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  account_id: integer('account_id'),
  /** `upload` (any logged-in user may download it) or `export` (only the account that made it). */
  kind: text('kind').notNull().default('upload'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  // Null: kept for good, because a saved row names the file (server/resources/row-files.ts).
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
});

// The demo module's sample data (migration 0035, server/areas/demo-module, decision 286): outside the registry, so
// nothing of the business (lists, search, history, offline copy, reports) ever sees it.

export const demoArticles = pgTable('demo_articles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Milliseconds since 1970, as the mock answers it. */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  author: text('author').notNull(),
  reviewer: text('reviewer').notNull(),
  title: text('title').notNull(),
  content_short: text('content_short').notNull(),
  content: text('content').notNull(),
  forecast: numeric('forecast', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  importance: integer('importance').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  display_time: text('display_time').notNull(),
  comment_disabled: boolean('comment_disabled').notNull().default(true),
  pageviews: integer('pageviews').notNull(),
  image_uri: text('image_uri').notNull(),
  platforms: jsonb('platforms').$type<string[]>().notNull(),
});

export const demoTransactions = pgTable('demo_transactions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  order_no: text('order_no').notNull(),
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  username: text('username').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  status: text('status').notNull(),
});

export const demoRoles = pgTable('demo_roles', {
  key: text('key').primaryKey(),
  /** The order the mock lists them in. */
  seq: integer('seq').generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  routes: jsonb('routes').$type<unknown[]>().notNull(),
});

export const demoUsers = pgTable('demo_users', {
  username: text('username').primaryKey(),
  token: text('token').notNull(),
  roles: jsonb('roles').$type<string[]>().notNull(),
  introduction: text('introduction').notNull(),
  avatar: text('avatar').notNull(),
  name: text('name').notNull(),
});

export const demoNames = pgTable('demo_names', {
  name: text('name').primaryKey(),
});

export const demoPageviews = pgTable('demo_pageviews', {
  key: text('key').primaryKey(),
  pv: integer('pv').notNull(),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  account_id: integer('account_id').notNull(),
  key: text('key').notNull(),
  scope: text('scope').notNull(),
  fingerprint: text('fingerprint').notNull(),
  status: integer('status'),
  reply: jsonb('reply'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const uploadUsage = pgTable('upload_usage', {
  account_id: integer('account_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** Counters of document numbers (migration 0008): one per counter name and reset period. */
export const numberSequences = pgTable('number_sequences', {
  name: text('name').notNull(),
  period: text('period').notNull(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});
