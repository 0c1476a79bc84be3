-- Alice and Bob each talk to the assistant in their own household. Neither can
-- read, continue, write into or retitle the other's conversation, and a message
-- or pending action can only belong to a conversation of its own household.
begin;
set local search_path to public, extensions, tests;
select plan(17);

select tests.create_user('alice@test'), tests.create_user('bob@test');

create function pg_temp.invoke(p_email text, p_step text, p_input jsonb, p_scope text default 'household') returns text
language sql as $$
  select format('select private.invoke(%L)', tests.request_of(p_email, jsonb_build_object(
                'tool', 'assistant.' || p_step, 'function', 'app.assistant_' || p_step, 'input', p_input,
                'scope', p_scope, 'is_write', p_step not in ('get_conversation', 'list_actions'), 'recorded', false)));
$$;

-- Runs as the current role, so row-level security decides which rows it reaches.
create function pg_temp.retitle(p_conversation_id uuid, p_title text) returns integer
language plpgsql as $$
declare
  v_count integer;
begin
  update public.conversations set title = p_title where id = p_conversation_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
grant execute on function pg_temp.retitle(uuid, text) to meal_planner_writer;

create temporary table turns on commit drop as
select 'alice' as who, private.invoke(tests.request_of('alice@test', '{"tool": "assistant.begin_turn",
         "function": "app.assistant_begin_turn", "input": {"message": "  What is   for dinner?  "},
         "scope": "household", "is_write": true, "recorded": false}')) as response
union all
select 'bob', private.invoke(tests.request_of('bob@test', '{"tool": "assistant.begin_turn",
         "function": "app.assistant_begin_turn", "input": {"message": "Plan my week"}, "scope": "household", "is_write": true, "recorded": false}'));

create temporary table ids on commit drop as
select (select (response -> 'data' ->> 'conversation_id')::uuid from turns where who = 'alice') as alices,
       (select (response -> 'data' ->> 'conversation_id')::uuid from turns where who = 'bob') as bobs;
grant select on ids to authenticated, anon;

select is((select jsonb_agg(message - 'created_at') from turns, jsonb_array_elements(response -> 'data' -> 'history') message
           where who = 'alice'),
          '[{"role": "user", "content": [{"type": "text", "text": "  What is   for dinner?  "}]}]'::jsonb,
          'a new turn stores the user''s message and returns it as the history');
select is((select household_id from conversations where id = (select alices from ids)), tests.household_of('alice@test'),
          'the conversation belongs to the caller''s household');
select is((select title from conversations where id = (select alices from ids)), 'What is for dinner?',
          'and is titled by its first message');

select throws_ok(pg_temp.invoke('bob@test', 'begin_turn',
                   jsonb_build_object('conversation_id', (select alices from ids), 'message', 'Hi')),
                 'MP404', 'conversation not found', 'Bob cannot continue Alice''s conversation');
select throws_ok(pg_temp.invoke('bob@test', 'get_conversation',
                   jsonb_build_object('conversation_id', (select alices from ids)), 'user'),
                 'MP404', 'conversation not found', 'nor read it through the assistant');
select throws_ok(pg_temp.invoke('bob@test', 'save_messages', jsonb_build_object(
                   'conversation_id', (select alices from ids),
                   'messages', '[{"role": "user", "content": [{"type": "text", "text": "psst"}]}]'::jsonb)),
                 '23503', null, 'nor save messages into it');
select is((select count(*) from conversation_messages where conversation_id = (select alices from ids)), 1::bigint,
          'Alice''s conversation still holds her one message');

select tests.write_as('bob@test');
select is((select count(*) from conversations where id = (select alices from ids)), 0::bigint,
          'Bob does not see Alice''s conversation');
select is((select count(*) from conversation_messages where conversation_id = (select alices from ids)), 0::bigint,
          'nor its messages');
select is((select count(*) from conversations), 1::bigint, 'Bob sees his own conversation only');
select throws_ok(format($$insert into conversation_messages (conversation_id, household_id, role, content)
                          values (%L, %L, 'user', '[]')$$, (select alices from ids), tests.household_of('alice@test')),
                 '42501', 'new row violates row-level security policy for table "conversation_messages"',
                 'Bob cannot add a message to Alice''s household');
select throws_ok(format($$insert into conversation_messages (conversation_id, household_id, role, content)
                          values (%L, %L, 'user', '[]')$$, (select alices from ids), tests.household_of('bob@test')),
                 '23503', null, 'nor file a message of his household under Alice''s conversation');
select throws_ok(format($$insert into pending_actions (household_id, conversation_id, tool, input)
                          values (%L, %L, 'planner.add_meal', '{}')$$, tests.household_of('bob@test'), (select alices from ids)),
                 '23503', null, 'nor a pending action');
select is(pg_temp.retitle((select alices from ids), 'mine now'), 0, 'Bob cannot retitle Alice''s conversation');

select tests.write_as('alice@test');
select is((select title from conversations where id = (select alices from ids)), 'What is for dinner?',
          'Alice''s conversation is as it was');

select tests.authenticate_as_anon();
select throws_ok('select count(*) from conversations', '42501', 'permission denied for table conversations',
                 'anon cannot read conversations');
select throws_ok(format('select app.assistant_get_conversation(null, %L)',
                   jsonb_build_object('conversation_id', (select alices from ids))),
                 '42501', 'permission denied for schema app',
                 'nor call the assistant''s SQL');

select * from finish();
rollback;
