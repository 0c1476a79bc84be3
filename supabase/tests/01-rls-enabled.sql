begin;
set local search_path to public, extensions, tests;
select plan(5);

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1),
  '{}'::text[],
  'every table of public has row-level security enabled'
);

select ok(
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'r') >= 13,
  'the schema has its tables'
);

select is(
  array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)
        order by 1),
  '{}'::text[],
  'every table of public has policies'
);

select is(
  array(select p.tablename || ': ' || p.policyname from pg_policies p
        where p.schemaname = 'public' and p.roles <> '{authenticated}' order by 1),
  '{}'::text[],
  'every policy is to authenticated'
);

select is(
  array(select distinct t.table_name::text from information_schema.role_table_grants t
        where t.table_schema = 'public' and t.grantee in ('anon', 'PUBLIC') order by 1),
  '{}'::text[],
  'anon has no privilege on any table of public'
);

select * from finish();
rollback;
