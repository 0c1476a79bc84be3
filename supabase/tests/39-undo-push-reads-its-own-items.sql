-- history.undo of a push finds the items the push touched by their keys: a few rows an item, never every item the
-- household has on all its lists. Joined on keys read from the JSON of the push's rows (not leakproof), row-level
-- security left the planner only the household's index, and three statements of the undo each read all of the
-- household's items. Counted in rows of grocery_items read (tests.rows_read_by_call: what the functions' own queries
-- scan), so the test holds on any machine and any database: it never times anything, and the dead rows earlier tests
-- leave until a vacuum, which made a count of buffers pass or fail by when autovacuum last ran, do not count.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select ok(tests.create_user('cook@undo-push.test') is not null, 'a member to push and undo as');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('cook@undo-push.test'), 'Weekly') as list_id,
  tests.create_list(tests.household_of('cook@undo-push.test'), 'Pantry') as pantry_id;
-- 20,000 items on the household's other list, with their statistics: what a household that has used the app a while
-- has, removed items included.
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit)
select f.pantry_id, tests.household_of('cook@undo-push.test'), 'pantry item ' || g, g, 'g'
from fixture f, generate_series(1, 20000) g;
analyze grocery_items;
analyze grocery_item_sources;

create function pg_temp.push() returns uuid language plpgsql as $$
begin
  perform tests.call_tool('cook@undo-push.test', 'grocery.push_ingredients', jsonb_build_object(
    'grocery_list_id', (select list_id from fixture),
    'ingredients', (select jsonb_agg(jsonb_build_object('ingredient_id', i.id, 'quantity', 1, 'unit', 'cup'))
      from (select id from public.ingredients where household_id is null order by normalized_name limit 5) i)));
  return tests.latest_invocation('cook@undo-push.test', 'grocery.push_ingredients');
end;
$$;
create function pg_temp.rows_read_by_undo(p_invocation_id uuid) returns bigint
language sql as $$
  select tests.rows_read_by_call('cook@undo-push.test', 'history.undo',
    jsonb_build_object('invocation_id', p_invocation_id), 'public.grocery_items')
$$;

-- Six pushes and their undos first, so that the functions' statements have settled on the plans they keep.
select count(pg_temp.rows_read_by_undo(pg_temp.push())) from generate_series(1, 6);
create temporary table measured on commit drop as select pg_temp.rows_read_by_undo(pg_temp.push()) as rows_read;

select is((select count(*) from grocery_items i where i.grocery_list_id = (select list_id from fixture)
    and i.deleted_at is null), 0::bigint, 'each undo took its push''s 5 lines back off the list');
select is((select count(*) from grocery_items i where i.grocery_list_id = (select pantry_id from fixture)
    and i.deleted_at is null), 20000::bigint, 'and left the other list alone');
-- The undo reads its 5 items by key: about 100 rows of grocery_items (index entries included). Reading every item
-- of the household (through its index, or the whole table) three times over reads about 60,000.
select cmp_ok((select rows_read from measured), '<=', 1000::bigint,
  'undoing a push of 5 lines reads at most 1,000 items, not the household''s 20,000 other ones three times over');

select * from finish();
rollback;
