-- grocery.sync_plan adjusts from the source records only: a second sync writes nothing; lowered servings
-- withdraw exactly the difference (recorded as a withdrawal); a removed meal takes back exactly its own
-- part, never another meal's; a checked item is never reduced.
begin;
set local search_path to public, extensions, tests;
select plan(8);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id, gen_random_uuid() as recipe_id,
       gen_random_uuid() as first_meal, gen_random_uuid() as second_meal;
grant select on fixture to authenticated;
insert into recipes (id, household_id, title, servings) select recipe_id, tests.household_of('alice@test'), 'Pilaf', 3 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
select recipe_id, tests.household_of('alice@test'), tests.ingredient('white rice'), 1, 'cup' from fixture;
insert into planner_meals (id, household_id, recipe_id, date, meal_type, servings)
select first_meal, tests.household_of('alice@test'), recipe_id, date '2027-01-02', 'dinner', 2 from fixture
union all
select second_meal, tests.household_of('alice@test'), recipe_id, date '2027-01-03', 'dinner', 4 from fixture;

create function pg_temp.sync() returns jsonb language sql as $$
  select app.grocery_sync_plan(tests.household_of('alice@test'), jsonb_build_object('grocery_list_id',
    (select list_id from fixture), 'start_date', '2027-01-01', 'end_date', '2027-01-07'))
$$;
create function pg_temp.state() returns text language sql as $$
  select string_agg(concat_ws(' ', i.id, i.quantity, i.checked, i.deleted_at, i.updated_at), ', ' order by i.id)
    || (select count(*) from grocery_item_sources)::text || (select count(*) from grocery_item_withdrawals)::text
  from grocery_items i where i.grocery_list_id = (select list_id from fixture)
$$;
grant execute on function pg_temp.sync(), pg_temp.state() to authenticated;

select tests.write_as('alice@test');
do $$ begin perform pg_temp.sync(); end $$;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 2 cup')$$,
  '2 of 3 servings (0.667) + 4 of 3 (1.333): each meal rounded, then summed');
create temporary table before on commit drop as select pg_temp.state() as state;

select is(pg_temp.sync() -> 'changes', '[]'::jsonb, 'a second sync has no changes');
select is(pg_temp.state(), (select state from before), 'and writes nothing');

update planner_meals set servings = 1 where id = (select first_meal from fixture);
do $$ begin perform pg_temp.sync(); end $$;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1.666 cup')$$,
  'servings 2 → 1: exactly 0.667 - 0.333 withdrawn');
select is((select quantity_removed from grocery_item_withdrawals w where w.planner_meal_id = (select first_meal from fixture)),
  0.334, 'the withdrawal is recorded with its meal');

update planner_meals set deleted_at = now() where id = (select second_meal from fixture);
do $$ begin perform pg_temp.sync(); end $$;
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 0.333 cup')$$,
  'the removed meal takes back exactly its 1.333, the other meal''s 0.333 stays');

update grocery_items set checked = true, checked_by = tests.get_user_id('alice@test'), checked_at = now()
where grocery_list_id = (select list_id from fixture);
update planner_meals set deleted_at = now() where id = (select first_meal from fixture);
select is(pg_temp.sync() -> 'kept' -> 0 -> 'quantity', '0.333'::jsonb, 'a bought item''s part is reported as kept');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 0.333 cup (checked)')$$,
  'and the checked item is not reduced');

select * from finish();
rollback;
