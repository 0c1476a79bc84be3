-- A push checks each line's references (ingredient, recipe, planned meal) by their keys: a row or two a line, never
-- the whole catalog. Written as NOT EXISTS, the planner hashed all of the catalog's ingredients (2,800 rows) on every
-- push. Counted in the live rows read from the tables a line names (tests.rows_read_by: what the function's own
-- queries take, by index or not), so the test holds on any machine: it never times anything. Live rows rather than
-- buffers or index entries: both also count the dead row versions a table keeps until a vacuum.
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

create function pg_temp.rows_of_check(p_lines jsonb) returns bigint
language sql as $$
  select tests.rows_read_by(format('select private.push_line_problem(%L, %L)',
    (select household_id from fixture), p_lines), array['public.ingredients', 'public.recipes',
    'public.planner_meals']::regclass[])
$$;
grant execute on function pg_temp.rows_of_check(jsonb) to meal_planner_writer;

create temporary table measured (lines integer, rows_read bigint) on commit drop;
grant insert, select on measured to meal_planner_writer;
select tests.write_as('pusher@line-check.test');
-- Six checks first, so that the function's query has settled on the plan it keeps.
select count(pg_temp.rows_of_check(pg_temp.lines(10))) from generate_series(1, 6);
insert into measured values (10, pg_temp.rows_of_check(pg_temp.lines(10)));
insert into measured values (40, pg_temp.rows_of_check(pg_temp.lines(40)));
select tests.clear_authentication();

-- An index lookup of a line's ingredient fetches its one row; hashing the catalog read every row of
-- public.ingredients (2,800 with the catalog alone) whatever the number of lines.
select cmp_ok((select rows_read from measured where lines = 10), '<=', 20::bigint,
  format('checking 10 lines reads at most 2 rows a line, not the catalog (%s)',
    (select rows_read from measured where lines = 10)));
select cmp_ok((select rows_read from measured where lines = 40), '<=', 80::bigint,
  format('and checking 40 lines at most 2 a line (%s)', (select rows_read from measured where lines = 40)));

select * from finish();
rollback;
