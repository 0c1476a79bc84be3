-- grocery.get_list's work grows by a few lookups per item, and by no function call per item: what each item buys
-- is one joined row of public.ingredient_buying, and who ticked it comes from the members' names read once. Counted
-- in scans of the app's tables (tests.scans_so_far: each sequential scan and index lookup the function's own queries
-- start), in the live rows they take (tests.rows_read_by) and in function calls (track_functions), so the test holds
-- on any machine: it never times anything. A change that makes the read look up or take more per item fails here.
-- Not buffers, nor index entries walked: both also count the dead row versions a table keeps until a vacuum (the
-- catalog's migrations leave some in ingredient_buying), and moved by a few per item between runs.
begin;
set local search_path to public, extensions, tests;
select plan(8);

select ok(tests.create_user('reader@work-per-item.test') is not null, 'a member to read as');
create temporary table fixture on commit drop as
select tests.household_of('reader@work-per-item.test') as household_id,
  tests.create_list(tests.household_of('reader@work-per-item.test'), 'Ten') as small_list,
  tests.create_list(tests.household_of('reader@work-per-item.test'), 'Forty') as large_list;
grant select on fixture to authenticated;
-- Catalog ingredients that are sold by a rule, in a unit the rule converts, every other one ticked by the reader.
create temporary table sold on commit drop as
select b.ingredient_id, b.unit, row_number() over (order by b.ingredient_id, b.unit) as n
from public.ingredient_buying b limit 40;
insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, checked, checked_by)
select l.list_id, f.household_id, s.ingredient_id, 1.5, s.unit, s.n % 2 = 0,
  case when s.n % 2 = 0 then tests.get_user_id('reader@work-per-item.test') end
from fixture f
cross join lateral (values (f.small_list, 10), (f.large_list, 40)) l(list_id, size)
join sold s on s.n <= l.size;

