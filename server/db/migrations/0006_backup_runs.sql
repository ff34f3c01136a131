-- One row per scheduled daily backup (server/ops/backup-schedule.ts). Several servers on one PostgreSQL each run the
-- schedule; the one whose insert of the day succeeds takes the backup, so a day is backed up once.
create table backup_runs (
  day date primary key,
  host text not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  file text,
  bytes bigint,
  error text
);
