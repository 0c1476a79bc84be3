-- A push's cost per line is its rows, not function calls (20261125001300_change_feed_write_costs.sql): its items
-- carry the list's version for the transaction without the item trigger running for each of them, and its reply is
-- built without a call per item. Counted with the transaction's function statistics (track_functions), so the test
-- holds on any machine: it counts calls, never time. The versions and the poke are what the change feed promises.
begin;
set local search_path to public, extensions, tests;
select plan(14);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;
grant select on fixture to authenticated;
-- 20 items to merge into (in cups); the push brings the same 20 ingredients in cups and in grams.
create temporary table ingredient_ids on commit drop as
select i.id from public.ingredients i where i.household_id is null order by i.normalized_name limit 20;
grant select on ingredient_ids to authenticated;
insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit)
select f.list_id, tests.household_of('alice@test'), g.id, 1, 'cup' from fixture f, ingredient_ids g;
-- The items were put there before the push, in a transaction of their own as an app's writes are: forgetting the
-- versions this one took stands in for that.
select set_config('meal_planner.versions', '', true);
create temporary table hot_before on commit drop as
select s.n_tup_hot_upd from pg_stat_xact_user_tables s where s.relid = 'public.grocery_items'::regclass;
-- The page each item to merge is on. A HOT update needs room on its row's page as well as no indexed column changed,
-- and on a database other tests share the pages these rows land on may hold others' new row versions, which this
-- transaction cannot prune; a row whose new version moved to another page found no room, whatever the push wrote.
create temporary table pages_before on commit drop as
select i.id, (i.ctid::text::point)[0] as page from grocery_items i join fixture f on i.grocery_list_id = f.list_id;
create temporary table pokes_before on commit drop as
select count(*) as pokes from realtime.messages m join fixture f on m.payload ->> 'grocery_list_id' = f.list_id::text;

-- The calls made before the push (the inserts above), so that only the push's are counted below.
set local track_functions = 'all';
create temporary table calls_before on commit drop as
select s.funcname, s.calls from pg_stat_xact_user_functions s where s.schemaname = 'private';
create function pg_temp.calls_of(p_names text[]) returns numeric
language sql as $$
  select coalesce(sum(s.calls - coalesce(b.calls, 0)), 0) from pg_stat_xact_user_functions s
  left join calls_before b on b.funcname = s.funcname
  where s.schemaname = 'private' and s.funcname = any(p_names)
$$;
select tests.write_as('alice@test');
create temporary table result on commit drop as
select app.grocery_push_ingredients(tests.household_of('alice@test'), jsonb_build_object(
  'grocery_list_id', f.list_id,
  'ingredients', (select jsonb_agg(jsonb_build_object('ingredient_id', g.id, 'quantity', 0.5, 'unit', u.unit))
    from ingredient_ids g, (values ('cup'), ('g')) u(unit)))) as response
from fixture f;
select tests.clear_authentication();

select is(response -> 'summary', '{"lines_received": 40, "items_added": 20, "items_merged": 20}'::jsonb,
  'the push merged 20 lines and added 20 items') from result;
select is(pg_temp.calls_of(array['stamp_grocery_item_version', 'list_version_for_change']), 0::numeric,
  'no version taken per merged or added row: each carries the version the list took');
select is(pg_temp.calls_of(array['stamp_grocery_item_update']), 0::numeric,
  'no item trigger call per merged row: the merge stamps its rows itself');
select is((select count(*) from grocery_items i join fixture f on i.grocery_list_id = f.list_id
           where i.unit = 'cup' and i.amount_version = i.version
             and i.amount_changed_by = tests.get_user_id('alice@test')),
  20::bigint, 'and a merged row''s amount is stamped as changed at the version, by its pusher, as the trigger does');
create temporary table stayed on commit drop as
select count(*) as rows from grocery_items i join pages_before b on b.id = i.id
where (i.ctid::text::point)[0] = b.page;
select ok((select rows from stayed) > 0, 'some merged rows found room on their page (on a fresh database, all 20)');
select is((select s.n_tup_hot_upd from pg_stat_xact_user_tables s where s.relid = 'public.grocery_items'::regclass)
    - (select n_tup_hot_upd from hot_before),
  (select rows from stayed),
  'every merged row with room on its page is a HOT update (it changes no indexed column): no index entry for it');
select is((select c.reloptions from pg_class c where c.oid = 'public.grocery_items'::regclass), array['fillfactor=70'],
  'and the table keeps room on its pages for such updates');
select is(pg_temp.calls_of(array['grocery_item_as_json', 'grocery_item_json']), 0::numeric,
  'no function call per item of the reply');
select is((select count(distinct i.version) from grocery_items i join fixture f on i.grocery_list_id = f.list_id),
  1::bigint, 'every item of the list carries one version, the transaction''s');
select is((select max(i.version) from grocery_items i join fixture f on i.grocery_list_id = f.list_id),
  (select l.version from grocery_lists l join fixture f on l.id = f.list_id),
  'and it is the list''s version');
select ok((select bool_and(i.updated_at > now()) from grocery_items i join fixture f on i.grocery_list_id = f.list_id
           where i.unit = 'cup'),
  'a merged item is stamped with the time of its change, not of its transaction''s start');
select is((select count(*) from realtime.messages m
           join fixture f on m.payload ->> 'grocery_list_id' = f.list_id::text) - (select pokes from pokes_before),
  1::bigint, 'one poke for the list in the push''s transaction');
select is((response -> 'merged' -> 0) - 'id' - 'ingredient_id',
  jsonb_build_object('name', (select i.name from ingredients i
      where i.id = (response -> 'merged' -> 0 ->> 'ingredient_id')::uuid),
    'quantity', 1.5, 'unit', 'cup', 'prep_state', null, 'checked', false, 'quantity_before', 1,
    'quantity_after', 1.5),
  'a merged item in the reply as grocery_item_as_json shows it, with its quantity before and after') from result;
select is((response -> 'added' -> 0) - 'id' - 'ingredient_id' - 'name',
  '{"quantity": 0.5, "unit": "g", "prep_state": null, "checked": false}'::jsonb,
  'an added item in the reply as grocery_item_as_json shows it') from result;

select * from finish();
rollback;
