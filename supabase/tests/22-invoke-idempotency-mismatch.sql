-- The same key with a different input or tool is refused (422), and changes nothing.
begin;
set local search_path to public, extensions, tests;
select plan(5);

select tests.create_user('alice@test'), tests.create_user('bob@test');
select tests.add_member(tests.household_of('bob@test'), 'alice@test');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('alice@test'), 'Weekly') as list_id;

create function pg_temp.push(p_tool text, p_quantity numeric, p_hash text, p_household_id uuid default null) returns text
language sql as $$
  select format('select private.invoke(%L)', tests.request_of('alice@test', jsonb_build_object(
    'household_id', coalesce(p_household_id, tests.household_of('alice@test')), 'tool', p_tool,
    'function', 'app.grocery_push_ingredients',
    'input', jsonb_build_object('grocery_list_id', list_id, 'ingredients', jsonb_build_array(
      jsonb_build_object('ingredient_id', tests.ingredient('white rice'), 'quantity', p_quantity, 'unit', 'cup'))),
    'scope', 'household', 'is_write', true, 'idempotency_key', 'key-1', 'input_hash', p_hash)))
  from fixture;
$$;

select lives_ok(pg_temp.push('grocery.push_ingredients', 1, 'hash-1'), 'the first call runs');
select throws_ok(pg_temp.push('grocery.push_ingredients', 2, 'hash-2'), 'MP422', 'idempotency key reused with a different input',
                 'the same key with a different input is refused');
select throws_ok(pg_temp.push('grocery.add_item', 1, 'hash-1'), 'MP422', 'idempotency key reused with a different input',
                 'the same key for another tool is refused');
select throws_ok(pg_temp.push('grocery.push_ingredients', 1, 'hash-1', tests.household_of('bob@test')), 'MP422',
                 'idempotency key reused with a different input', 'the same key in another household is refused');
select results_eq('select tests.list_items(list_id) from fixture', $$values ('white rice 1 cup')$$, 'only the first call changed the list');

select * from finish();
rollback;
