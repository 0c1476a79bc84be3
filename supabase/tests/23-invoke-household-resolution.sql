-- invoke finds the caller's household, runs a read tool as authenticated and a write tool as the writer
-- role, with the caller's claims, and records every write.
begin;
set local search_path to public, extensions, tests;
select plan(12);

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('carol@test');
select tests.add_member(tests.household_of('bob@test'), 'carol@test');

-- A tool that reports how it was run; created in this transaction only.
create function app.test_echo(p_household_id uuid, p_input jsonb) returns jsonb language sql as $$
  select jsonb_build_object('household_id', p_household_id, 'uid', auth.uid(), 'role', current_user, 'input', p_input);
$$;
grant execute on function app.test_echo(uuid, jsonb) to authenticated;

create function pg_temp.invoke(p_email text, p_household_id uuid, p_scope text default 'household',
                               p_function text default 'app.test_echo', p_is_write boolean default false) returns text
language sql as $$
  select format('select private.invoke(%L)', tests.request_of(p_email, jsonb_build_object(
                'household_id', p_household_id, 'tool', 'test.echo', 'function', p_function, 'input', '{"a": 1}'::jsonb,
                'scope', p_scope, 'is_write', p_is_write, 'input_hash', 'hash')));
$$;

create temporary table echo on commit drop as
select private.invoke(tests.request_of('alice@test', '{"tool": "test.echo", "function": "app.test_echo", "input": {"a": 1},
                                                      "scope": "household", "is_write": true, "input_hash": "hash"}')) as response;

select is((select response -> 'data' ->> 'household_id' from echo)::uuid, tests.household_of('alice@test'),
          'a member of one household needs not name it');
select is((select response -> 'data' ->> 'uid' from echo)::uuid, tests.get_user_id('alice@test'), 'the tool sees the caller''s claims');
select is((select response -> 'data' ->> 'role' from echo), 'meal_planner_writer', 'a write tool runs as the writer role');
select is((select private.invoke(tests.request_of('alice@test', '{"tool": "test.echo", "function": "app.test_echo",
             "input": {}, "scope": "household", "is_write": false}')) -> 'data' ->> 'role'),
          'meal_planner_reader', 'a read tool runs as the reader role');
select is((select count(*) from tool_invocations where user_id = tests.get_user_id('alice@test') and tool = 'test.echo'
             and idempotency_key is null and response is not null),
          1::bigint, 'a write without a key is still recorded');

select throws_ok(pg_temp.invoke('carol@test', null), 'MP400',
                 'you belong to several households: name one with the X-Household-Id header or the household_id field, or set a default with household.set_default',
                 'a member of several households must name one');
select lives_ok(pg_temp.invoke('carol@test', tests.household_of('bob@test')), 'and may name any of them');
select throws_ok(pg_temp.invoke('alice@test', tests.household_of('bob@test')), 'MP404', 'household not found',
                 'a household the caller is not a member of is not found');
select is(private.invoke(tests.request_of('carol@test', '{"tool": "test.echo", "function": "app.test_echo", "input": {},
                                                        "scope": "user", "is_write": false}'))
            -> 'data' -> 'household_id',
          'null'::jsonb, 'a user-scoped tool runs without a household');

delete from household_members where user_id = tests.get_user_id('alice@test');
select throws_ok(pg_temp.invoke('alice@test', null), 'MP403', 'you are not a member of any household',
                 'a user without a household cannot run household tools');

select throws_ok(pg_temp.invoke('bob@test', null, 'household', 'private.invoke'), '42883',
                 'tool function private.invoke not found in schema app', 'only functions of schema app are tools');
select throws_ok(format('select private.invoke(%L)', '{"claims": {"role": "anon"}, "tool": "test.echo", "function": "app.test_echo",
                                                      "input": {}, "scope": "household", "is_write": false}'),
                 'MP401', 'not authenticated', 'claims without a signed-in user are refused');

select * from finish();
rollback;
