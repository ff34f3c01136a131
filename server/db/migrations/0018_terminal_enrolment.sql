-- Terminal enrolment (issue 29, docs/shopfloor.md "Kiosk identity"): a device login needs a one-time code a supervisor
-- issued for that terminal. The code's hash waits here (server-only: never listed, pulled or in history) until it is
-- used, expires or is tried wrong five times; the terminal's row says when it was last enrolled.

alter table "computers" add column "enrolled_at" timestamp with time zone;

create table "computer_enrolments" (
  "computer_id" integer primary key references "computers" ("id") on delete cascade,
  "code_hash" text not null,
  "expires_at" timestamp with time zone not null,
  "failures" integer not null default 0,
  "issued_by" integer,
  "issued_at" timestamp with time zone not null default now()
);
