-- A push checks each line's references (ingredient, recipe, planned meal) by their keys: a few buffers a line, never
-- the whole catalog. Written as NOT EXISTS, the planner hashed all of the catalog's ingredients (2,800 rows, every
-- page of the table) on every push. Counted in buffers (EXPLAIN's, which include the function's own queries), so the
-- test holds on any machine: it never times anything.
begin;
set local search_path to public, extensions, tests;
select plan(3);

select ok(tests.create_user('pusher@line-check.test') is not null, 'a member to push as');
create temporary table fixture on commit drop as
select tests.household_of('pusher@line-check.test') as household_id;
-- With the catalog's statistics, as any database that has been running a while has them: they are what made the
-- planner prefer hashing the catalog.
analyze public.ingredients;
grant select on fixture to authenticated;

create function pg_temp.lines(p_count integer) returns jsonb
language sql as $$
  select jsonb_agg(jsonb_build_object('ingredient_id', i.id, 'quantity', 1, 'unit', 'cup'))
  from (select id from public.ingredients where household_id is null order by normalized_name limit p_count) i
$$;
grant execute on function pg_temp.lines(integer) to meal_planner_writer;

create function pg_temp.buffers_of_check(p_lines jsonb) returns bigint
language sql as $$
  select tests.buffers_of(format('select private.push_line_problem(%L, %L)',
    (select household_id from fixture), p_lines))
$$;
grant execute on function pg_temp.buffers_of_check(jsonb) to meal_planner_writer;

create temporary table measured (lines integer, buffers bigint) on commit drop;
grant insert, select on measured to meal_planner_writer;
select tests.write_as('pusher@line-check.test');
-- Six checks first, so that the function's query has settled on the plan it keeps.
select count(pg_temp.buffers_of_check(pg_temp.lines(10))) from generate_series(1, 6);
insert into measured values (10, pg_temp.buffers_of_check(pg_temp.lines(10)));
insert into measured values (40, pg_temp.buffers_of_check(pg_temp.lines(40)));
select tests.clear_authentication();

-- An index lookup of a line's ingredient reads 3 or 4 pages (the index's levels and the row); hashing the catalog read
-- every page of public.ingredients (73 with the catalog alone) whatever the number of lines.
select cmp_ok((select buffers from measured where lines = 10), '<=', 40::bigint,
  'checking 10 lines reads at most 4 buffers a line, not the catalog');
select cmp_ok((select buffers from measured where lines = 40), '<=', 160::bigint,
  'and checking 40 lines at most 4 a line');

select * from finish();
rollback;
