-- System tables that are not business resources: change numbers, history, tombstones, sessions, files.
-- Business tables come from the resource registry (see make-migration.ts).

-- One change number for every write to any resource row: offline pulls read "everything after rev N".
create sequence if not exists rev_seq;
-- Keys handed to clients that need an id before saving (GET /api/keyid/).
create sequence if not exists keyid_seq;

-- Every change to a resource row: who, when, before, after (GET /history/list/).
create table history (
  id bigint generated always as identity primary key,
  table_name text not null,
  kid integer not null,
  action text not null,
  before jsonb,
  after jsonb,
  by_id integer,
  by_name text,
  at timestamptz not null default now(),
  rev bigint not null
);
create index history_row_idx on history (table_name, kid, id);

-- A deleted row leaves its id and change number here, so offline caches learn of the deletion.
create table tombstones (
  table_name text not null,
  kid integer not null,
  rev bigint not null,
  deleted_at timestamptz not null default now(),
  primary key (table_name, kid)
);
create index tombstones_rev_idx on tombstones (table_name, rev);

-- Long-lived login tokens (cookie Admin-Token, 700 days). Only a SHA-256 of the token is stored.
create table auth_tokens (
  id bigint generated always as identity primary key,
  account_id integer not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index auth_tokens_account_idx on auth_tokens (account_id);

-- Sessions opened with a password or a token; the session id travels in the Authorization header.
create table auth_sessions (
  id bigint generated always as identity primary key,
  token_id bigint not null references auth_tokens(id),
  account_id integer not null,
  session_hash text not null unique,
  client text,
  ip text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoke_reason text
);
create index auth_sessions_account_idx on auth_sessions (account_id);

-- Failed logins, per key ('u:<username>' and 'a:<address>'), for the sliding-window rate limit.
create table login_failures (
  id bigint generated always as identity primary key,
  key text not null,
  at timestamptz not null default now()
);
create index login_failures_key_idx on login_failures (key, at);

-- Generated and uploaded files: kept in the database (any instance can serve them), outside the web root, expiring.
create table files (
  id text primary key,
  name text not null,
  mime text not null,
  size integer not null,
  data bytea not null,
  account_id integer,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index files_expires_idx on files (expires_at);
