-- private.invoke sets claims from its request: only the functions' database
-- role may run it, never a client.
begin;
set local search_path to public, extensions, tests;
select plan(9);

select tests.create_user('alice@test');

select ok(not has_function_privilege('anon', 'private.invoke(jsonb)', 'execute'),
          'anon cannot execute private.invoke');
select ok(not has_function_privilege('authenticated', 'private.invoke(jsonb)', 'execute'),
          'authenticated cannot execute private.invoke');
select ok(has_function_privilege('service_role', 'private.invoke(jsonb)', 'execute'),
          'service_role can execute private.invoke');
select ok(not has_function_privilege('authenticated', 'private.prune_invocations(interval)', 'execute'),
          'authenticated cannot prune invocations');
select is(
  array(select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace in ('private'::regnamespace, 'app'::regnamespace)
          and p.prosrc ilike '%request.jwt.claims%'
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))),
  '{}'::text[],
  'no function that sets claims is executable by anon or authenticated'
);
select ok(not has_function_privilege('anon', 'app.grocery_push_ingredients(uuid, jsonb)', 'execute'),
          'anon cannot execute the tools');

select tests.authenticate_as('alice@test');
select throws_ok(format($$select private.invoke(%L)$$, tests.request_of('alice@test',
                   '{"tool": "grocery.push_ingredients", "function": "app.grocery_push_ingredients", "input": {},
                     "scope": "household", "is_write": true, "input_hash": "x"}')),
                 '42501', 'permission denied for function invoke', 'a signed-in user cannot call private.invoke');
select throws_ok($$select private.prune_invocations('1 day')$$, '42501', 'permission denied for function prune_invocations',
                 'nor prune invocations');

select tests.authenticate_as_anon();
select throws_ok(format($$select private.invoke(%L)$$, tests.request_of('alice@test',
                   '{"tool": "grocery.push_ingredients", "function": "app.grocery_push_ingredients", "input": {},
                     "scope": "household", "is_write": true, "input_hash": "x"}')),
                 '42501', 'permission denied for schema private', 'anon cannot call private.invoke');

select * from finish();
rollback;
