-- history.undo of a grocery.sync_plan subtracts exactly what that sync added and puts back exactly what it
-- withdrew (its withdrawals name it, as its source rows do): an earlier sync's and a push's parts stay. Undoing
-- the undo (a redo) puts the sync's rows back as they were.
begin;
set local search_path to public, extensions, tests;
select plan(9);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id, gen_random_uuid() as pilaf,
       gen_random_uuid() as omelette, gen_random_uuid() as first_meal, gen_random_uuid() as second_meal;
insert into recipes (id, household_id, title, servings)
select pilaf, tests.household_of('alice@test'), 'Pilaf', 3 from fixture
union all select omelette, tests.household_of('alice@test'), 'Omelette', 1 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
select pilaf, tests.household_of('alice@test'), tests.ingredient('white rice'), 1, 'cup' from fixture
union all select omelette, tests.household_of('alice@test'), tests.ingredient('eggs'), 3, 'whole' from fixture;
insert into planner_meals (id, household_id, recipe_id, date, meal_type, servings)
select first_meal, tests.household_of('alice@test'), pilaf, date '2027-01-02', 'dinner', 2 from fixture
union all select second_meal, tests.household_of('alice@test'), pilaf, date '2027-01-03', 'dinner', 4 from fixture;

create function pg_temp.call(p_tool text, p_input jsonb) returns jsonb language sql as $$
  select tests.call_tool('alice@test', p_tool, p_input) -> 'data';
$$;
create function pg_temp.sync() returns jsonb language sql as $$
  select pg_temp.call('grocery.sync_plan', jsonb_build_object('grocery_list_id', list_id,
    'start_date', '2027-01-01', 'end_date', '2027-01-07')) from fixture;
$$;
create function pg_temp.state() returns text language sql as $$
  select string_agg(concat_ws(' ', i.id, i.quantity, i.checked), ', ' order by i.id)
    || (select string_agg(s.id::text, ',' order by s.id) from grocery_item_sources s
        where s.household_id = tests.household_of('alice@test'))
    || coalesce((select string_agg(w.id::text || w.quantity_removed, ',' order by w.id) from grocery_item_withdrawals w
        where w.household_id = tests.household_of('alice@test')), '')
  from grocery_items i where i.grocery_list_id = (select list_id from fixture) and i.deleted_at is null
$$;

-- 2/3 + 4/3 of a cup (each rounded), then half a cup pushed by hand.
select pg_temp.sync();
select pg_temp.call('grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
  'ingredients', jsonb_build_array(jsonb_build_object(
    'ingredient_id', tests.ingredient('white rice'), 'quantity', 0.5, 'unit', 'cup')))) from fixture;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 2.5 cup')$$,
  'the first sync and the push: 0.667 + 1.333 + 0.5');
create temporary table before on commit drop as select pg_temp.state() as state;

-- Servings 2 → 1, the second meal gone, an omelette planned: the sync withdraws 0.334 and 1.333, adds 3 eggs.
update planner_meals set servings = 1 where id = (select first_meal from fixture);
update planner_meals set deleted_at = now() where id = (select second_meal from fixture);
insert into planner_meals (household_id, recipe_id, date, meal_type)
select tests.household_of('alice@test'), omelette, date '2027-01-04', 'breakfast' from fixture;
create temporary table second_sync on commit drop as select pg_temp.sync() as response;
create temporary table sync_invocation on commit drop as
select id from tool_invocations where tool = 'grocery.sync_plan' and response = (select response from second_sync);
select results_eq('select tests.list_items(list_id) from fixture', $$values ('eggs 3 whole'), ('white rice 0.833 cup')$$,
  'the second sync withdrew 1.667 cups and added the eggs');
select is((select count(*) from grocery_item_withdrawals where invocation_id = (select id from sync_invocation)),
  2::bigint, 'each withdrawal names the sync that made it');
create temporary table after on commit drop as select pg_temp.state() as state;

select is(pg_temp.call('history.undo', jsonb_build_object('invocation_id', (select id from sync_invocation))) ->> 'message',
  'Took back its 1 addition and put back its 2 withdrawals, on 2 items.', 'the undo says what it did');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 2.5 cup')$$,
  'the rice is back to exactly 2.5 cups and the eggs are gone');
select is(pg_temp.state(), (select state from before),
  'every live row is as before the second sync: its source and withdrawal rows are gone, the others stay');
select is((select count(*) from grocery_item_sources s join tool_invocations t on t.id = s.invocation_id
  where t.tool = 'grocery.push_ingredients' and t.household_id = tests.household_of('alice@test')), 1::bigint, 'the push''s contribution stays');

select pg_temp.call('history.undo', jsonb_build_object('invocation_id',
  (select id from tool_invocations where tool = 'history.undo' and household_id = tests.household_of('alice@test'))));
select results_eq('select tests.list_items(list_id) from fixture', $$values ('eggs 3 whole'), ('white rice 0.833 cup')$$,
  'undoing the undo syncs again exactly');
select is(pg_temp.state(), (select state from after), 'with the very rows the sync had written');

select * from finish();
rollback;
