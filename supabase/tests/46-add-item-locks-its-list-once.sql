-- grocery.add_item reads its list and locks it in one statement: a read and then a lock were two, each under
-- row-level security. Counted in scans of grocery_lists (sequential or by any of its indexes, tests.scans_so_far), so
-- the test holds on any machine: it never times anything.
begin;
set local search_path to public, extensions, tests;
select plan(3);

select ok(tests.create_user('adder@list-scans.test') is not null, 'a member to add as');
create temporary table fixture on commit drop as
select tests.create_list(tests.household_of('adder@list-scans.test'), 'Weekly') as list_id;

create function pg_temp.list_scans_of_add(p_name text) returns bigint language plpgsql as $$
declare
  v_before bigint := tests.scans_so_far(array['public.grocery_lists'::regclass]);
begin
  perform tests.call_tool('adder@list-scans.test', 'grocery.add_item', jsonb_build_object(
    'grocery_list_id', (select list_id from fixture), 'name', p_name, 'quantity', 1, 'unit', 'whole'));
  return tests.scans_so_far(array['public.grocery_lists'::regclass]) - v_before;
end;
$$;
-- Six adds first, so that the function's statements have settled on the plans they keep.
select count(pg_temp.list_scans_of_add('thing ' || g)) from generate_series(1, 6) g;
create temporary table measured on commit drop as select pg_temp.list_scans_of_add('eggs') as scans;

select is((select count(*) from grocery_items where grocery_list_id = (select list_id from fixture)), 7::bigint,
  'seven lines added');
-- Read and locked at once, then the new line's foreign key checked against it: 2. Read, then locked apart, it was 3.
-- (The list's version moves once a transaction, with the first of these adds.)
select cmp_ok((select scans from measured), '<=', 2::bigint,
  format('an add scans its list at most twice (%s)', (select scans from measured)));

select * from finish();
rollback;
