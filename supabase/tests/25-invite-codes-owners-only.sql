-- Invite codes let anyone in, so only the household's owners see live ones: neither the invites table nor
-- the stored reply of household.create_invite shows them to a plain member.
begin;
set local search_path to public, extensions, tests;
select plan(6);

select tests.create_user('owner@test'), tests.create_user('member@test');
select tests.add_member(tests.household_of('owner@test'), 'member@test');

create temporary table invite on commit drop as
select private.invoke(tests.request_of('owner@test', jsonb_build_object(
  'household_id', tests.household_of('owner@test'), 'tool', 'household.create_invite',
  'function', 'app.household_create_invite', 'input', '{}'::jsonb, 'scope', 'household', 'is_write', true,
  'idempotency_key', 'invite-1', 'input_hash', 'hash'))) -> 'data' ->> 'code' as code;
grant select on invite to authenticated;

select tests.authenticate_as('member@test');
select is((select count(*) from household_invites), 0::bigint, 'a member sees no invite of the household');
select is((select count(*) from tool_invocations where response::text like '%' || (select code from invite) || '%'),
          0::bigint, 'nor the code in the owner''s stored reply');
select is((select count(*) from tool_invocations where tool = 'household.create_invite'), 0::bigint,
          'nor the invite''s invocation at all');

select tests.authenticate_as('owner@test');
select is((select code from household_invites), (select code from invite), 'the owner sees the live code');
select is((select count(*) from tool_invocations where tool = 'household.create_invite'), 1::bigint,
          'and the invocation that made it');

select tests.clear_authentication();
select is((select count(*) from household_invites where household_id = tests.household_of('owner@test')), 1::bigint,
          'the invite exists');

select * from finish();
rollback;
