-- The private Realtime channel `household:<id>`: Realtime admits a user when a SELECT on realtime.messages, run
-- as the user with realtime.topic() set to the channel's topic, sees the broadcast row it inserted for the probe
-- (as supabase/realtime's Authorization module does, and the local stand-in). Members are admitted, nobody else;
-- nobody may insert (send); pokes come from private.poke_household and carry ids and versions only.
begin;
set local search_path to public, extensions, tests;
select plan(14);

select tests.create_user('member@rt.test'), tests.create_user('outsider@rt.test'), tests.create_user('second@rt.test');
select tests.add_member(tests.household_of('member@rt.test'), 'second@rt.test');

-- Realtime's read probe for a join: a row for the topic, the user's role, claims and topic, a SELECT, undone.
create function pg_temp.can_receive(p_claims jsonb, p_topic text, p_extension text default 'broadcast')
returns boolean
language plpgsql
as $$
declare
  v_id uuid := gen_random_uuid();
  v_seen boolean;
begin
  insert into realtime.messages (id, topic, extension) values (v_id, p_topic, p_extension);
  perform set_config('role', coalesce(p_claims ->> 'role', 'anon'), true);
  perform set_config('realtime.topic', p_topic, true);
  perform set_config('request.jwt.claims', p_claims::text, true);
  select exists (select 1 from realtime.messages m where m.id = v_id) into v_seen;
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
  delete from realtime.messages where id = v_id;
  return v_seen;
end;
$$;

-- Realtime's write probe: an insert as the user, which is what a client's broadcast on the channel needs.
create function pg_temp.send_as(p_claims jsonb, p_topic text) returns void
language plpgsql
as $$
begin
  perform set_config('role', p_claims ->> 'role', true);
  perform set_config('realtime.topic', p_topic, true);
  perform set_config('request.jwt.claims', p_claims::text, true);
  insert into realtime.messages (topic, extension, event, payload) values (p_topic, 'broadcast', 'poke', '{}');
end;
$$;

select ok(pg_temp.can_receive(tests.claims_of('member@rt.test'), 'household:' || tests.household_of('member@rt.test')),
          'a member may join (receive on) the household''s channel');
select ok(pg_temp.can_receive(tests.claims_of('second@rt.test'), 'household:' || tests.household_of('member@rt.test')),
          'so may a member who joined the household');
select ok(not pg_temp.can_receive(tests.claims_of('outsider@rt.test'), 'household:' || tests.household_of('member@rt.test')),
          'a user of another household may not');
select ok(not pg_temp.can_receive(tests.claims_of('member@rt.test'), 'household:' || tests.household_of('outsider@rt.test')),
          'nor may the member join the other household''s channel');
select ok(not pg_temp.can_receive('{"role": "anon"}', 'household:' || tests.household_of('member@rt.test')),
          'nor may anyone without signing in');
select ok(not pg_temp.can_receive(tests.claims_of('member@rt.test'), 'household:' || tests.household_of('member@rt.test'), 'presence'),
          'the channel is for broadcasts: presence is not admitted');
select ok(not pg_temp.can_receive(tests.claims_of('member@rt.test'), 'household:not-a-uuid')
          and not pg_temp.can_receive(tests.claims_of('member@rt.test'), tests.household_of('member@rt.test')::text),
          'a topic that names no household admits nobody, without an error');

select throws_ok(
  format('select pg_temp.send_as(%L, %L)', tests.claims_of('member@rt.test'), 'household:' || tests.household_of('member@rt.test')),
  '42501', 'new row violates row-level security policy for table "messages"',
  'not even a member may send on the channel: pokes come from the database');
select tests.clear_authentication();

select ok(not has_function_privilege('authenticated', 'private.poke_household(uuid, jsonb)', 'execute')
          and not has_function_privilege('anon', 'private.poke_household(uuid, jsonb)', 'execute'),
          'the API roles cannot poke');

-- A write tool pokes as the writer role, in its transaction.
create temporary table list_ids on commit drop as select gen_random_uuid() as id;
grant select on list_ids to authenticated;
select tests.write_as('member@rt.test');
select lives_ok(
  format('select private.poke_household(%L, jsonb_build_object(''list_id'', %L::uuid, ''version'', 7))',
         tests.household_of('member@rt.test'), (select id from list_ids)),
  'a write tool (the writer role) pokes the household');
select tests.clear_authentication();

select results_eq(
  format($$select topic, event, extension, private, payload - 'id'
           from realtime.messages where topic = 'household:%s'$$, tests.household_of('member@rt.test')),
  format($$values ('household:%s', 'poke', 'broadcast', true, jsonb_build_object('list_id', %L::uuid, 'version', 7))$$,
         tests.household_of('member@rt.test'), (select id from list_ids)),
  'the poke is one broadcast on the household''s private topic, with the list id and version only'
);
select ok((select (payload ->> 'id')::uuid = id from realtime.messages
           where topic = 'household:' || tests.household_of('member@rt.test')),
          'as hosted''s realtime.send, the message id travels in the payload');

select throws_ok(
  format($$select private.poke_household(%L, '{"list_id": "a", "item": {"name": "milk", "quantity": 2}}')$$,
         tests.household_of('member@rt.test')),
  '22023', 'a poke carries ids and versions only: a flat JSON object of at most 16 scalar values, under 1 KB',
  'a poke refuses a payload with a row in it');
select throws_ok(
  format($$select private.poke_household(%L, jsonb_build_object('note', repeat('x', 2000)))$$,
         tests.household_of('member@rt.test')),
  '22023', 'a poke carries ids and versions only: a flat JSON object of at most 16 scalar values, under 1 KB',
  'and one over 1 KB');

select * from finish();
rollback;
