-- A recipe line without a quantity ("salt, to taste") has quantity and unit both null, never one alone; scaling
-- keeps it null; grocery.push_recipe leaves it out of the list and lists it as skipped; row-level security is as
-- for any line.
begin;
set local search_path to public, extensions, tests;
select plan(11);

select tests.create_user('alice@test');
select tests.create_user('bob@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id, gen_random_uuid() as recipe_id;
grant select on fixture to authenticated;
insert into recipes (id, household_id, title, servings) select recipe_id, tests.household_of('alice@test'), 'Soup', 2 from fixture;

select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
  values (%L, %L, %L, null, 'tsp')$$, recipe_id, tests.household_of('alice@test'), tests.ingredient('salt')),
  '23514', null, 'a unit without a quantity is refused by the table')
from fixture;
select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
  values (%L, %L, %L, 1, null)$$, recipe_id, tests.household_of('alice@test'), tests.ingredient('salt')),
  '23514', null, 'so is a quantity without a unit')
from fixture;
select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
  values (%L, %L, %L, 0, 'g')$$, recipe_id, tests.household_of('alice@test'), tests.ingredient('salt')),
  '23514', null, 'a quantity, when there is one, is still greater than 0')
from fixture;
select lives_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, note, position)
  values (%L, %L, %L, null, null, 'to taste', 1), (%1$L, %2$L, %4$L, 2, 'whole', null, 0)$$,
  recipe_id, tests.household_of('alice@test'), tests.ingredient('salt'), tests.ingredient('onion')),
  'a line with neither is a line')
from fixture;

select is(private.scaled_quantity(null, 6, 2), null, 'scaling a line without a quantity keeps it without one');

select tests.authenticate_as('bob@test');
select is((select count(*) from recipe_ingredients ri where ri.quantity is null), 0::bigint,
  'another household sees none of them');
select tests.authenticate_as('alice@test');
select is((select count(*) from recipe_ingredients ri where ri.quantity is null), 1::bigint,
  'the household sees its line without a quantity');

select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_recipe(tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', list_id, 'recipe_id', recipe_id, 'servings', 4)) as response
from fixture;
select tests.clear_authentication();

select results_eq('select tests.list_items(list_id) from fixture', $$values ('onion 4 whole')$$,
  'push_recipe adds the line with a quantity, scaled, and nothing for the salt');
select is((select response -> 'skipped' from result),
  jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('salt'), 'ingredient_name', 'salt',
    'prep_state', null, 'note', 'to taste', 'reason', 'no quantity in the recipe')),
  'and lists the salt as skipped, with why');
select is((select response ->> 'message' from result),
  'Pushed 1 line of Soup scaled from 2 to 4 servings. Skipped salt (to taste): no quantity in the recipe.',
  'its message says so');
select is_empty('select tests.ledger_violations(list_id) from fixture', 'the ledger holds');

select * from finish();
rollback;
