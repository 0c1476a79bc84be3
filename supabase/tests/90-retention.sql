-- Retention (private.prune_retention, 20261128000300_retention.sql): removed rows past the 30-day horizon are deleted
-- unless something kept still names them; nothing within it is; a pull from a `since` older than a pruned tombstone
-- is a 409 "re-read it", a pull from at or after it is answered in full; revisions beyond each recipe's newest 50 go
-- once past the undo window; revoked or expired invites go 30 days on. Removals are backdated in the data (never a
-- wait): each is an ordinary update, so its triggers stamp the version a real removal takes.
begin;
set local search_path to public, extensions, tests;
select plan(24);

select tests.create_user('alice@retention.test');
create temporary table fixture on commit drop as
select tests.household_of('alice@retention.test') as household_id,
  tests.create_list(tests.household_of('alice@retention.test'), 'Weekly') as list_id,
  tests.create_list(tests.household_of('alice@retention.test'), 'Old party') as old_list_id,
  tests.create_list(tests.household_of('alice@retention.test'), 'Last month') as recent_list_id,
  gen_random_uuid() as recipe_id, gen_random_uuid() as gone_recipe_id, gen_random_uuid() as planned_recipe_id;
grant select on fixture to authenticated;

-- Each step as if in a transaction of its own: a transaction raises a list's (or the week's) version once, and the
-- change-feed migration keeps the versions it took in meal_planner.versions.
create function pg_temp.step() returns void language sql as $$
  select set_config('meal_planner.versions', '', true);
$$;
create function pg_temp.read(p_tool text, p_input jsonb) returns jsonb
language sql as $$
  select set_config('meal_planner.versions', '', true);
  select tests.call_tool('alice@retention.test', p_tool, p_input,
    jsonb_build_object('household_id', household_id, 'is_write', false)) -> 'data'
  from fixture;
$$;
create function pg_temp.item(p_name text) returns uuid language sql as $$
  select i.id from grocery_items i where i.name = p_name;
$$;
create function pg_temp.remove_item(p_name text, p_ago interval) returns bigint language sql as $$
  select pg_temp.step();
  update grocery_items set deleted_at = now() - p_ago where name = p_name returning version;
$$;

-- The list: bread stays, milk was removed 31 days ago, jam 29 days ago; oats, removed 40 days ago, stays as long as
-- oat milk (removed 5 days ago, merged into it) does. Jam is added by the tool, so its ledger lets it be restored.
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit)
select list_id, household_id, n, 1, 'whole' from fixture, unnest(array['bread', 'milk', 'oat milk', 'oats']) n;
select pg_temp.step();
select tests.call_tool('alice@retention.test', 'grocery.add_item', jsonb_build_object('grocery_list_id', list_id,
  'name', 'Rosa''s jam', 'quantity', 1, 'unit', 'whole'), jsonb_build_object('household_id', household_id))
from fixture;
create temporary table versions on commit drop as
select (select version from grocery_lists where id = (select list_id from fixture)) as before_milk,
  pg_temp.remove_item('milk', interval '31 days') as milk,
  pg_temp.remove_item('oats', interval '40 days') as oats,
  pg_temp.remove_item('Rosa''s jam', interval '29 days') as jam;
select pg_temp.step();
update grocery_items set deleted_at = now() - interval '5 days', merged_into_id = pg_temp.item('oats')
where name = 'oat milk';

-- A list removed 31 days ago goes with its items; one removed 29 days ago stays.
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit)
select old_list_id, household_id, 'crisps', 1, 'package' from fixture;
select pg_temp.step();
update grocery_lists set deleted_at = now() - interval '31 days' where id = (select old_list_id from fixture);
update grocery_lists set deleted_at = now() - interval '29 days' where id = (select recent_list_id from fixture);

-- The week: a recipe whose meal removed 31 days ago is gone, one removed 10 days ago, and one removed 31 days ago
-- whose contribution is still on bread (grocery.sync_plan withdraws by it).
insert into recipes (id, household_id, title, servings)
select recipe_id, household_id, 'Dal', 2 from fixture
union all select gone_recipe_id, household_id, 'Removed long ago', 2 from fixture
union all select planned_recipe_id, household_id, 'Removed but planned', 2 from fixture;
select pg_temp.step();
create temporary table meals on commit drop as
with added as (
  insert into planner_meals (household_id, recipe_id, date, meal_type)
  select household_id, recipe_id, date '2026-10-01', t from fixture, unnest(array['breakfast', 'lunch', 'dinner']) t
  union all select household_id, planned_recipe_id, date '2026-10-02', 'dinner' from fixture
  returning id, recipe_id, meal_type
)
select a.id, case when a.recipe_id = f.recipe_id then a.meal_type else 'kept' end as label from added a, fixture f;
create function pg_temp.meal(p_label text) returns uuid language sql as $$
  select id from meals where label = p_label;
