-- Written by hand (decision 140): the index of a nullable reference holds only the rows that have one. A foreign
-- key's check (`… where col = $1` when a referenced row is deleted) and a filter by a value both imply a value, so an
-- empty reference was never looked up through the index, yet every row without one added an entry: on the tables
-- written most, each swipe's fact (no machine, no resolver), each new card step (no person, machine or plan yet) and
-- each piece-work record without a machine or wage row. schema-diff.ts makes new ones so.
do $$
declare
  r record;
begin
  for r in
    select t.relname as tab, a.attname as col, i.relname as idx
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.conkey[1]
    join pg_class i on i.relname = t.relname || '_' || a.attname || '_idx' and i.relnamespace = n.oid
    join pg_index x on x.indexrelid = i.oid and x.indrelid = t.oid
    where k.contype = 'f' and array_length(k.conkey, 1) = 1 and not a.attnotnull
      and x.indpred is null and x.indnatts = 1 and x.indkey[0] = a.attnum
    order by t.relname, a.attname
  loop
    execute format('drop index %I', r.idx);
    execute format('create index %I on %I (%I) where %I is not null', r.idx, r.tab, r.col, r.col);
  end loop;
end $$;
