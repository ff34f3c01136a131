-- Issue 10: permissions as data, and what keeps accounts, logins and files from being turned against the factory.

-- Roles grant, per resource, actions and a row scope (src/domain/contract/permissions.ts).
alter table "roles" add column "grants" jsonb;

-- Roles made before grants existed keep reading what their menus showed (view and export); writes are granted on
-- purpose in the role screen, since a menu entry no longer grants them. The map is the registry's menu paths as of
-- this migration. Administrators need no grants.
with m(path, res) as (values
  ('/accounts/list', 'accounts'), ('/roles/list', 'roles'), ('/configs/list', 'configs'), ('/favmenus/list', 'favmenus'),
  ('/journals/list', 'journals'), ('/departments/list', 'departments'), ('/personcategories/list', 'personcategories'),
  ('/persons/list', 'persons'), ('/persons/checkin', 'checkins'), ('/devices/list', 'devices'),
  ('/devices/list_status', 'devices'), ('/computers/list', 'computers'), ('/devicemaintenances/list', 'devicemaintenances'),
  ('/worknodes/list', 'worknodes'), ('/workflows/list', 'workflows'), ('/wages/list', 'wages'),
  ('/itemcategories/list', 'itemcategories'), ('/items/list', 'items'), ('/subitems/list', 'subitems'),
  ('/customeritems/list', 'customeritems'), ('/suits/list', 'suits'), ('/feecategories/list', 'feecategories'),
  ('/formcategories/list', 'formcategories'), ('/formulacategories/list', 'formulacategories'), ('/banks/list', 'banks'),
  ('/customercategories/list', 'customercategories'), ('/customers/list', 'customers'), ('/suppliers/list', 'suppliers'),
  ('/warehouses/list', 'warehouses'), ('/warerooms/list', 'warerooms'), ('/warepositions/list', 'warepositions'),
  ('/shelves/list', 'shelves'), ('/warestatus/create', 'warestatus'))
update "roles" r set "grants" = coalesce((
  select jsonb_object_agg(x.res, '{"actions": ["view", "export"]}'::jsonb)
  from (select distinct m.res from m where m.path = any(r.menus)) x), '{}'::jsonb)
where r."grants" is null and not coalesce(r.is_admin, false);

-- Usernames are unique without regard to case: `ADMIN` beside `admin` could never log in. A later one that only differs
-- in case is renamed (`ADMIN~7`) before the index is built, so the migration cannot fail on existing data.
update "accounts" a set username = a.username || '~' || a.id
where exists (select 1 from "accounts" b where lower(b.username) = lower(a.username) and b.id < a.id);
create unique index "accounts_username_lower_key" on "accounts" (lower(username));

-- Logins: office logins expire after a time without activity; kiosks and tablets will hold long-lived device logins
-- bound to their `computers` row (the kiosk issue issues them; until then every login is an office login).
alter table auth_tokens add column kind text not null default 'office';
alter table auth_tokens add column computer_id integer;
create index auth_sessions_token_idx on auth_sessions (token_id);

-- Accounts disabled before this migration: their logins are revoked for good, so re-enabling one revives none.
update auth_sessions s set revoked_at = now(), revoke_reason = 'account disabled'
from "accounts" a where a.id = s.account_id and a.active = false and s.revoked_at is null;
update auth_tokens t set revoked_at = now(), revoke_reason = 'account disabled'
from "accounts" a where a.id = t.account_id and a.active = false and t.revoked_at is null;

-- Login attempts claim their places in the rate-limit windows before the password is checked (server/auth/rate-limit.ts):
-- a row is `pending` while its attempt is checked, `failed` after a wrong password; rows already here were failures.
alter table login_failures add column state text not null default 'failed';

-- Creates and import batches carrying `Idempotency-Key`: the first reply, kept 24 h, answers every repeat. The row is
-- written in the transaction of the write itself, so a concurrent repeat waits on the key and then finds the reply.
create table idempotency_keys (
  account_id integer not null,
  key uuid not null,
  scope text not null,
  fingerprint text not null,
  status integer,
  reply jsonb,
  created_at timestamptz not null default now(),
  primary key (account_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

-- Secrets of this installation (the badge-hash salt, the key of signed download links), made on first use.
create table install_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Bytes each account uploaded per day, for the upload quota.
create table upload_usage (
  account_id integer not null,
  day date not null,
  bytes bigint not null default 0,
  primary key (account_id, day)
);

-- Exports are data of a list and downloadable by the account that made them only; uploads by any logged-in user.
alter table files add column kind text not null default 'upload';
update files set kind = 'export' where name = 'excel.xlsx' and expires_at is not null;
