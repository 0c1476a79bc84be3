-- Signing up creates a personal household with the new user as its owner.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select tests.create_user('alice@test'), tests.create_user('bob@test');

select is((select count(*) from household_members where user_id = tests.get_user_id('alice@test')), 1::bigint,
          'a new user belongs to exactly one household');
select is((select role from household_members where user_id = tests.get_user_id('alice@test')), 'owner',
          'and owns it');
select isnt(tests.household_of('alice@test'), tests.household_of('bob@test'), 'each user gets a household of their own');

select tests.write_as('alice@test');
select is((select array_agg(name) from households), array['My household'], 'the user sees their household');

select * from finish();
rollback;
