-- The same idempotency key with the same input returns the stored response and adds nothing; a write without
-- a key is recorded once, after it ran, with its reply, and with no hash (nothing can replay it).
begin;
set local search_path to public, extensions, tests;
select plan(10);

select tests.create_user('alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

-- A cup of rice per unit of p_quantity; with p_key, as a keyed write.
create function pg_temp.push(p_quantity numeric, p_key text default null) returns jsonb language sql as $$
  select tests.call_tool('alice@test', 'grocery.push_ingredients', jsonb_build_object('grocery_list_id', list_id,
    'ingredients', jsonb_build_array(
      jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', p_quantity, 'unit', 'cup'))),
    case when p_key is null then '{}'::jsonb else jsonb_build_object('idempotency_key', p_key, 'input_hash', 'hash-1') end)
  from fixture;
$$;

create temporary table first on commit drop as select pg_temp.push(1, 'key-1') as response;
create temporary table second on commit drop as select pg_temp.push(1, 'key-1') as response;

select is(current_user::text, 'postgres', 'invoke hands the role back when it returns');
select is((select response ->> 'replayed' from first), 'false', 'the first call executes');
select is((select response ->> 'replayed' from second), 'true', 'the second call is a replay');
select is((select response -> 'data' from second), (select response -> 'data' from first), 'the replay returns the stored response');
select is((select response ->> 'household_id' from second)::uuid, tests.household_of('alice@test'), 'and the household it ran in');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1 cup')$$, 'rice was added once');
select is((select count(*) from tool_invocations where idempotency_key = 'key-1'), 1::bigint, 'one invocation is recorded');

create temporary table unkeyed on commit drop as select pg_temp.push(2) as response;
create temporary table unkeyed_records on commit drop as
select response, input_hash from tool_invocations
where household_id = tests.household_of('alice@test') and idempotency_key is null;
select is((select count(*) from unkeyed_records), 1::bigint, 'a write without a key is recorded once');
select is((select response from unkeyed_records), (select response -> 'data' from unkeyed), 'with its reply');
select is((select input_hash from unkeyed_records), null, 'and no hash');

select * from finish();
rollback;
