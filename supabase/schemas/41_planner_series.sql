set check_function_bodies = off;

create or replace function app.planner_add_recurring(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid);
  v_start date := (p_input ->> 'start_date')::date;
  v_until date := (p_input ->> 'until_date')::date;
  v_count integer := (p_input ->> 'count')::integer;
  v_every integer := coalesce((p_input ->> 'every_weeks')::integer, 1);
  v_weekdays integer[];
  v_series public.planner_meal_series;
  v_dates date[];
  v_meals jsonb;
begin
  select array_agg(distinct array_position(
    array['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], w.value))
  into v_weekdays
  from jsonb_array_elements_text(p_input -> 'weekdays') w;

  select array_agg(d.day order by d.day) into v_dates
  from (
    select g::date as day
    from generate_series(v_start, coalesce(v_until, v_start + 7 * v_every * (v_count + 1)), interval '1 day') g
    where extract(isodow from g)::integer = any(v_weekdays)
      and ((g::date - (v_start - (extract(isodow from v_start)::integer - 1))) / 7) % v_every = 0
    order by g
    limit least(coalesce(v_count, 101), 101)
  ) d;
  if v_dates is null then
    raise exception 'the series has no occurrence between start_date and until_date'
      using errcode = 'MP400', column = 'until_date';
  elsif cardinality(v_dates) > 100 then
    raise exception 'a series has at most 100 occurrences; choose an earlier until_date or fewer weekdays'
      using errcode = 'MP400', column = 'until_date';
  end if;

  insert into public.planner_meal_series (household_id, recipe_id, meal_type, servings, note, weekdays, every_weeks,
    start_date)
  values (p_household_id, v_recipe.id, p_input ->> 'meal_type', (p_input ->> 'servings')::integer,
    p_input ->> 'note', v_weekdays, v_every, v_start)
  returning * into v_series;

  with inserted as (
    insert into public.planner_meals (household_id, recipe_id, date, meal_type, servings, note, series_id)
    select p_household_id, v_recipe.id, d, v_series.meal_type, v_series.servings, v_series.note, v_series.id
    from unnest(v_dates) d
    returning *
  )
  select jsonb_agg(private.planner_meal_json(i) order by i.date) into v_meals from inserted i;

  return jsonb_build_object(
    'series_id', v_series.id,
    'meals', v_meals,
    'message', case when cardinality(v_dates) = 1
      then format('Planned %s once (%s)', v_recipe.title, v_dates[1])
      else format('Planned %s %s times (%s to %s)', v_recipe.title, cardinality(v_dates), v_dates[1],
        v_dates[cardinality(v_dates)]) end);
end;
$$;

create or replace function app.planner_remove_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_series public.planner_meal_series;
  v_removed jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.id = (p_input ->> 'series_id')::uuid and s.household_id = p_household_id and s.deleted_at is null
  for no key update;
  if v_series.id is null then
    raise exception 'meal series not found' using errcode = 'MP404', column = 'series_id';
  end if;
  with removed as (
    update public.planner_meals m set deleted_at = now()
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    returning m.id, m.date
  )
  select coalesce(jsonb_agg(r.id order by r.date), '[]'::jsonb) into v_removed from removed r;
  if p_input ->> 'from_date' is null then
    update public.planner_meal_series s set deleted_at = now() where s.id = v_series.id;
  end if;
  return jsonb_build_object(
    'series_id', v_series.id,
    'removed_meal_ids', v_removed,
    'message', format('Removed %s; %s with planner.restore_meal.',
      private.counted(jsonb_array_length(v_removed), 'occurrence'),
      case when jsonb_array_length(v_removed) = 1 then 'it comes back' else 'each comes back' end));
end;
$$;

create or replace function app.planner_update_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_series public.planner_meal_series;
  v_previous jsonb := '{}'::jsonb;
  v_not_given text[] := array(select f from unnest(array['servings', 'meal_type', 'note']) f where not p_input ? f);
  v_previous_meals jsonb;
  v_meals jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.id = (p_input ->> 'series_id')::uuid and s.household_id = p_household_id and s.deleted_at is null
  for no key update;
  if v_series.id is null then
    raise exception 'meal series not found' using errcode = 'MP404', column = 'series_id';
  end if;
  if p_input ? 'servings' then v_previous := v_previous || jsonb_build_object('servings', v_series.servings); end if;
  if p_input ? 'meal_type' then v_previous := v_previous || jsonb_build_object('meal_type', v_series.meal_type); end if;
  if p_input ? 'note' then v_previous := v_previous || jsonb_build_object('note', v_series.note); end if;

  -- Locked as they are read, so the values kept are the ones the update replaces.
  select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'servings', m.servings, 'meal_type', m.meal_type,
    'note', m.note) - v_not_given order by m.date, m.id), '[]'::jsonb)
  into v_previous_meals
  from (
    select * from public.planner_meals m
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    order by m.id
    for no key update
  ) m;

  update public.planner_meal_series s set
    servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else s.servings end,
    meal_type = case when p_input ? 'meal_type' then p_input ->> 'meal_type' else s.meal_type end,
    note = case when p_input ? 'note' then p_input ->> 'note' else s.note end
  where s.id = v_series.id;

  with changed as (
    update public.planner_meals m set
      servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else m.servings end,
      meal_type = case when p_input ? 'meal_type' then p_input ->> 'meal_type' else m.meal_type end,
      note = case when p_input ? 'note' then p_input ->> 'note' else m.note end
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    returning m.*
  )
  select coalesce(jsonb_agg(private.planner_meal_json(c) order by c.date), '[]'::jsonb) into v_meals from changed c;

  return jsonb_build_object('series_id', v_series.id, 'meals', v_meals, 'previous', v_previous,
    'previous_meals', v_previous_meals,
    'message', format('Changed %s.', private.counted(jsonb_array_length(v_meals), 'occurrence')));
end;
$$;

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
