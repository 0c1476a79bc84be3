-- Spec example 2: chicken 1 lb existing, 500 g incoming → two items; units never convert.
begin;
set local search_path to public, extensions, tests;
select plan(2);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;
select tests.add_item(list_id, 'chicken breast', 1, 'lb') from fixture;

select tests.write_as('alice@test');
select is(app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', list_id,
  'ingredients', jsonb_build_array(
    jsonb_build_object('ingredient_id', tests.ingredient('chicken breast'), 'quantity', 500, 'unit', 'g')))) -> 'summary',
  '{"lines_received": 1, "items_added": 1, "items_merged": 0}'::jsonb, 'the line is added, not merged')
from fixture;
select results_eq('select tests.list_items(list_id) from fixture order by 1',
                  $$values ('chicken breast 1 lb'), ('chicken breast 500 g')$$,
                  'the list has chicken 1 lb and chicken 500 g');

select * from finish();
rollback;
