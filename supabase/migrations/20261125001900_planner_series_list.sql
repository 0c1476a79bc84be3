-- ============================================================================
-- Repeating meals known to the server: series_id on every planned meal, and planner.list_series
-- ============================================================================
-- A household's series were known only to the browser that made them (the ids planner.add_recurring returned):
-- planner.list_meals did not say which series a meal belongs to and no tool listed series, so another member could
-- neither see nor stop one. Every meal a tool returns now carries its series_id (null for a one-off meal), and
-- planner.list_series lists the household's live series.

-- A meal as every reply shows it (20261122000500_planner.sql), with its series. Every tool that returns meals
-- (list_meals, get_meal, get_meals_for_date, add_meal, update_meal, remove_meal, restore_meal, changes,
-- add_recurring, update_series) builds them here, directly or through the one-argument form. The search_path
-- is the empty one 20261125000700_tools_only_read_path.sql set; the grants stay (create or replace keeps them).
create or replace function private.planner_meal_json(p_meal public.planner_meals, p_recipe_title text) returns jsonb
language sql stable
set search_path = ''
return pg_catalog.jsonb_build_object(
  'id', p_meal.id,
  'date', p_meal.date,
  'meal_type', p_meal.meal_type,
  'recipe_id', p_meal.recipe_id,
  'recipe_title', p_recipe_title,
  'servings', p_meal.servings,
  'note', p_meal.note,
  'series_id', p_meal.series_id,
  'created_at', p_meal.created_at
);

-- planner.list_series: the household's live series (not removed by planner.remove_series without from_date), oldest
-- first, each with its rule as stored (weekdays by name, every_weeks, start_date), its recipe's title, and its live
-- occurrences' count, first and last day (null when none is left). Paged by (created_at, id).
create function app.planner_list_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', page.id,
      'recipe_id', page.recipe_id,
      'recipe_title', page.recipe_title,
      'meal_type', page.meal_type,
      'servings', page.servings,
      'note', page.note,
      'weekdays', (select jsonb_agg((array['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday',
          'sunday'])[w.day] order by w.day) from unnest(page.weekdays) w(day)),
      'every_weeks', page.every_weeks,
      'start_date', page.start_date,
      'first_date', page.first_date,
      'last_date', page.last_date,
      'live_meal_count', page.live_meal_count,
      'created_at', page.created_at
    ) order by page.created_at, page.id), '[]'::jsonb)
  into v_page
  from (
    select s.id, s.recipe_id, r.title as recipe_title, s.meal_type, s.servings, s.note, s.weekdays, s.every_weeks,
      s.start_date, live.first_date, live.last_date, live.live_meal_count, s.created_at
    from public.planner_meal_series s
    join public.recipes r on r.household_id = s.household_id and r.id = s.recipe_id
    cross join lateral (
      select min(m.date) as first_date, max(m.date) as last_date, count(*) as live_meal_count
      from public.planner_meals m
      where m.household_id = s.household_id and m.series_id = s.id and m.deleted_at is null
    ) live
    where s.household_id = p_household_id
      and s.deleted_at is null
      and (v_after is null or (s.created_at, s.id) > ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by s.created_at, s.id
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_page) > v_limit then
    v_page := v_page - v_limit;
    return jsonb_build_object('series', v_page, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_page -> (v_limit - 1) -> 'created_at', 'i', v_page -> (v_limit - 1) -> 'id')));
  end if;
  return jsonb_build_object('series', v_page, 'next_cursor', null);
end;
$$;
