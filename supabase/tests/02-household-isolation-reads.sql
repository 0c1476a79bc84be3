-- Alice (household A) and Bob (household B) each own one row in every household
-- table; Carol is a member of both.
begin;
set local search_path to public, extensions, tests;

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('carol@test');
select tests.add_member(tests.household_of('alice@test'), 'carol@test');
select tests.add_member(tests.household_of('bob@test'), 'carol@test');
select tests.seed_household(tests.household_of('alice@test')), tests.seed_household(tests.household_of('bob@test'));

create temporary table expected on commit drop as
select t as table_name,
       tests.count_rows(t, tests.household_of('alice@test')) as a_rows,
       tests.count_rows(t, tests.household_of('bob@test')) as b_rows
from tests.household_tables() t;
grant select on expected to authenticated;

select plan((select count(*)::integer * 3 + 1 from expected));

select ok((select bool_and(a_rows > 0 and b_rows > 0) from expected), 'the fixture has rows of both households in every table');

select tests.authenticate_as('alice@test');
select is(tests.count_rows(table_name, tests.household_of('bob@test')), 0::bigint,
          format('a member of A sees none of B''s %s', table_name))
from expected order by table_name;
select is(tests.count_rows(table_name, tests.household_of('alice@test')), a_rows,
          format('a member of A sees all of A''s %s', table_name))
from expected order by table_name;

select tests.authenticate_as('carol@test');
select is(tests.count_rows(table_name, tests.household_of('alice@test')) + tests.count_rows(table_name, tests.household_of('bob@test')),
          -- Invites are the owners' alone (pgTAP 25): Carol, a plain member of both, sees none.
          case when table_name = 'household_invites' then 0::bigint else a_rows + b_rows end,
          format('a member of both sees both households'' %s', table_name))
from expected order by table_name;

select * from finish();
rollback;
