-- Spec example 3: onion 1 whole existing, 1 whole chopped incoming → two items.
begin;
set local search_path to public, extensions, tests;
select plan(3);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;
select tests.add_item(list_id, 'onion', 1, 'whole') from fixture;

select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', list_id,
  'ingredients', jsonb_build_array(
    jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 1, 'unit', 'whole', 'prep_state', 'chopped')))) as response
from fixture;

select results_eq('select tests.list_items(list_id) from fixture order by 1',
                  $$values ('onion 1 whole'), ('onion 1 whole chopped')$$,
                  'the list has onion 1 whole and onion 1 chopped');
select is(response -> 'added' -> 0 ->> 'prep_state', 'chopped', 'the added item carries its prep state') from result;
select is((response ->> 'item_count')::integer, 2, 'the list counts two items') from result;

select * from finish();
rollback;
