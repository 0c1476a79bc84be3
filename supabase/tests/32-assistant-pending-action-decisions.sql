-- A pending action is decided once, by a member of its household; another
-- household neither sees nor decides it; an expired one cannot be decided.
begin;
set local search_path to public, extensions, tests;
select plan(14);

select tests.create_user('alice@test'), tests.create_user('bob@test');

create function pg_temp.call(p_email text, p_step text, p_input jsonb, p_scope text default 'user') returns jsonb
language sql as $$
  select private.invoke(tests.request_of(p_email, jsonb_build_object(
           'tool', 'assistant.' || p_step, 'function', 'app.assistant_' || p_step, 'input', p_input,
           'scope', p_scope, 'is_write', p_step not in ('get_conversation', 'list_actions'), 'recorded', false))) -> 'data';
$$;

create function pg_temp.invoke(p_email text, p_step text, p_input jsonb) returns text
language sql as $$
  select format('select private.invoke(%L)', tests.request_of(p_email, jsonb_build_object(
                'tool', 'assistant.' || p_step, 'function', 'app.assistant_' || p_step, 'input', p_input,
                'scope', 'user', 'is_write', p_step not in ('get_conversation', 'list_actions'), 'recorded', false)));
$$;

create temporary table ids on commit drop as
select (pg_temp.call('alice@test', 'begin_turn', '{"message": "Tacos on Tuesday"}', 'household') ->> 'conversation_id')::uuid
  as conversation_id;
alter table ids add column action_id uuid, add column expired_id uuid;
update ids set action_id = (pg_temp.call('alice@test', 'propose_action', jsonb_build_object(
  'conversation_id', conversation_id, 'tool', 'planner.add_meal',
  'input', '{"date": "2026-12-01", "meal_type": "dinner"}'::jsonb), 'household') ->> 'id')::uuid;
with expired as (
  insert into pending_actions (household_id, tool, input, created_by, created_at, expires_at)
  values (tests.household_of('alice@test'), 'planner.add_meal', '{}', tests.get_user_id('alice@test'),
          now() - interval '2 days', now() - interval '1 day')
  returning id
)
update ids set expired_id = (select id from expired);

select is((select status from pending_actions where id = (select action_id from ids)), 'pending',
          'a proposed action waits for a decision');
select is(jsonb_array_length(pg_temp.call('alice@test', 'list_actions', '{"status": "pending"}') -> 'actions'), 1,
          'Alice''s pending list holds it (and not the expired one)');
select is(pg_temp.call('bob@test', 'list_actions', '{}') -> 'actions', '[]'::jsonb, 'Bob''s list is empty');
select throws_ok(pg_temp.invoke('bob@test', 'lock_action', jsonb_build_object('action_id', (select action_id from ids))),
                 'MP404', 'pending action not found', 'Bob cannot lock Alice''s action');
select throws_ok(pg_temp.invoke('bob@test', 'decide_action', jsonb_build_object(
                   'action_id', (select action_id from ids), 'status', 'confirmed', 'result', '{"ok": true}'::jsonb)),
                 'MP409', 'pending action not found or already decided', 'nor decide it');

select is(pg_temp.call('alice@test', 'lock_action', jsonb_build_object('action_id', (select action_id from ids))) -> 'decidable',
          'true'::jsonb, 'Alice can decide her action');
select is(pg_temp.call('alice@test', 'decide_action', jsonb_build_object(
            'action_id', (select action_id from ids), 'status', 'confirmed', 'result', '{"ok": true}'::jsonb)) ->> 'status',
          'confirmed', 'and confirms it');
select is((select decided_by from pending_actions where id = (select action_id from ids)), tests.get_user_id('alice@test'),
          'the decision records who made it');
select throws_ok(pg_temp.invoke('alice@test', 'decide_action', jsonb_build_object(
                   'action_id', (select action_id from ids), 'status', 'rejected', 'result', null)),
                 'MP409', 'pending action not found or already decided', 'a decided action cannot be decided again');
select is(pg_temp.call('alice@test', 'lock_action', jsonb_build_object('action_id', (select action_id from ids))) -> 'decidable',
          'false'::jsonb, 'locking it again says it is no longer decidable');
select is(pg_temp.call('alice@test', 'lock_action', jsonb_build_object('action_id', (select action_id from ids))) -> 'action' -> 'result',
          '{"ok": true}'::jsonb, 'and returns the first result');

select is(pg_temp.call('alice@test', 'lock_action', jsonb_build_object('action_id', (select expired_id from ids))) -> 'decidable',
          'false'::jsonb, 'an expired action is not decidable');
select is(pg_temp.call('alice@test', 'lock_action', jsonb_build_object('action_id', (select expired_id from ids))) -> 'action' ->> 'status',
          'expired', 'and is reported as expired');
select is((select jsonb_agg(a ->> 'id') from jsonb_array_elements(
             pg_temp.call('alice@test', 'list_actions', '{"status": "expired"}') -> 'actions') a),
          jsonb_build_array((select expired_id from ids)), 'the expired list holds it');

select * from finish();
rollback;