$$;
create function pg_temp.remove_meal(p_label text, p_ago interval) returns bigint language sql as $$
  select pg_temp.step();
  update planner_meals set deleted_at = now() - p_ago where id = pg_temp.meal(p_label) returning version;
$$;
create temporary table week on commit drop as
select (select planner_version from households where id = (select household_id from fixture)) as before_removals,
  pg_temp.remove_meal('breakfast', interval '31 days') as breakfast,
  pg_temp.remove_meal('dinner', interval '31 days') as dinner,
  pg_temp.remove_meal('lunch', interval '10 days') as lunch;
insert into grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit)
select pg_temp.item('bread'), household_id, recipe_id, pg_temp.meal('dinner'), 1, 'whole'
from fixture;
select pg_temp.step();
update recipes set deleted_at = now() - interval '31 days'
where id in (select gone_recipe_id from fixture union all select planned_recipe_id from fixture);

-- Revisions: Dal has 60; 1–8 are 10 days old, 9 and 10 a day old, the rest new.
insert into recipe_revisions (household_id, recipe_id, revision, recipe, created_at)
select household_id, recipe_id, n, jsonb_build_object('title', 'Dal ' || n),
  case when n <= 8 then now() - interval '10 days' when n <= 10 then now() - interval '1 day' else now() end
from fixture, generate_series(1, 60) n;

-- Invites: revoked 31 days ago, expired 31 days ago, expired 20 days ago, live.
insert into household_invites (household_id, code, expires_at, revoked_at)
select household_id, c, e, r from fixture, (values
  ('revoked-long-ago', now() + interval '1 day', now() - interval '31 days'),
  ('expired-long-ago', now() - interval '31 days', null),
  ('expired-lately-1', now() - interval '20 days', null),
  ('still-working-01', now() + interval '5 days', null)) v(c, e, r);

select throws_ok($$select private.prune_retention(interval '6 days')$$, '22023', null,
  'removed rows are kept at least as long as the undo window');

select is(private.prune_retention() - 'planner_meal_series',
  '{"grocery_lists": 1, "grocery_items": 1, "planner_meals": 1, "recipes": 1, "recipe_revisions": 8,
    "household_invites": 2}'::jsonb,
  'one pruning: the old list, milk, the old meal, the unplanned recipe, 8 revisions, 2 invites');

-- What went, what stayed.
select is(array(select name from grocery_items where grocery_list_id = (select list_id from fixture) order by name collate "C"),
  '{"Rosa''s jam",bread,"oat milk",oats}'::text[],
  'milk went; bread (live), jam (29 days), oat milk (5 days) and oats (oat milk was merged into it) stayed');
select ok(not exists (select from grocery_lists where id = (select old_list_id from fixture))
    and not exists (select from grocery_items where name = 'crisps'),
  'the list removed 31 days ago went with its items');
select ok(exists (select from grocery_lists where id = (select recent_list_id from fixture)),
  'the list removed 29 days ago stays');
select is(array(select m.label from planner_meals p join meals m using (id) order by m.label),
  '{dinner,kept,lunch}'::text[],
  'the breakfast removed 31 days ago went; the dinner whose contribution is on bread and the lunch stayed');
select is((select planner_meal_id from grocery_item_sources where grocery_item_id = pg_temp.item('bread')),
  pg_temp.meal('dinner'), 'bread''s contribution still names its meal');
select is(array(select title from recipes where household_id = (select household_id from fixture) order by title),
  '{Dal,"Removed but planned"}'::text[],
  'the removed recipe nothing names went; the one a kept meal names stayed');
select is(array(select revision from recipe_revisions where recipe_id = (select recipe_id from fixture)
    order by revision), array(select generate_series(9, 60)),
  'revisions 1–8 went; 9 and 10 (inside the undo window) and the newest 50 stayed');
select is(array(select code from household_invites where household_id = (select household_id from fixture)
    order by code), '{expired-lately-1,still-working-01}'::text[],
  'invites revoked or expired 31 days ago went');

-- The horizons: the highest version pruned from each feed.
select results_eq(
  $$select grocery_list_id, pruned_version from private.change_feed_horizons
    where household_id = (select household_id from fixture) order by grocery_list_id nulls first$$,
  $$select null::uuid, breakfast from week union all select list_id, milk from fixture, versions$$,
  'each feed records the highest version it pruned: the list''s and the week''s');

