-- No function of ours stands in the way of adding a column to one of our tables. A SQL-standard function body
-- (`return …`, `begin atomic`) that takes a table's row type records a dependency on it, and current PostgreSQL
-- minors (15.20 first) refuse `alter table … add column … default …` on that table while it stands, so a migration
-- that adds such a column would fail on a live project. The catalog check holds on every version; the second check
-- adds a column with a default to every table of public, as a migration would, and takes it away again.
begin;
set local search_path to public, extensions, tests;
select plan(3);

select is(
  array(
    select distinct p.oid::regprocedure::text || ' reads the row type of ' || t.typrelid::regclass::text
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid
    join pg_catalog.pg_type t on t.oid = d.refobjid and d.refclassid = 'pg_catalog.pg_type'::regclass
    join pg_catalog.pg_class c on c.oid = t.typrelid and c.relkind in ('r', 'p')
    where p.prosqlbody is not null
      and n.nspname not in ('pg_catalog', 'information_schema')
      and not exists (select 1 from pg_catalog.pg_depend e
                      where e.classid = 'pg_catalog.pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
    order by 1),
  '{}'::text[],
  'no function with a SQL-standard body takes one of our tables'' row types'
);

select ok(
  (select count(*) from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'private' and p.proname = 'grocery_item_with_sources_json' and p.prosqlbody is null) = 1,
  'the list item helper is there, with a $$ body'
);

-- Each table gets a column with a default inside a block that then raises, so the column is gone again at once;
-- any other error is the refusal, kept with the table's name.
create function pg_temp.refused_column_additions() returns text[]
language plpgsql
as $$
declare
  v_table regclass;
  v_refusals text[] := '{}';
begin
  for v_table in
    select c.oid::regclass from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname
  loop
    begin
      execute format('alter table %s add column probe_added_column integer not null default 0', v_table);
      raise exception using errcode = 'P0099', message = 'added';
    exception
      when sqlstate 'P0099' then null;
      when others then v_refusals := v_refusals || (v_table::text || ': ' || sqlerrm);
    end;
  end loop;
  return v_refusals;
end;
$$;

select is(pg_temp.refused_column_additions(), '{}'::text[],
  'a column with a default can be added to every table of public');

select * from finish();
rollback;
