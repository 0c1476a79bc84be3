-- The calls a household makes most (read a list, list its recipes, tick an item) call no SQL-language function with
-- a SET clause: such a function is never inlined and, before PostgreSQL 18, is parsed and planned again at every
-- call, where plpgsql keeps its plans for the session (one list read spent a twelfth of its work so, a tick a
-- quarter). Counted with track_functions, so the test holds on any machine: it never times anything.
begin;
set local search_path to public, extensions, tests;
select plan(7);

select ok(tests.create_user('cook@plan-once.test') is not null, 'a member to call as');
create temporary table fixture on commit drop as
select tests.household_of('cook@plan-once.test') as household_id,
  tests.create_list(tests.household_of('cook@plan-once.test'), 'Shop') as list_id;
create temporary table items on commit drop as
select tests.add_item(f.list_id, name, 1, 'whole', null) as item_id
from fixture f cross join unnest(array['onion', 'carrot', 'garlic']) name;

-- Every function of ours that is planned at each call: SQL language, with a SET clause (search_path).
create temporary table planned_each_call on commit drop as
select p.oid as funcid, p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname in ('public', 'private', 'app') and p.prolang = (select l.oid from pg_language l where l.lanname = 'sql')
  and p.proconfig is not null;

set local track_functions = 'all';
create function pg_temp.planned_calls() returns jsonb
language sql as $$
  select coalesce(jsonb_object_agg(p.name, s.calls), '{}') from pg_stat_xact_user_functions s
  join planned_each_call p on p.funcid = s.funcid
$$;
create temporary table counted (call text primary key, before jsonb, after jsonb) on commit drop;

create function pg_temp.count_call(p_call text, p_tool text, p_input jsonb, p_write boolean) returns void
language plpgsql as $$
begin
  insert into counted (call, before) values (p_call, pg_temp.planned_calls());
  perform tests.call_tool('cook@plan-once.test', p_tool, p_input,
    jsonb_build_object('household_id', (select household_id from fixture), 'is_write', p_write, 'recorded', p_write));
  update counted set after = pg_temp.planned_calls() where call = p_call;
end;
$$;

select pg_temp.count_call('grocery.get_list', 'grocery.get_list',
  jsonb_build_object('grocery_list_id', list_id), false) from fixture;
-- A page with a next one: 3 recipes, 2 a page.
select tests.call_tool('cook@plan-once.test', 'recipe.create', jsonb_build_object('title', title, 'servings', 2,
  'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 1,
  'unit', 'whole'))), jsonb_build_object('household_id', (select household_id from fixture)))
from unnest(array['Broth', 'Curry', 'Dal']) title;
select pg_temp.count_call('recipe.list', 'recipe.list', '{"limit": 2}', false);
select pg_temp.count_call('grocery.check_item', 'grocery.check_item',
  jsonb_build_object('grocery_item_id', (select item_id from items limit 1)), true);
select pg_temp.count_call('grocery.uncheck_item', 'grocery.uncheck_item',
  jsonb_build_object('grocery_item_id', (select item_id from items limit 1)), true);
select pg_temp.count_call('grocery.add_item', 'grocery.add_item',
  jsonb_build_object('grocery_list_id', list_id, 'ingredient_id', tests.ingredient('milk'), 'quantity', 1, 'unit', 'l'),
  true) from fixture;
select pg_temp.count_call('recipe.create', 'recipe.create', jsonb_build_object('title', 'Soup', 'servings', 4,
  'ingredients', jsonb_build_array(jsonb_build_object('ingredient_id', tests.ingredient('onion'), 'quantity', 2,
  'unit', 'whole'))), true);

-- The functions called during the call, by name, with how many times: none.
create function pg_temp.called(p_call text) returns jsonb
language sql as $$
  select coalesce(jsonb_object_agg(a.key, a.value::bigint - coalesce((c.before ->> a.key)::bigint, 0))
    filter (where a.value::bigint > coalesce((c.before ->> a.key)::bigint, 0)), '{}')
  from counted c cross join jsonb_each_text(c.after) a where c.call = p_call
$$;
select is(pg_temp.called('grocery.get_list'), '{}'::jsonb, 'a list read plans nothing again');
select is(pg_temp.called('recipe.list'), '{}'::jsonb, 'a recipe list plans nothing again');
select is(pg_temp.called('grocery.check_item'), '{}'::jsonb, 'a tick plans nothing again');
select is(pg_temp.called('grocery.uncheck_item'), '{}'::jsonb, 'an untick plans nothing again');
select is(pg_temp.called('grocery.add_item'), '{}'::jsonb, 'adding an item plans nothing again');
select is(pg_temp.called('recipe.create'), '{}'::jsonb, 'adding a recipe plans nothing again');

select * from finish();
rollback;
