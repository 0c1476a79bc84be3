-- Pushing into another household's list is not found, never a hint that it exists.
begin;
set local search_path to public, extensions, tests;
select plan(3);

select tests.create_user('alice@test'), tests.create_user('bob@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('bob@test'), 'Bob''s list') as bob_list,
       tests.create_list(tests.household_of('alice@test'), 'Alice''s list') as alice_list;
grant select on fixture to authenticated;

select tests.write_as('alice@test');
select throws_ok(format('select app.grocery_push_ingredients(%L, %L)', tests.household_of('alice@test'), jsonb_build_object(
                   'grocery_list_id', bob_list,
                   'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 1, 'unit', 'whole')))),
                 'MP404', 'grocery list not found', 'Bob''s list is not found from Alice''s household')
from fixture;
select throws_ok(format('select app.grocery_push_ingredients(%L, %L)', tests.household_of('bob@test'), jsonb_build_object(
                   'grocery_list_id', bob_list,
                   'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 1, 'unit', 'whole')))),
                 'MP404', 'grocery list not found', 'nor when Alice names Bob''s household')
from fixture;
select throws_ok(format('select app.grocery_push_ingredients(%L, %L)', tests.household_of('bob@test'), jsonb_build_object(
                   'grocery_list_id', alice_list,
                   'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 1, 'unit', 'whole')))),
                 'MP404', 'grocery list not found', 'a list of her own household named under Bob''s is not found either')
from fixture;

select * from finish();
rollback;
