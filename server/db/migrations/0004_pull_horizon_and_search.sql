-- Issue 9: pulls that never skip a row, and keyword search on an index.

-- Change numbers are taken through next_rev(): the first one of a transaction reads the number the sequence will
-- hand out next (the transaction's floor) and holds a shared advisory lock on it until the transaction ends, so a
-- pull can tell the lowest change number still in flight (server/resources/pull-horizon.ts; docs/decisions.md, "The pull horizon").
create or replace function next_rev() returns bigint
language plpgsql volatile as $$
declare
  floor bigint;
begin
  if coalesce(current_setting('ipos.rev_floor', true), '') = '' then
    select case when is_called then last_value + 1 else last_value end into floor from rev_seq;
    -- 2^62 keeps these keys apart from the other advisory locks (the migration lock).
    perform pg_advisory_xact_lock_shared(floor + 4611686018427387904);
    perform set_config('ipos.rev_floor', floor::text, true);
  end if;
  return nextval('rev_seq');
end $$;

do $$
declare
  r record;
begin
  for r in
    select c.relname
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'rev'
      and pg_get_expr(d.adbin, d.adrelid) like 'nextval(''rev_seq''%'
  loop
    execute format('alter table %I alter column rev set default next_rev()', r.relname);
  end loop;
end $$;

-- Keyword search on the lists paged by the server reads trigram indexes of lower(column): `lower(col) like
-- lower('%…%')` uses them, while equality on the column itself (an import matching codes) keeps its btree index — a
-- trigram index on the bare column can serve `=` too and the planner took it for `code = any(…)`, ten times slower.
create extension if not exists pg_trgm;
create index "items_code_trgm" on "items" using gin (lower("code") gin_trgm_ops);
create index "items_name_trgm" on "items" using gin (lower("name") gin_trgm_ops);
create index "items_spec_trgm" on "items" using gin (lower("spec") gin_trgm_ops);
create index "checkins_remark_trgm" on "checkins" using gin (lower("remark") gin_trgm_ops);
create index "journals_title_trgm" on "journals" using gin (lower("title") gin_trgm_ops);
create index "journals_content_trgm" on "journals" using gin (lower("content") gin_trgm_ops);
create index "customeritems_customer_code_trgm" on "customeritems" using gin (lower("customer_code") gin_trgm_ops);
create index "customeritems_customer_item_name_trgm" on "customeritems" using gin (lower("customer_item_name") gin_trgm_ops);
