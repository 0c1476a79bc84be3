-- A checked (already bought) item is never merged into; nor is a deleted one.
begin;
set local search_path to public, extensions, tests;
select plan(2);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;
select tests.add_item(list_id, 'milk', 1, 'l'), tests.add_item(list_id, 'milk', 5, 'l') from fixture;
update grocery_items set checked = true, checked_at = now() where quantity = 1;
update grocery_items set deleted_at = now() where quantity = 5;

select tests.write_as('alice@test');
select is(app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', list_id,
  'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('milk'), 'quantity', 2, 'unit', 'l')))) -> 'summary',
  '{"lines_received": 1, "items_added": 1, "items_merged": 0}'::jsonb, 'the line becomes a new item')
from fixture;
select results_eq('select tests.list_items(list_id) from fixture order by 1',
                  $$values ('milk 1 l (checked)'), ('milk 2 l')$$,
                  'the checked item keeps its quantity beside the new one');

select * from finish();
rollback;
