-- A member of household A cannot insert, update or delete B's rows, nor move
-- A's rows into B; B's rows are exactly as they were afterwards.
begin;
set local search_path to public, extensions, tests;

select tests.create_user('alice@test'), tests.create_user('bob@test');
select tests.seed_household(tests.household_of('alice@test')), tests.seed_household(tests.household_of('bob@test'));

-- A copy of one of B's rows under a new id, as Alice would try to insert it.
create temporary table targets on commit drop as
select t as table_name,
       tests.snapshot(t, tests.household_of('bob@test')) as b_before,
       tests.snapshot(t, tests.household_of('alice@test')) as a_before,
       (tests.snapshot(t, tests.household_of('bob@test')) -> 0)
         || jsonb_strip_nulls(jsonb_build_object(
              'id', case when t <> 'household_members' then gen_random_uuid() end,
              'code', case when t = 'household_invites' then 'alice-copy-code' end,
              'user_id', case when t in ('household_members', 'tool_invocations') then tests.get_user_id('alice@test') end,
              'created_by', tests.get_user_id('alice@test'))) as b_copy
from tests.household_tables() t
where t <> 'households';
grant select on targets to authenticated;

select plan((select count(*)::integer * 5 + 3 from targets));

select tests.write_as('alice@test');
select throws_ok(format('select tests.insert_row(%L, %L)', table_name, b_copy), '42501', null,
                 format('a member of A cannot insert into B''s %s', table_name))
from targets order by table_name;
select is(tests.update_rows(table_name, tests.household_of('bob@test')), 0::bigint,
          format('a member of A updates none of B''s %s', table_name))
from targets
where has_table_privilege(table_name, 'update') order by table_name;
select throws_ok(format('select tests.update_rows(%L, %L)', table_name, tests.household_of('bob@test')), '42501', null,
                 format('authenticated may not update %s at all', table_name))
from targets
where not has_table_privilege(table_name, 'update') order by table_name;
select is(tests.delete_rows(table_name, tests.household_of('bob@test')), 0::bigint,
          format('a member of A deletes none of B''s %s', table_name))
from targets
where has_table_privilege(table_name, 'delete') order by table_name;
select throws_ok(format('select tests.delete_rows(%L, %L)', table_name, tests.household_of('bob@test')), '42501', null,
                 format('authenticated may not delete from %s at all', table_name))
from targets
where not has_table_privilege(table_name, 'delete') order by table_name;
select throws_ok(format('select tests.move_rows(%L, %L, %L)', table_name, tests.household_of('alice@test'), tests.household_of('bob@test')),
                 '42501', null, format('a member of A cannot move A''s %s into B', table_name))
from targets order by table_name;

-- households has no household_id: B's row by its id.
select is(tests.update_rows('households', tests.household_of('bob@test')), 0::bigint, 'a member of A cannot update household B');
select throws_ok(format('select tests.delete_rows(%L, %L)', 'households', tests.household_of('bob@test')), '42501', null,
                 'households cannot be deleted through the API');

select tests.clear_authentication();
select is(tests.snapshot(table_name, tests.household_of('bob@test')), b_before,
          format('B''s %s are unchanged', table_name))
from targets order by table_name;
select is(
  (select count(*) from targets where tests.snapshot(table_name, tests.household_of('alice@test')) <> a_before),
  0::bigint, 'A''s rows are unchanged too');

select * from finish();
rollback;
