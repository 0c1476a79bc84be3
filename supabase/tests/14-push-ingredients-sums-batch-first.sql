-- Lines of one batch that share a key are summed into one item first.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;

select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', list_id,
  'ingredients', jsonb_build_array(
    jsonb_build_object('ingredient_id', tests.ingredient('garlic'), 'quantity', 2, 'unit', 'whole', 'prep_state', 'minced'),
    jsonb_build_object('ingredient_id', tests.ingredient('carrot'), 'quantity', 3, 'unit', 'whole'),
    jsonb_build_object('ingredient_id', tests.ingredient('garlic'), 'quantity', 1.5, 'unit', 'whole', 'prep_state', 'minced')))) as response
from fixture;

select results_eq('select tests.list_items(list_id) from fixture order by 1',
                  $$values ('carrot 3 whole'), ('garlic 3.5 whole minced')$$,
                  'the two garlic lines make one item of 3.5');
select is(response -> 'summary', '{"lines_received": 3, "items_added": 2, "items_merged": 0}'::jsonb,
          'two items are added from three lines') from result;
select is(array(select e ->> 'name' from jsonb_array_elements(response -> 'added') e), array['garlic', 'carrot'],
          'added items come in the order of their first line') from result;
select is((select count(*) from grocery_item_sources s join grocery_items i on i.id = s.grocery_item_id
           where i.ingredient_id = tests.ingredient('garlic')),
          2::bigint, 'each garlic line is its own source record');

select * from finish();
rollback;
