-- Undoing a removal puts the member back exactly (role, default flag, joining time), and only an owner may:
-- a plain member may add no one, and the removed member can no longer name the household. A join is a write of
-- the household joined: its members see it (not the invite), and its undo gives the invite its use back.
begin;
set local search_path to public, extensions, tests;
select plan(10);

select tests.create_user('owner@test'), tests.create_user('member@test'), tests.create_user('plain@test');
select tests.add_member(tests.household_of('owner@test'), 'plain@test');

create function pg_temp.call(p_email text, p_tool text, p_input jsonb, p_scope text default 'household')
returns jsonb
language sql as $$
  select tests.call_tool(p_email, p_tool, p_input, jsonb_build_object('scope', p_scope,
    'household_id', case when p_scope = 'household' then tests.household_of('owner@test') end)) -> 'data';
$$;

create temporary table invite on commit drop as
select pg_temp.call('owner@test', 'household.create_invite', '{}') ->> 'code' as code;
select pg_temp.call('member@test', 'household.join', jsonb_build_object('code', code), 'user') from invite;
select pg_temp.call('member@test', 'household.set_default', '{}');
create temporary table joined on commit drop as
select * from household_members where user_id = tests.get_user_id('member@test')
  and household_id = tests.household_of('owner@test');
select pg_temp.call('owner@test', 'household.remove_member',
  jsonb_build_object('user_id', tests.get_user_id('member@test')));
create temporary table writes on commit drop as
select tool, id from tool_invocations
where user_id in (tests.get_user_id('owner@test'), tests.get_user_id('member@test'))
  and tool in ('household.join', 'household.remove_member');
grant select on writes, invite to authenticated;

select throws_ok(
  format($$select pg_temp.call('plain@test', 'history.undo', %L)$$,
    jsonb_build_object('invocation_id', (select id from writes where tool = 'household.remove_member'))),
  'MP403', 'only an owner of the household can undo a member leaving or being removed',
  'a plain member cannot undo a removal');
select throws_ok(
  format($$select pg_temp.call('member@test', 'history.undo', %L)$$,
    jsonb_build_object('invocation_id', (select id from writes where tool = 'household.remove_member'))),
  'MP404', 'owner@test removed you from My household.',
  'nor can the removed member, who can no longer name the household (told who removed them)');
select is((select count(*) from household_members where household_id = tests.household_of('owner@test')), 2::bigint,
  'the member is still out');

select is(pg_temp.call('owner@test', 'history.undo',
    jsonb_build_object('invocation_id', (select id from writes where tool = 'household.remove_member'))) ->> 'message',
  'Put the member back as a member.', 'an owner undoes the removal');
select results_eq(
  $$select role, is_default, created_at from household_members
    where user_id = tests.get_user_id('member@test') and household_id = tests.household_of('owner@test')$$,
  $$select role, is_default, created_at from joined$$,
  'the member is back with their role, default flag and joining time');

select tests.authenticate_as('plain@test');
select is((select count(*) from tool_invocations where id = (select id from writes where tool = 'household.join')),
  1::bigint, 'a plain member sees the join in the household''s history');
select is((select count(*) from household_invites), 0::bigint, 'but not the invite it used');
select tests.clear_authentication();

-- The member's default flag does not stand in the way of the join's undo (since the onboarding migration a join
-- sets it, and leaving and coming back clears it): the member who joined takes it back.
select lives_ok(
  format($$select pg_temp.call('member@test', 'history.undo', %L)$$,
    jsonb_build_object('invocation_id', (select id from writes where tool = 'household.join'))),
  'the member who joined undoes their own join');
select is((select array_agg(household_id) from household_members where user_id = tests.get_user_id('member@test')),
  array[tests.household_of('member@test')], 'they are in their own household only');
select is((select use_count from household_invites where code = (select code from invite)), 0,
  'and the invite has its use back');

select * from finish();
rollback;
