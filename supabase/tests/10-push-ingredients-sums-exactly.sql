-- Spec example 1: rice, 1 cup existing + 0.5 cup + 1.75 cup → one item of 3.25 cup.
begin;
set local search_path to public, extensions, tests;
select plan(5);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;
select tests.add_item(list_id, 'white rice', 1, 'cup') from fixture;

select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', list_id,
  'ingredients', jsonb_build_array(
    jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', 0.5, 'unit', 'cup', 'prep_state', null),
    jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', 1.75, 'unit', 'cup', 'prep_state', null)))) as response
from fixture;

select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 3.25 cup')$$,
                  'the list has one rice item of exactly 3.25 cup');
select is(response -> 'merged' -> 0 ->> 'quantity_before', '1', 'the response shows the quantity before') from result;
select is(response -> 'merged' -> 0 -> 'quantity_after', '3.25'::jsonb, 'and after') from result;
select is(response -> 'summary', '{"lines_received": 2, "items_added": 0, "items_merged": 1}'::jsonb, 'the summary counts lines and items')
from result;
select is((select count(*) from grocery_item_sources s join fixture f on true
           join grocery_items i on i.id = s.grocery_item_id and i.grocery_list_id = f.list_id),
          2::bigint, 'each incoming line is recorded as a source');

select * from finish();
rollback;
