-- The Data API can write these tables directly, so the database refuses bad rows itself.
-- Carol belongs to households A and B, so row-level security lets her try everything.
begin;
set local search_path to public, extensions, tests;
select plan(13);

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('carol@test');
select tests.add_member(tests.household_of('alice@test'), 'carol@test');
select tests.add_member(tests.household_of('bob@test'), 'carol@test');
select tests.seed_household(tests.household_of('alice@test')), tests.seed_household(tests.household_of('bob@test'));

create temporary table fixture on commit drop as
select (select id from recipes where household_id = tests.household_of('alice@test')) as a_recipe,
       (select id from recipes where household_id = tests.household_of('bob@test')) as b_recipe,
       (select id from grocery_lists where household_id = tests.household_of('alice@test')) as a_list,
       (select id from ingredients where household_id = tests.household_of('bob@test')) as b_ingredient,
       tests.household_of('alice@test') as a,
       tests.household_of('bob@test') as b;
grant select on fixture to authenticated;

select tests.write_as('carol@test');

select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
                         values (%L, %L, %L, 0, 'cup')$$, a_recipe, a, tests.ingredient('white rice')),
                 '23514', null, 'a quantity must be positive') from fixture;
select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
                         values (%L, %L, %L, 1, 'cups')$$, a_recipe, a, tests.ingredient('white rice')),
                 '23503', null, 'a unit must be one of the units') from fixture;
select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
                         values (%L, %L, %L, 1, 'cup')$$, a_recipe, a, b_ingredient),
                 'MP400', format('ingredient %s not found', b_ingredient),
                 'a recipe cannot use another household''s ingredient') from fixture;
select throws_ok(format($$insert into recipe_ingredients (recipe_id, household_id, ingredient_id, quantity, unit)
                         values (%L, %L, %L, 1, 'cup')$$, b_recipe, a, tests.ingredient('white rice')),
                 '23503', null, 'a recipe line stays in its recipe''s household') from fixture;
select throws_ok(format($$insert into recipes (household_id, title, rating, created_by) values (%L, 'Soup', 6, %L)$$,
                        a, tests.get_user_id('carol@test')),
                 '23514', null, 'a rating is 1 to 5') from fixture;
select throws_ok(format($$insert into recipes (household_id, title, created_by) values (%L, '  ', %L)$$,
                        a, tests.get_user_id('carol@test')),
                 '23514', null, 'a title is not blank') from fixture;
select throws_ok(format($$insert into planner_meals (household_id, recipe_id, date, meal_type, created_by)
                         values (%L, %L, '2026-12-02', 'dinner', %L)$$, a, b_recipe, tests.get_user_id('carol@test')),
                 '23503', null, 'a planned meal''s recipe belongs to the same household') from fixture;
select throws_ok(format($$insert into planner_meals (household_id, recipe_id, date, meal_type, created_by)
                         values (%L, %L, '2026-12-02', 'brunch', %L)$$, a, a_recipe, tests.get_user_id('carol@test')),
                 '23514', null, 'a meal type is breakfast, lunch or dinner') from fixture;
select throws_ok(format($$insert into grocery_items (grocery_list_id, household_id, quantity, unit, created_by)
                         values (%L, %L, 1, 'whole', %L)$$, a_list, a, tests.get_user_id('carol@test')),
                 '23514', null, 'a grocery item has an ingredient or a name') from fixture;
select throws_ok(format($$insert into grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
                         values (%L, %L, 'Candles', 1, 'whole', %L)$$, a_list, b, tests.get_user_id('carol@test')),
                 '23503', null, 'a grocery item stays in its list''s household') from fixture;
select throws_ok(format($$insert into grocery_lists (household_id, name, created_by) values (%L, ' WEEKLY', %L)$$,
                        a, tests.get_user_id('carol@test')),
                 '23505', null, 'list names are unique among a household''s live lists, ignoring case') from fixture;
select lives_ok(format($$update grocery_lists set deleted_at = now() where id = %L$$, a_list), 'a list is soft-deleted')
from fixture;
select lives_ok(format($$insert into grocery_lists (household_id, name, created_by) values (%L, 'weekly', %L)$$,
                       a, tests.get_user_id('carol@test')),
                'a deleted list''s name can be used again') from fixture;

select * from finish();
rollback;
