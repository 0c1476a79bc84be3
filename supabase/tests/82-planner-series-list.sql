-- planner.list_series runs as the reader under row-level security: a member of the household sees the series another
-- member set up, with its rule and live occurrences; another household sees none of them, even when its member
-- calls the SQL function with this household's id. Every planned meal names its series.
begin;
set local search_path to public, extensions, tests;
select plan(10);

select tests.create_user('alice@series.test'), tests.create_user('bob@series.test'), tests.create_user('carol@series.test');
select tests.add_member(tests.household_of('alice@series.test'), 'carol@series.test');
create temporary table fixture on commit drop as
select tests.household_of('alice@series.test') as household_id, gen_random_uuid() as recipe_id;
grant select on fixture to authenticated;
insert into recipes (id, household_id, title, servings)
select recipe_id, household_id, 'Dal', 2 from fixture;

create function pg_temp.call(p_email text, p_tool text, p_input jsonb, p_is_write boolean) returns jsonb
language sql as $$
  select set_config('meal_planner.versions', '', true);
  select tests.call_tool(p_email, p_tool, p_input,
    jsonb_build_object('household_id', household_id, 'is_write', p_is_write)) -> 'data'
  from fixture;
$$;

create temporary table added on commit drop as
select pg_temp.call('alice@series.test', 'planner.add_recurring', jsonb_build_object('recipe_id', recipe_id,
  'start_date', '2027-01-04', 'weekdays', '["thursday", "monday"]'::jsonb, 'count', 3, 'meal_type', 'dinner'), true)
  as reply
from fixture;
grant select on added to authenticated;

select is((select pg_temp.call('carol@series.test', 'planner.list_series', '{}', false)
             -> 'series' -> 0) - 'created_at',
          jsonb_build_object('id', (select reply ->> 'series_id' from added), 'recipe_id', (select recipe_id from fixture),
            'recipe_title', 'Dal', 'meal_type', 'dinner', 'servings', null, 'note', null,
            'weekdays', '["monday", "thursday"]'::jsonb, 'every_weeks', 1, 'start_date', '2027-01-04',
            'first_date', '2027-01-04', 'last_date', '2027-01-11', 'live_meal_count', 3),
          'another member of the household sees the series, its rule and its live occurrences');
select is((select jsonb_array_length(pg_temp.call('alice@series.test', 'planner.list_series', '{}', false) -> 'series')),
          1, 'the member who set it up sees it once');
select is((select private.invoke(tests.request_of('bob@series.test', jsonb_build_object('tool', 'planner.list_series',
             'function', 'app.planner_list_series', 'input', '{}'::jsonb, 'scope', 'household', 'is_write', false)))
             -> 'data' -> 'series'),
          '[]'::jsonb, 'another household lists none of them');
select throws_ok(format('select private.invoke(%L)', tests.request_of('bob@series.test', jsonb_build_object(
                   'household_id', (select household_id from fixture), 'tool', 'planner.list_series',
                   'function', 'app.planner_list_series', 'input', '{}'::jsonb, 'scope', 'household',
                   'is_write', false))),
                 'MP404', 'household not found', 'naming the household does not let another household in');

-- Under the reader role with Bob's claims, the function itself finds nothing of Alice's household: RLS decides.
select tests.authenticate_as('bob@series.test');
select is((select app.planner_list_series(household_id, '{}') -> 'series' from fixture), '[]'::jsonb,
          'row-level security hides the series from a non-member calling the function directly');
select tests.authenticate_as('carol@series.test');
select is((select jsonb_array_length(app.planner_list_series(household_id, '{}') -> 'series') from fixture), 1,
          'and shows them to a member');
select tests.clear_authentication();

select is((select array_agg(distinct meal ->> 'series_id')
           from jsonb_array_elements(pg_temp.call('carol@series.test', 'planner.list_meals',
             '{"start_date": "2027-01-01", "end_date": "2027-01-31"}', false) -> 'meals') meal),
          array[(select reply ->> 'series_id' from added)], 'every occurrence listed names its series');

select is((select jsonb_array_length(pg_temp.call('carol@series.test', 'planner.remove_series',
             jsonb_build_object('series_id', reply ->> 'series_id'), true) -> 'removed_meal_ids') from added),
          3, 'the other member stops the series: its 3 occurrences go');
select is((select pg_temp.call('alice@series.test', 'planner.list_series', '{}', false) -> 'series'), '[]'::jsonb,
          'a series one member stopped is gone for the other');
select is((select pg_temp.call('alice@series.test', 'planner.add_meal', jsonb_build_object('recipe_id', recipe_id,
             'date', '2027-02-01', 'meal_type', 'lunch'), true) #> '{meal,series_id}' from fixture),
          'null'::jsonb, 'a one-off meal''s series_id is null');

select * from finish();
rollback;