-- The pulls, as the app makes them (the reader role, under row-level security).
select throws_ok(format($$select pg_temp.read('grocery.changes', '{"grocery_list_id": "%s", "since": %s}')$$,
    (select list_id from fixture), (select before_milk from versions)),
  'MP409', null, 'a pull from before the pruned removals is refused: re-read the list');
select throws_ok(format($$select pg_temp.read('grocery.changes', '{"grocery_list_id": "%s", "since": %s}')$$,
    (select list_id from fixture), (select milk - 1 from versions)),
  'MP409', null, 'so is one a version before the pruned removal');
select is(pg_temp.read('grocery.changes', jsonb_build_object('grocery_list_id', (select list_id from fixture),
    'since', (select milk from versions))) -> 'removed',
  jsonb_build_array(jsonb_build_object('id', pg_temp.item('oats'), 'merged_into_id', null),
    jsonb_build_object('id', pg_temp.item('Rosa''s jam'), 'merged_into_id', null),
    jsonb_build_object('id', pg_temp.item('oat milk'), 'merged_into_id', pg_temp.item('oats'))),
  'a pull from the pruned version gets every removal after it, the merged one with the line it went into');
select is(jsonb_array_length(pg_temp.read('grocery.changes', jsonb_build_object(
    'grocery_list_id', (select list_id from fixture), 'since', 0)) -> 'items'), 1,
  'since 0 (a client holding nothing) is answered: the live items');
select is((select pg_temp.read('grocery.changes', jsonb_build_object('grocery_list_id', (select list_id from fixture),
    'since', (select jam from versions)))) -> 'removed',
  jsonb_build_array(jsonb_build_object('id', pg_temp.item('oat milk'), 'merged_into_id', pg_temp.item('oats'))),
  'a pull from within the horizon is answered as before');
select throws_ok(format($$select pg_temp.read('grocery.changes', '{"grocery_list_id": "%s", "since": 0}')$$,
    (select old_list_id from fixture)),
  'MP404', null, 'the pruned list is not found');

select throws_ok(format($$select pg_temp.read('planner.changes',
    '{"start_date": "2026-10-01", "end_date": "2026-10-07", "since": %s}')$$, (select before_removals from week)),
  'MP409', null, 'a week pull from before the pruned meal is refused: re-read the week');
select is(pg_temp.read('planner.changes', jsonb_build_object('start_date', '2026-10-01', 'end_date', '2026-10-07',
    'since', (select breakfast from week))) -> 'removed',
  (select jsonb_agg(id order by version, id) from planner_meals where id in (pg_temp.meal('dinner'), pg_temp.meal('lunch'))),
  'a week pull from the pruned version gets the later removals');
select is(jsonb_array_length(pg_temp.read('planner.changes', jsonb_build_object('start_date', '2026-10-01',
    'end_date', '2026-10-07', 'since', 0)) -> 'meals'), 1, 'a week pull from 0 is answered');

-- Restores within the horizon still work.
select is(tests.call_tool('alice@retention.test', 'grocery.restore_item',
    jsonb_build_object('grocery_item_id', pg_temp.item('Rosa''s jam')),
    jsonb_build_object('household_id', (select household_id from fixture))) #>> '{data,item,name}', 'Rosa''s jam',
  'an item removed 29 days ago can be restored');
select pg_temp.step();
select is(tests.call_tool('alice@retention.test', 'grocery.restore_list',
    jsonb_build_object('grocery_list_id', (select recent_list_id from fixture)),
    jsonb_build_object('household_id', (select household_id from fixture))) #>> '{data,list,name}', 'Last month',
  'a list removed 29 days ago can be restored');

-- A second pruning finds nothing more, and leaves the horizons as they are.
select is(private.prune_retention(),
  '{"grocery_lists": 0, "grocery_items": 0, "planner_meals": 0, "planner_meal_series": 0, "recipes": 0,
    "recipe_revisions": 0, "household_invites": 0}'::jsonb, 'a second pruning removes nothing');

-- Nobody else reads a household's horizons, and no API role writes them.
select is(has_table_privilege('authenticated', 'private.change_feed_horizons', 'select')
    or has_table_privilege('anon', 'private.change_feed_horizons', 'select')
    or has_table_privilege('meal_planner_writer', 'private.change_feed_horizons', 'insert, update, delete'), false,
  'the API roles and the writer cannot change (nor anon and authenticated read) the horizons');

select * from finish();
rollback;
