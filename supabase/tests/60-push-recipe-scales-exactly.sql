-- grocery.push_recipe scales in exact decimals, then rounds each line half away from zero to 3 decimals
-- (never below 0.001), and records every contribution with its recipe.
begin;
set local search_path to public, extensions, tests;
select plan(9);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id, gen_random_uuid() as recipe_id;
grant select on fixture to authenticated;
insert into recipes (id, household_id, title, servings) select recipe_id, tests.household_of('alice@test'), 'Curry', 4 from fixture;
insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit, position)
select f.recipe_id, tests.household_of('alice@test'), tests.ingredient(l.name), l.quantity, l.unit, l.position
from fixture f, (values ('white rice', 2, 'cup', 0), ('garlic', 0.333, 'tsp', 1), ('onion', 1, 'whole', 2),
                        ('butter', 0.001, 'tbsp', 3)) as l (name, quantity, unit, position);

select is(private.scaled_quantity(1, 2, 3), 0.667, '1 for 3 servings at 2: 0.666… rounds to 0.667');
select is(private.scaled_quantity(0.001, 1, 4), 0.001, 'a line never rounds away to 0');
select is(private.unrounded_quantity(0.333, 6, 4), 0.4995, 'the unrounded amount is exact when the division ends');
select is(private.scaled_quantity(5, 7, null), 5::numeric, 'a recipe without servings keeps its own amounts');

select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_recipe(tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', list_id, 'recipe_id', recipe_id, 'servings', 6)) as response
from fixture;

select results_eq('select tests.list_items(list_id) from fixture',
  $$values ('butter 0.002 tbsp'), ('garlic 0.5 tsp'), ('onion 1.5 whole'), ('white rice 3 cup')$$,
  '6 servings of a 4-serving recipe: exactly 1.5× every line, rounded to 3 decimals');
select is((select jsonb_agg(l.value -> 'quantity_unrounded' order by l.ordinality)
           from result, jsonb_array_elements(response -> 'lines') with ordinality l),
  '[3, 0.4995, 1.5, 0.0015]'::jsonb, 'the reply keeps each unrounded amount, in the recipe''s order');
select is((select count(*) from grocery_item_sources s join grocery_items i on i.id = s.grocery_item_id, fixture f
           where i.grocery_list_id = f.list_id and s.recipe_id = f.recipe_id), 4::bigint,
  'each line is recorded with its recipe');

select results_eq($$select s.quantity_added, s.quantity_exact from grocery_item_sources s
                    join grocery_items i on i.id = s.grocery_item_id join fixture f on i.grocery_list_id = f.list_id
                    order by s.quantity_added$$,
  $$values (0.002, 0.0015), (0.5, 0.4995), (1.5, null), (3, null)$$,
  'a rounded line keeps its exact amount in its source row; an exact one needs none');

select throws_ok(format('select app.grocery_push_recipe(%L, %L)', tests.household_of('alice@test'),
  jsonb_build_object('grocery_list_id', list_id, 'recipe_id', gen_random_uuid())), 'MP404', 'recipe not found',
  'an unknown recipe is not found')
from fixture;

select * from finish();
rollback;
