-- A sync that withdraws a meal's contributions finds the items it takes from by their keys: a few buffers an item,
-- never every household's grocery_items. Joined to the withdrawals (read from the plan's JSON, which the planner
-- guesses at 100 rows), PostgreSQL 15, 17 and 18 hashed them against a sequential scan of the whole table, once to
-- lock the items and once to update them. Counted in buffers (EXPLAIN's, which include the function's own queries),
-- so the test holds on any machine: it never times anything.
begin;
set local search_path to public, extensions, tests;
select plan(4);

-- 20,000 items of 200 other households, with their statistics, as a database that has been running a while has them.
insert into auth.users (id, email)
select gen_random_uuid(), 'other' || g || '@withdraw.test' from generate_series(1, 200) g;
insert into grocery_lists (household_id, name, created_by)
select m.household_id, 'Weekly', m.user_id
from household_members m join auth.users u on u.id = m.user_id where u.email like 'other%@withdraw.test';
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
select l.id, l.household_id, 'item ' || g, g, 'g', l.created_by
from grocery_lists l join auth.users u on u.id = l.created_by, generate_series(1, 100) g
where u.email like 'other%@withdraw.test';
analyze grocery_items;
analyze grocery_item_sources;
analyze grocery_lists;
analyze household_members;

select ok(tests.create_user('cook@withdraw.test') is not null, 'a member to sync as');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('cook@withdraw.test'), 'Weekly') as list_id, gen_random_uuid() as recipe_id;
insert into recipes (id, household_id, title, servings)
select recipe_id, tests.household_of('cook@withdraw.test'), 'Pilaf', 2 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
select f.recipe_id, tests.household_of('cook@withdraw.test'), tests.ingredient(name), 1, 'cup', position
from fixture f, unnest(array['white rice', 'eggs', 'butter', 'onion']) with ordinality as line(name, position);
insert into planner_meals (household_id, recipe_id, date, meal_type, servings)
select tests.household_of('cook@withdraw.test'), recipe_id, date '2027-01-01' + day, 'dinner', 2
from fixture, generate_series(0, 3) day;

-- A sync of the week that keeps every meal (adding their lines), or leaves them all out (withdrawing them).
create function pg_temp.sync_input(p_leave_out boolean) returns jsonb language sql as $$
  select jsonb_build_object('grocery_list_id', list_id, 'start_date', '2027-01-01', 'end_date', '2027-01-07',
    'leave_out_meal_ids', case when p_leave_out then (select jsonb_agg(m.id) from planner_meals m
      where m.household_id = tests.household_of('cook@withdraw.test')) else '[]'::jsonb end)
  from fixture
$$;
create function pg_temp.buffers_of_sync(p_leave_out boolean) returns bigint
language sql as $$
  select tests.buffers_of_call('cook@withdraw.test', 'grocery.sync_plan', pg_temp.sync_input(p_leave_out))
$$;

-- Six rounds first, so that the function's statements have settled on the plans they keep.
select count(pg_temp.buffers_of_sync(leave_out)) from generate_series(1, 6), (values (false), (true)) round(leave_out);
create temporary table measured on commit drop as
select pg_temp.buffers_of_sync(false) as adding, pg_temp.buffers_of_sync(true) as withdrawing;

select is((select count(*) from grocery_item_withdrawals w
    where w.household_id = tests.household_of('cook@withdraw.test')),
  112::bigint, 'each of the 7 withdrawing syncs withdrew the 4 meals'' 4 lines');
select is((select count(*) from grocery_items i where i.grocery_list_id = (select list_id from fixture)
    and i.deleted_at is null), 0::bigint, 'and emptied the items, which are removed');
-- Locking and updating 4 items by their primary key reads a few pages each, less than the merge of the same lines
-- reads to add them; a sequential scan of grocery_items reads every one of its pages (more than 200 with the 20,000
-- other items), twice.
select cmp_ok((select withdrawing from measured), '<=', (select adding from measured),
  'withdrawing 4 items reads no more buffers than adding them, not the whole table twice');

select * from finish();
rollback;
