-- The anon role (a request without a user token) can neither read nor change
-- any table of public, nor run any helper or tool.
begin;
set local search_path to public, extensions, tests;

select tests.create_user('alice@test');
select tests.seed_household(tests.household_of('alice@test'));

create temporary table public_tables on commit drop as
select c.relname::text as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind = 'r';
grant select on public_tables to anon;

select plan((select count(*)::integer * 4 + 2 from public_tables));

select tests.authenticate_as_anon();
select throws_ok(format('select count(*) from public.%I', table_name), '42501', format('permission denied for table %s', table_name),
                 format('anon cannot read %s', table_name))
from public_tables order by table_name;
select throws_ok(format('insert into public.%I default values', table_name), '42501', format('permission denied for table %s', table_name),
                 format('anon cannot insert into %s', table_name))
from public_tables order by table_name;
select throws_ok(format('update public.%I set %I = %I', table_name, a.attname, a.attname), '42501', format('permission denied for table %s', table_name),
                 format('anon cannot update %s', table_name))
from public_tables
cross join lateral (select attname from pg_attribute where attrelid = ('public.' || table_name)::regclass and attnum = 1) a
order by table_name;
select throws_ok(format('delete from public.%I', table_name), '42501', format('permission denied for table %s', table_name),
                 format('anon cannot delete from %s', table_name))
from public_tables order by table_name;

select throws_ok('select private.is_household_member(null)', '42501', 'permission denied for schema private',
                 'anon cannot reach the private helpers');
select throws_ok('select app.grocery_push_ingredients(null, ''{}'')', '42501', 'permission denied for schema app',
                 'anon cannot reach the tools');

select * from finish();
rollback;