-- The live rows the read takes from the app's tables (tests.rows_read_by: the dead versions a table keeps do not
-- count). A table read whole per item shows here.
create function pg_temp.rows_of_read(p_list uuid) returns bigint language sql as $$
  select tests.rows_read_by(format('select app.grocery_get_list(%L, %L)',
    (select household_id from fixture), jsonb_build_object('grocery_list_id', p_list)),
    array(select c.oid::regclass from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'))
$$;
grant execute on function pg_temp.rows_of_read(uuid) to meal_planner_reader;
create function pg_temp.scans_of_read(p_list uuid) returns bigint
language plpgsql as $$
declare
  v_tables regclass[] := array(select c.oid::regclass from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r');
  v_before bigint := tests.scans_so_far(v_tables);
begin
  perform app.grocery_get_list((select household_id from fixture), jsonb_build_object('grocery_list_id', p_list));
  return tests.scans_so_far(v_tables) - v_before;
end;
$$;
grant execute on function pg_temp.scans_of_read(uuid) to meal_planner_reader;

set local track_functions = 'all';
create temporary table calls_before on commit drop as
select s.funcname, s.calls from pg_stat_xact_user_functions s where s.schemaname = 'private';
create function pg_temp.calls_of(p_names text[]) returns numeric
language sql as $$
  select coalesce(sum(s.calls - coalesce(b.calls, 0)), 0) from pg_stat_xact_user_functions s
  left join calls_before b on b.funcname = s.funcname
  where s.schemaname = 'private' and s.funcname = any(p_names)
$$;
grant execute on function pg_temp.calls_of(text[]) to meal_planner_reader;
grant select on calls_before to authenticated;

select tests.authenticate_as('reader@work-per-item.test');
-- Each list read once first, so that both measured reads find their plans cached.
select ok(pg_temp.scans_of_read(small_list) > 0 and pg_temp.scans_of_read(large_list) > 0, 'both lists read')
from fixture;
create temporary table measured (small bigint, large bigint, small_calls numeric, large_calls numeric, calls numeric,
  small_rows bigint, large_rows bigint) on commit drop;
grant insert, update, select on measured to authenticated;
insert into measured (calls) values (pg_temp.calls_of(array['grocery_item_buy', 'member_name', 'member_names',
  'counted', 'is_household_member']));
update measured set small = (select pg_temp.scans_of_read(small_list) from fixture);
update measured set small_calls = pg_temp.calls_of(array['grocery_item_buy', 'member_name', 'member_names',
  'counted', 'is_household_member']) - calls;
update measured set calls = calls + small_calls;
update measured set large = (select pg_temp.scans_of_read(large_list) from fixture);
update measured set large_calls = pg_temp.calls_of(array['grocery_item_buy', 'member_name', 'member_names',
  'counted', 'is_household_member']) - calls;
update measured set small_rows = (select pg_temp.rows_of_read(small_list) from fixture),
  large_rows = (select pg_temp.rows_of_read(large_list) from fixture);
create temporary table replies on commit drop as
select app.grocery_get_list(household_id, jsonb_build_object('grocery_list_id', large_list))::jsonb as reply
from fixture;
select tests.clear_authentication();

-- The household's other items (another list's, and removed ones, which a household gathers over months) are never
-- read to find a list's: the read's rows are found by the list and household index alone. Checked on the read's query
-- as its function plans it (a generic plan, under the policies), with 6,000 more items in the household: reading its
-- buffers instead varied by tens between runs of one major. With the list alone indexed, the plan on PostgreSQL 17
-- ANDed it with the household's index and read every item the household had.
create temporary table elsewhere on commit drop as
select tests.create_list(household_id, 'Months of shopping') as list_id from fixture;
insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, deleted_at)
select e.list_id, f.household_id, s.ingredient_id, 1, s.unit, case when g % 2 = 0 then now() end
from fixture f cross join elsewhere e cross join generate_series(1, 6000) g join sold s on s.n = 1 + g % 40;
analyze public.grocery_items;
create function pg_temp.plan_of_list_rows() returns text
language plpgsql as $$
declare
  v_plan json;
begin
  set local plan_cache_mode = force_generic_plan;
  -- Which index finds the rows is the question. Other tests' rolled-back rows, until autovacuum reaches them, can
  -- swell the table enough that a sequential scan (every item of every household) looks cheaper to a generic plan.
  set local enable_seqscan = off;
  deallocate all;
  prepare list_rows(uuid, uuid) as select i.id from public.grocery_items i
    where i.grocery_list_id = $2 and i.household_id = $1 and i.deleted_at is null;
  execute format('explain (format json) execute list_rows(%L, %L)',
    (select household_id from fixture), (select small_list from fixture)) into v_plan;
  return v_plan::text;
end;
$$;
grant execute on function pg_temp.plan_of_list_rows() to meal_planner_reader;
select tests.authenticate_as('reader@work-per-item.test');
select ok(pg_temp.plan_of_list_rows() like '%"grocery_items_list_idx"%'
  and pg_temp.plan_of_list_rows() not like '%grocery_items_household_id_id_key%',
  'a list''s rows are found by the list and household index, never through the household''s every item');
select tests.clear_authentication();

select is(jsonb_array_length(reply -> 'items'), 40, 'the large list has 40 items') from replies;
select is((select count(*) from jsonb_array_elements(reply -> 'items') item where jsonb_typeof(item -> 'buy') = 'object'
  and (item ->> 'checked')::boolean = (item ->> 'checked_by_name' is not null)), 40::bigint,
  'each says what to buy, and who ticked it when ticked') from replies;
-- 4 scans an item on PostgreSQL 15, 17 and 18 when this was written: its ingredient, its rule and its sources, each by
-- index, and units_bought_whole. Another lookup per item makes it 5.
select cmp_ok((large - small) / 30.0, '<=', 4.0,
  format('the read makes at most 4 scans per item more (%s for 10 items, %s for 40)', small, large))
from measured;
-- 2 to 5 rows an item when this was written: the item, its ingredient and its rule, and the two rows of
-- units_bought_whole where the plan scans that table per item. A rule or an ingredient found by reading its table, or
-- every rule of a unit, would add hundreds.
select cmp_ok((large_rows - small_rows) / 30.0, '<=', 6.0,
  format('and takes at most 6 rows per item more (%s for 10 items, %s for 40)', small_rows, large_rows))
from measured;
select is(large_calls, small_calls,
  format('no function call per item: %s calls for 10 items, as many for 40', small_calls)) from measured;

select * from finish();
rollback;
