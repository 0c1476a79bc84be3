-- private.invoke reads one record by key: a key missing, mistyped or unknown is
-- refused with 22023 before anything runs; optional keys may be null or absent.
begin;
set local search_path to public, extensions, tests;
select plan(12);

select tests.create_user('alice@test');

create function app.test_echo(p_household_id uuid, p_input jsonb) returns jsonb language sql as $$
  select jsonb_build_object('household_id', p_household_id, 'input', p_input);
$$;
grant execute on function app.test_echo(uuid, jsonb) to authenticated;

-- A valid request with p_change applied (a key set to null by p_change is kept as null).
create function pg_temp.request(p_change jsonb default '{}') returns jsonb language sql as $$
  select tests.request_of('alice@test', '{"tool": "test.echo", "function": "app.test_echo", "input": {"a": 1},
                                         "scope": "household", "is_write": true, "idempotency_key": "key-1",
                                         "input_hash": "hash"}') || p_change;
$$;

create function pg_temp.invoke(p_request jsonb) returns text language sql as $$
  select format('select private.invoke(%L)', p_request);
$$;

select is(private.invoke(pg_temp.request()) -> 'data',
          jsonb_build_object('household_id', tests.household_of('alice@test'), 'input', '{"a": 1}'::jsonb),
          'a full request runs');
select is(private.invoke(pg_temp.request('{"household_id": null, "idempotency_key": null, "input_hash": null}'))
            -> 'data' ->> 'household_id',
          tests.household_of('alice@test')::text, 'the optional keys may be null');
select is(private.invoke(pg_temp.request() - 'household_id' - 'idempotency_key' - 'input_hash') -> 'data' -> 'input',
          '{"a": 1}'::jsonb, 'or absent');
select is(private.invoke(pg_temp.request('{"input": null, "is_write": false}')) -> 'data' -> 'input', 'null'::jsonb,
          'the input may be null');

select throws_ok(pg_temp.invoke('[]'), '22023', 'the invoke request must be a JSON object', 'an array is refused');
select throws_ok('select private.invoke(null)', '22023', 'the invoke request must be a JSON object', 'so is null');
select throws_ok(pg_temp.invoke(tests.request_of('alice@test', '{}')), '22023',
                 'invalid invoke request: tool must be a string; function must be a string; input must be present (any JSON value); scope must be a string; is_write must be true or false',
                 'every missing required key is named');
select throws_ok(pg_temp.invoke(pg_temp.request('{"is_write": "yes", "claims": "alice"}')), '22023',
                 'invalid invoke request: claims must be an object; is_write must be true or false',
                 'a mistyped key is refused');
select throws_ok(pg_temp.invoke(pg_temp.request('{"tool": null}')), '22023', 'invalid invoke request: tool must be a string',
                 'a required key cannot be null');
select throws_ok(pg_temp.invoke(pg_temp.request('{"household_id": 7}')), '22023',
                 'invalid invoke request: household_id must be a uuid string or null', 'the household is a string');
select throws_ok(pg_temp.invoke(pg_temp.request() - 'household_id' || '{"householdId": "x"}'), '22023',
                 'invalid invoke request: householdId is not a key of the request',
                 'a misspelt key is refused, not read as a missing household');
select is((select count(*) from tool_invocations where tool = 'test.echo'), 3::bigint,
          'the three writes that ran were recorded, the refused requests nothing');

select * from finish();
rollback;
