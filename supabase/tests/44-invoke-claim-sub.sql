-- While a tool runs, private.invoke gives auth.uid() the caller's id as request.jwt.claim.sub, which auth.uid() reads
-- before it parses request.jwt.claims (as on hosted Supabase); afterwards the setting is put back, so claims changed
-- later in the same transaction are the ones auth.uid() reads.
begin;
set local search_path to public, extensions, tests;
select plan(6);

select tests.create_user('alice@test'), tests.create_user('bob@test');

-- A tool that reports what auth.uid() and the setting say while it runs; created in this transaction only.
create function app.test_claim_sub(p_household_id uuid, p_input jsonb) returns jsonb language sql as $$
  select jsonb_build_object('uid', auth.uid(), 'claim_sub', current_setting('request.jwt.claim.sub', true));
$$;
grant execute on function app.test_claim_sub(uuid, jsonb) to authenticated;

create function pg_temp.call_as(p_email text) returns jsonb
language sql as $$
  select private.invoke(tests.request_of(p_email, '{"tool": "test.claim_sub", "function": "app.test_claim_sub",
                                                    "input": {}, "scope": "household", "is_write": false}')) -> 'data';
$$;

create temporary table seen on commit drop as select pg_temp.call_as('alice@test') as data;

select is((select data ->> 'claim_sub' from seen)::uuid, tests.get_user_id('alice@test'),
          'the tool runs with the caller''s id as request.jwt.claim.sub');
select is((select data ->> 'uid' from seen)::uuid, tests.get_user_id('alice@test'), 'and auth.uid() is the caller');
select is(coalesce(current_setting('request.jwt.claim.sub', true), ''), '', 'after the call the setting is as it was');

select tests.authenticate_as('bob@test');
select is(auth.uid(), tests.get_user_id('bob@test'),
          'so a later sign-in in the same transaction is the one auth.uid() reads');
select tests.clear_authentication();

select set_config('request.jwt.claim.sub', tests.get_user_id('bob@test')::text, true);
select is((pg_temp.call_as('alice@test') ->> 'uid')::uuid, tests.get_user_id('alice@test'),
          'a setting made before the call does not speak for the caller');
select is(current_setting('request.jwt.claim.sub', true), tests.get_user_id('bob@test')::text,
          'and it is put back after the call');

select * from finish();
rollback;
