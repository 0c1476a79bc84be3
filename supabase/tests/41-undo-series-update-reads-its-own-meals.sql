-- history.undo of planner.update_series puts the series' occurrences back by their keys: a few rows a meal, never
-- every meal the household ever planned. Joined on the key read from the JSON of the write's record (not leakproof),
-- row-level security left the planner only the household's index or a scan of the table. Counted in rows of
-- planner_meals read (tests.rows_read_by_call: what the functions' own queries scan), so the test holds on any machine
-- and any database: it never times anything, and the dead rows earlier tests leave until a vacuum, which made a count
-- of buffers pass or fail by when autovacuum last ran, do not count.
begin;
set local search_path to public, extensions, tests;
select plan(4);

select ok(tests.create_user('cook@undo-series.test') is not null, 'a member to plan as');
create temporary table fixture on commit drop as
select gen_random_uuid() as recipe_id, null::uuid as series_id;
insert into recipes (id, household_id, title, servings)
select recipe_id, tests.household_of('cook@undo-series.test'), 'Soup', 2 from fixture;
-- 60,000 meals planned over the years before, with their statistics: a household that has used the planner a while.
-- Written without their triggers (which stamp versions and poke the household), as a bulk load would, so that the
-- test stays quick; the rows are whole without them.
set local session_replication_role = replica;
insert into planner_meals (household_id, recipe_id, date, meal_type)
select tests.household_of('cook@undo-series.test'), f.recipe_id, date '2000-01-01' + g / 3,
  (array['breakfast', 'lunch', 'dinner'])[1 + g % 3]
from fixture f, generate_series(0, 59999) g;
set local session_replication_role = origin;
analyze planner_meals;

update fixture set series_id = (tests.call_tool('cook@undo-series.test', 'planner.add_recurring', jsonb_build_object(
  'recipe_id', recipe_id, 'start_date', '2027-01-04', 'weekdays', jsonb_build_array('monday'), 'count', 10,
  'meal_type', 'dinner')) #>> '{data,series_id}')::uuid;

-- The series' occurrences get a note; the undo takes it off again.
create function pg_temp.update_series(p_note text) returns uuid language plpgsql as $$
begin
  perform tests.call_tool('cook@undo-series.test', 'planner.update_series',
    jsonb_build_object('series_id', (select series_id from fixture), 'note', p_note));
  return tests.latest_invocation('cook@undo-series.test', 'planner.update_series');
end;
$$;
create function pg_temp.rows_read_by_undo(p_invocation_id uuid) returns bigint
language sql as $$
  select tests.rows_read_by_call('cook@undo-series.test', 'history.undo',
    jsonb_build_object('invocation_id', p_invocation_id), 'public.planner_meals')
$$;

-- Six updates and their undos first, so that the functions' statements have settled on the plans they keep.
select count(pg_temp.rows_read_by_undo(pg_temp.update_series('note ' || g))) from generate_series(1, 6) g;
create temporary table measured on commit drop as select pg_temp.rows_read_by_undo(pg_temp.update_series('last'))
  as rows_read;

select is((select count(*) from planner_meals m where m.series_id = (select series_id from fixture)
    and m.deleted_at is null), 10::bigint, 'the series planned its 10 occurrences');
select is((select count(*) from planner_meals m where m.series_id = (select series_id from fixture)
    and m.note is not null), 0::bigint, 'and each undo took the note off every one of them');
-- The undo reads the series' 10 meals by key: about 90 rows of planner_meals (index entries included). Reading every
-- meal of the household (through its index, or the whole table) reads 60,000.
select cmp_ok((select rows_read from measured), '<=', 1000::bigint,
  'undoing an update of a series of 10 reads at most 1,000 meals, not the household''s 60,000 other ones');

select * from finish();
rollback;
