-- Deleting a user, as GoTrue does (delete from auth.users), in a household with a year of data:
-- it scans no large table whole, their rows stay with the household with the reference set to null, the other
-- member becomes owner of a household the user owned alone, and a household with no other member goes.
begin;
set local search_path to public, extensions, tests;
select plan(8);

select tests.create_user('alice@test'), tests.create_user('bob@test'), tests.create_user('carol@test');
select tests.add_member(tests.household_of('alice@test'), 'bob@test');

-- A year of one household, written half by alice and half by bob, beside eleven other households' years, so that
-- alice's rows are a small part of each table, as on a project with many households.
create temporary table authors on commit drop as
select tests.household_of('alice@test') as household_id, tests.get_user_id('alice@test') as alice,
       tests.get_user_id('bob@test') as bob;
do $$
declare
  v_household uuid;
  v_users uuid[];
  v_recipe uuid;
  v_list uuid;
begin
  for n in 0..11 loop
    if n = 0 then
      select household_id, array[alice, bob] into v_household, v_users from authors;
    else
      v_users := array[tests.create_user(format('other%s@test', n))];
      v_household := tests.household_of(format('other%s@test', n));
    end if;
    insert into public.recipes (household_id, title, created_by)
    select v_household, format('Recipe %s', i), v_users[1 + i % cardinality(v_users)] from generate_series(1, 100) i;
    select id into v_recipe from public.recipes where household_id = v_household limit 1;
    insert into public.planner_meals (household_id, recipe_id, date, meal_type, created_by)
    select v_household, v_recipe, date '2026-01-01' + i, 'dinner', v_users[1 + i % cardinality(v_users)]
    from generate_series(0, 364) i;
    for week in 1..52 loop
      insert into public.grocery_lists (household_id, name, created_by)
      values (v_household, format('Week %s', week), v_users[1 + week % cardinality(v_users)])
      returning id into v_list;
      insert into public.grocery_items (household_id, grocery_list_id, name, quantity, unit, created_by, checked,
                                        checked_by, checked_at)
      select v_household, v_list, format('item %s', i), 1, 'whole', v_users[1 + i % cardinality(v_users)],
             i % 2 = 0, case when i % 2 = 0 then v_users[1 + (i / 2) % cardinality(v_users)] end,
             case when i % 2 = 0 then now() end
      from generate_series(1, 20) i;
    end loop;
    insert into public.grocery_item_sources (household_id, grocery_item_id, quantity_added, unit, created_by)
    select v_household, i.id, 1, 'whole', i.created_by from public.grocery_items i where i.household_id = v_household;
    insert into public.tool_invocations (household_id, user_id, tool, is_write, response)
    select v_household, v_users[1 + i % cardinality(v_users)], 'grocery.check_item', true, '{}'
    from generate_series(1, 1000) i;
  end loop;
end;
$$;
analyze public.recipes, public.planner_meals, public.grocery_lists, public.grocery_items,
  public.grocery_item_sources, public.tool_invocations, public.household_members;

create temporary table scans_before on commit drop as
select relid, relname, seq_scan from pg_stat_xact_user_tables where schemaname = 'public';
create temporary table sizes on commit drop as
select c.relname, c.reltuples from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r';

-- What is asked is whether each cascade has an index it can use. On tables this small the planner may rightly prefer
-- a whole scan when the other tests' rows shift its estimates (a run's grocery_lists held 1,002 rows), so whole
-- scans are priced out here: one that still happens has no index to use.
set local enable_seqscan = off;
delete from auth.users where id = (select alice from authors);
reset enable_seqscan;

select is(
  array(select format('%s (%s rows)', b.relname, s.reltuples::bigint)
        from scans_before b
        join pg_stat_xact_user_tables a using (relid)
        join sizes s on s.relname = b.relname
        where a.seq_scan > b.seq_scan and s.reltuples > 1000
        order by 1),
  '{}'::text[],
  'deleting a user scans no table of more than 1,000 rows whole'
);
select is((select count(*)::int from public.recipes where household_id = (select household_id from authors)), 100,
          'the household keeps every recipe');
select is((select count(*)::int from public.recipes
           where household_id = (select household_id from authors) and created_by is null), 50,
          'the deleted user''s recipes have no author');
select is((select count(*)::int from public.grocery_items
           where household_id = (select household_id from authors) and checked and checked_by is null), 260,
          'items they checked stay checked, by nobody');
select is((select role from public.household_members
           where household_id = (select household_id from authors) and user_id = (select bob from authors)), 'owner',
          'the other member becomes owner of the household the deleted user owned alone');
select is((select count(*)::int from public.tool_invocations where user_id = (select alice from authors)), 0,
          'the deleted user''s invocation records go with them');

-- carol is alone in her own household.
create temporary table carols on commit drop as select tests.household_of('carol@test') as household_id;
delete from auth.users where email = 'carol@test';
select is((select count(*)::int from public.households where id = (select household_id from carols)), 0,
          'a household with no other member is deleted with its user');
select is((select count(*)::int from public.households where id = (select household_id from authors)), 1,
          'a household with another member stays');

select * from finish();
rollback;
