-- grocery.sync_plan is all or nothing: a sync refused part way leaves no item, source or withdrawal behind;
-- and it sees only its own household's plan and lists.
begin;
set local search_path to public, extensions, tests;
select plan(7);

select tests.create_user('alice@test'), tests.create_user('bob@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id,
       tests.create_list(tests.household_of('bob@test'), 'Bob''s') as bob_list,
       gen_random_uuid() as recipe_id, gen_random_uuid() as meal_id, gen_random_uuid() as bob_recipe;
grant select on fixture to authenticated;
insert into recipes (id, household_id, title, servings) select recipe_id, tests.household_of('alice@test'), 'Stew', 2 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
select f.recipe_id, tests.household_of('alice@test'), tests.ingredient(l.name), l.quantity, l.unit, l.position
from fixture f, (values ('carrot', 3, 'whole', 0), ('onion', 2, 'whole', 1)) as l (name, quantity, unit, position);
insert into planner_meals (id, household_id, recipe_id, date, meal_type, servings)
select meal_id, tests.household_of('alice@test'), recipe_id, date '2027-01-02', 'dinner', 4 from fixture;
insert into recipes (id, household_id, title, servings) select bob_recipe, tests.household_of('bob@test'), 'Bob''s soup', 1 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
select bob_recipe, tests.household_of('bob@test'), tests.ingredient('milk'), 1, 'cup' from fixture;
insert into planner_meals (household_id, recipe_id, date, meal_type)
select tests.household_of('bob@test'), bob_recipe, date '2027-01-03', 'lunch' from fixture;
-- Onions already near the bound: the meal's 4 more would pass 1,000,000.
select tests.add_item(list_id, 'onion', 999999, 'whole') from fixture;

select tests.write_as('alice@test');
select throws_ok(format('select app.grocery_sync_plan(%L, %L)', tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', list_id, 'start_date', '2027-01-01', 'end_date', '2027-01-07')), 'MP400',
  'an item of this list would pass 1,000,000: sync a shorter range or into another list',
  'a sync that cannot fit is refused')
from fixture;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('onion 999999 whole')$$,
  'and the carrots it would have added are not there either');
select is((select count(*) from grocery_item_sources s join grocery_items i on i.id = s.grocery_item_id, fixture f
           where i.grocery_list_id = f.list_id), 0::bigint, 'no source row was left behind');

update grocery_items set quantity = 10 where grocery_list_id = (select list_id from fixture);
create temporary table result on commit drop as
select app.grocery_sync_plan(tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', list_id, 'start_date', '2027-01-01', 'end_date', '2027-01-07')) as response
from fixture;
grant select on result to authenticated;
select is((select (response ->> 'meals_in_range')::int from result), 1, 'Bob''s meal in the same days is not Alice''s plan');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('carrot 6 whole'), ('onion 14 whole')$$,
  'the stew at 4 servings of 2: carrots 6, onions 10 + 4');

select throws_ok(format('select app.grocery_sync_plan(%L, %L)', tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', bob_list, 'start_date', '2027-01-01', 'end_date', '2027-01-07')), 'MP404',
  'grocery list not found', 'Bob''s list is not found from Alice''s household')
from fixture;
select throws_ok(format('select app.grocery_sync_plan(%L, %L)', tests.household_of('bob@test'),
  jsonb_build_object('grocery_list_id', bob_list, 'start_date', '2027-01-01', 'end_date', '2027-01-07')), 'MP404',
  'grocery list not found', 'nor when Alice names Bob''s household')
from fixture;

select * from finish();
rollback;
