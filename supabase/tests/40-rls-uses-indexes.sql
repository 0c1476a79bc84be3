-- A member's reads stay index scans with 10,000 items across 100 households:
-- the membership check runs once per statement, not once per row.
begin;
set local search_path to public, extensions, tests;
select plan(4);

insert into auth.users (id, email) select gen_random_uuid(), 'indexed' || g || '@test' from generate_series(1, 100) g;
insert into grocery_lists (household_id, name, created_by)
select m.household_id, 'Weekly', m.user_id
from household_members m join auth.users u on u.id = m.user_id where u.email like 'indexed%@test';
insert into grocery_items (grocery_list_id, household_id, name, quantity, unit, created_by)
select l.id, l.household_id, 'item ' || g, g, 'g', l.created_by
from grocery_lists l join auth.users u on u.id = l.created_by, generate_series(1, 100) g
where u.email like 'indexed%@test';
analyze grocery_items;
analyze grocery_lists;
analyze household_members;

create function pg_temp.plan_of(p_query text) returns text
language plpgsql as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain (costs off) ' || p_query loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  return v_plan;
end;
$$;
-- Functions are executable by their owner only unless granted (the foundation migration's default).
grant execute on function pg_temp.plan_of(text) to authenticated;
create temporary table fixture on commit drop as
select id as list_id from grocery_lists where household_id = tests.household_of('indexed42@test');
grant select on fixture to authenticated;

select tests.authenticate_as('indexed42@test');

select unalike(
  pg_temp.plan_of(format('select id, name, quantity from grocery_items where grocery_list_id = %L and deleted_at is null',
    (select list_id from fixture))),
  '%Seq Scan on grocery_items%',
  'a member''s select of one list''s items uses an index');
select unalike(
  pg_temp.plan_of(format('select count(*) from grocery_items where household_id = %L',
    tests.household_of('indexed42@test'))),
  '%Seq Scan on grocery_items%',
  'a Data API read filtered by household uses the household index');
select is((select count(*) from grocery_items), 100::bigint, 'and the member sees exactly their own 100 items');
select is((select count(*) from grocery_items where grocery_list_id = (select list_id from fixture)), 100::bigint,
  'all of them on their list');

select * from finish();
rollback;
