-- A recipe's lines (recipe.create, create_many, update) find each ingredient by its key, the id or the folded name:
-- a row or two a line, never the whole table. With the key read from the JSON inside the lookup, PostgreSQL 15
-- under row-level security could not use the index (the expression is not leakproof) and scanned every ingredient,
-- the catalog's and every household's own, once per line. Counted in the live rows of public.ingredients read
-- (tests.rows_read_by: what the function's own queries take, by index or not), so the test holds on any machine:
-- it never times anything. Live rows rather than buffers or index entries: both also count the dead row versions a
-- table keeps until a vacuum.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select ok(tests.create_user('cook@recipe-lines.test') is not null, 'a member to write recipes as');
create temporary table fixture on commit drop as
select tests.household_of('cook@recipe-lines.test') as household_id;
-- With the catalog's statistics, as any database that has been running a while has them.
analyze public.ingredients;
grant select on fixture to authenticated;

create function pg_temp.lines(p_count integer, p_by text) returns jsonb
language sql as $$
  select jsonb_agg(case when p_by = 'id' then jsonb_build_object('ingredient_id', i.id, 'quantity', 1, 'unit', 'cup')
    else jsonb_build_object('name', upper(i.name), 'quantity', 1, 'unit', 'cup') end)
  from (select id, name from public.ingredients where household_id is null order by normalized_name limit p_count) i
$$;
grant execute on function pg_temp.lines(integer, text) to meal_planner_writer;

create function pg_temp.rows_of_lines(p_lines jsonb) returns bigint
language sql as $$
  select tests.rows_read_by(format('select * from private.resolve_ingredient_lines(%L, %L)',
    (select household_id from fixture), p_lines), array['public.ingredients']::regclass[])
$$;
grant execute on function pg_temp.rows_of_lines(jsonb) to meal_planner_writer;

create temporary table measured (lines integer, by_key text, rows_read bigint, resolved bigint) on commit drop;
grant insert, select on measured to meal_planner_writer;
select tests.write_as('cook@recipe-lines.test');
-- Six resolutions first, so that the function's query has settled on the plan it keeps.
select count(pg_temp.rows_of_lines(pg_temp.lines(10, 'id'))) from generate_series(1, 6);
select count(pg_temp.rows_of_lines(pg_temp.lines(10, 'name'))) from generate_series(1, 6);
insert into measured
select 20, 'id', pg_temp.rows_of_lines(pg_temp.lines(20, 'id')),
  (select count(ingredient_id) from private.resolve_ingredient_lines((select household_id from fixture),
    pg_temp.lines(20, 'id')));
insert into measured
select 20, 'name', pg_temp.rows_of_lines(pg_temp.lines(20, 'name')),
  (select count(ingredient_id) from private.resolve_ingredient_lines((select household_id from fixture),
    pg_temp.lines(20, 'name')));
select tests.clear_authentication();

select is((select array_agg(resolved order by by_key) from measured), array[20, 20]::bigint[],
  'every line, by id or by name in capitals, resolves to its catalog ingredient');
-- An index lookup of a line's ingredient fetches its row (by name, the catalog's and the household's own, if any);
-- a scan reads every row of public.ingredients (2,800 with the catalog alone) for each line.
select cmp_ok((select rows_read from measured where by_key = 'id'), '<=', 40::bigint,
  format('resolving 20 lines by id reads at most 2 rows a line, not the table once a line (%s)',
    (select rows_read from measured where by_key = 'id')));
select cmp_ok((select rows_read from measured where by_key = 'name'), '<=', 40::bigint,
  format('and resolving 20 lines by name at most 2 a line (%s)',
    (select rows_read from measured where by_key = 'name')));

select * from finish();
rollback;
