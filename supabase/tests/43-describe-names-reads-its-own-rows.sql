-- The names a describer reads (app.describe_names) are found by their ids: a few rows a name, never every recipe of
-- the household or every household's own ingredients. As semi-joins on ids cast from the JSON (not leakproof),
-- row-level security left PostgreSQL 15 and 18 only the household's index, and every major scanned all ingredients.
-- Counted in rows of recipes and ingredients read (tests.rows_read_by: what the function's own queries scan), so the
-- test holds on any machine and any database: it never times anything, and the dead rows earlier tests leave until a
-- vacuum, which made a count of buffers pass or fail by when autovacuum last ran, do not count.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select ok(tests.create_user('cook@describe-names.test') is not null, 'a member to read names as');
-- 200 other households with 100 ingredients of their own each, and 5,000 recipes of the member's household, with
-- their statistics. Written without their triggers, as a bulk load would, so that the test stays quick.
insert into auth.users (id, email)
select gen_random_uuid(), 'other' || g || '@describe-names.test' from generate_series(1, 200) g;
set local session_replication_role = replica;
insert into ingredients (household_id, name)
select m.household_id, 'home spice ' || g
from household_members m join auth.users u on u.id = m.user_id, generate_series(1, 100) g
where u.email like 'other%@describe-names.test';
insert into recipes (household_id, title, servings)
select tests.household_of('cook@describe-names.test'), 'Dish ' || g, 2 from generate_series(1, 5000) g;
set local session_replication_role = origin;
analyze ingredients;
analyze recipes;

create temporary table fixture on commit drop as
select jsonb_build_object(
  'recipes', (select jsonb_agg(r.id) from (select id from recipes
    where household_id = tests.household_of('cook@describe-names.test') order by title limit 3) r),
  'ingredients', (select jsonb_agg(i.id) from (select id from ingredients where household_id is null
    order by normalized_name limit 3) i)) as mentions;

create function pg_temp.names() returns jsonb language sql as $$
  select private.invoke(tests.request_of('cook@describe-names.test', jsonb_build_object('tool', 'describe.names',
    'function', 'app.describe_names', 'input', (select mentions from fixture), 'scope', 'household',
    'is_write', false))) -> 'data'
$$;
create function pg_temp.rows_read_by_names() returns bigint
language sql as $$
  select tests.rows_read_by('select pg_temp.names()', array['public.recipes', 'public.ingredients']::regclass[])
$$;

-- Six reads first, so that the function's statements have settled on the plans they keep.
select count(pg_temp.rows_read_by_names()) from generate_series(1, 6);
create temporary table measured on commit drop as select pg_temp.rows_read_by_names() as rows_read;

select is((select count(*) from jsonb_object_keys(pg_temp.names() -> 'recipes')), 3::bigint,
  'the three recipes are named');
select is((select count(*) from jsonb_object_keys(pg_temp.names() -> 'ingredients')), 3::bigint,
  'and the three ingredients');
-- Each name is an index lookup: about 6 rows read for the six (index entries included). Reading the household's
-- 5,000 recipes or all 22,800 ingredients reads thousands.
select cmp_ok((select rows_read from measured), '<=', 1000::bigint,
  'reading 6 names reads at most 1,000 rows, not the household''s recipes or every ingredient');

select * from finish();
rollback;
