-- A file a saved row names (an avatar, an item's picture) is kept for good: its expiry is null
-- (server/resources/row-files.ts). Uploads nothing names still expire a week after they were sent.
alter table "files" alter column "expires_at" drop not null;

-- Files saved rows named before this migration: keep them too (accounts.avatar is the only image field so far).
update "files" set "expires_at" = null
where "id" in (
  select substring("avatar" from '/files/\?action=download&id=([A-Za-z0-9_-]+)$') from "accounts" where "avatar" is not null
);
