-- A recipe's source identity (recipe.create_many): unique per household among its recipes, deleted ones included,
-- free across households, bounded; the recipes' policies are the ones they were, so another household neither sees
-- nor collides with it; and the tool run in SQL finds the first import's recipe on the second.
begin;
set local search_path to public, extensions, tests;
select plan(12);

select tests.create_user('alice@test');
select tests.create_user('bob@test');

select has_index('public', 'recipes', 'recipes_source_identity_key', array['household_id', 'source_identity'],
  'recipes are indexed by household and source identity');
select lives_ok(format($$insert into recipes (household_id, title, source_identity)
  values (%L, 'Pancakes', 'paprika:ABC'), (%1$L, 'Waffles', null), (%1$L, 'Crepes', null)$$,
  tests.household_of('alice@test')), 'recipes without a source identity are as many as wanted');
select throws_ok(format($$insert into recipes (household_id, title, source_identity)
  values (%L, 'Pancakes again', 'paprika:ABC')$$, tests.household_of('alice@test')),
  '23505', null, 'a second recipe of the household from the same source is refused');
update recipes set deleted_at = now() where source_identity = 'paprika:ABC';
select throws_ok(format($$insert into recipes (household_id, title, source_identity)
  values (%L, 'Pancakes new', 'paprika:ABC')$$, tests.household_of('alice@test')),
  '23505', null, 'so it is while the first is deleted: it is brought back, not doubled');
select lives_ok(format($$insert into recipes (household_id, title, source_identity)
  values (%L, 'Pancakes', 'paprika:ABC')$$, tests.household_of('bob@test')),
  'another household may hold a recipe from the same source');
select throws_ok(format($$insert into recipes (household_id, title, source_identity)
  values (%L, 'Long', %L)$$, tests.household_of('alice@test'), repeat('x', 257)),
  '23514', null, 'a source identity is at most 256 characters');

select policies_are('public', 'recipes', array[
  'Recipes are visible to household members',
  'Members can create recipes in their household',
  'Members can edit their household''s recipes'
], 'the recipes'' policies are the ones they were');

select tests.authenticate_as('bob@test');
select is((select count(*) from recipes r where r.source_identity = 'paprika:ABC'), 1::bigint,
  'Bob sees his own recipe from that source, not Alice''s');
select tests.clear_authentication();

-- The tool, run as Alice in SQL: the deleted one is brought back; a second call skips it.
select tests.write_as('alice@test');
create temporary table replies on commit drop as
select 1 as call, app.recipe_create_many(tests.household_of('alice@test'), jsonb_build_object('recipes', jsonb_build_array(
  jsonb_build_object('title', 'Pancakes', 'source_identity', 'paprika:ABC',
    'ingredients', jsonb_build_array(jsonb_build_object('name', 'eggs', 'quantity', 2, 'unit', 'whole')))))) as reply;
insert into replies
select 2, app.recipe_create_many(tests.household_of('alice@test'), jsonb_build_object('recipes', jsonb_build_array(
  jsonb_build_object('title', 'Pancakes', 'source_identity', 'paprika:ABC',
    'ingredients', jsonb_build_array(jsonb_build_object('name', 'eggs', 'quantity', 2, 'unit', 'whole'))))));
select tests.clear_authentication();

select is((select reply #>> '{results,0,status}' from replies where call = 1), 'restored',
  'the first call brings the deleted recipe back');
select is((select reply #>> '{results,0,status}' from replies where call = 2), 'skipped',
  'the second finds it and skips it');
select is((select count(*) from recipes r where r.household_id = tests.household_of('alice@test')
  and r.source_identity = 'paprika:ABC' and r.deleted_at is null), 1::bigint, 'one recipe from that source, live');
select is((select count(*) from recipes r where r.source_identity = 'paprika:ABC'), 2::bigint,
  'and Bob''s is still his own');

select * from finish();
rollback;
