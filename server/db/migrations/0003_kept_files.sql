-- A file a saved row names (an avatar, an item's picture) is kept for good: its expiry is null
-- (server/resources/row-files.ts). Uploads nothing names still expire a week after they were sent.
alter table "files" alter column "expires_at" drop not null;
