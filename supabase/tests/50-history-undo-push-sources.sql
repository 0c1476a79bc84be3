-- A push's source rows carry its invocation id (private.invoke sets it), and history.undo takes back exactly
-- those rows: the earlier push's contribution stays. An unrecorded call leaves the id empty.
begin;
set local search_path to public, extensions, tests;
select plan(8);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

create function pg_temp.call(p_tool text, p_input jsonb, p_recorded boolean default true) returns jsonb
language sql as $$
  select tests.call_tool('alice@test', p_tool, p_input, jsonb_build_object('recorded', p_recorded));
$$;

create function pg_temp.push(p_quantity numeric, p_recorded boolean default true) returns jsonb language sql as $$
  select pg_temp.call('grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
    'ingredients', jsonb_build_array(jsonb_build_object(
      'ingredient_id', tests.ingredient('white rice'), 'quantity', p_quantity, 'unit', 'cup'))), p_recorded)
  from fixture;
$$;

create temporary table first on commit drop as select pg_temp.push(2) as response;
create temporary table second on commit drop as select pg_temp.push(0.5) as response;
-- One transaction gives both pushes one now(): the first is moved back, as a separate call would have been.
update tool_invocations set created_at = created_at - interval '1 minute'
where tool = 'grocery.push_ingredients' and jsonb_array_length(response -> 'added') = 1;
create temporary table invocations on commit drop as
select id, tool from tool_invocations where household_id = tests.household_of('alice@test');

select is((select count(*) from grocery_item_sources s join invocations i on i.id = s.invocation_id), 2::bigint,
  'each contribution names the push that made it');
select is(current_setting('meal_planner.invocation_id', true), '', 'invoke clears the setting when the tool returns');

select is((pg_temp.call('history.undo', '{}') -> 'data' ->> 'message'), 'Took back what it added to 1 item.',
  'the undo takes back the last push');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 2 cup')$$,
  'and only its contribution');
select is((select count(*) from grocery_item_sources s where s.household_id = tests.household_of('alice@test')),
  1::bigint, 'its source row is gone, the first push''s stays');

select pg_temp.push(1, false);
select is((select count(*) from grocery_item_sources s
  where s.household_id = tests.household_of('alice@test') and s.invocation_id is null), 1::bigint,
  'an unrecorded call''s contribution names no invocation');

select tests.authenticate_as('alice@test');
select throws_ok($$delete from grocery_item_sources$$, '42501', 'permission denied for table grocery_item_sources',
  'a member cannot delete source rows through the Data API');
select tests.clear_authentication();

select pg_temp.call('history.undo', '{}');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1 cup')$$,
  'undoing the first push subtracts its 2 cups and leaves what the unrecorded call added');

select * from finish();
rollback;
