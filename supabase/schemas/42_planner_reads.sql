set check_function_bodies = off;

-- planner.list_meals' read: the span is checked before any meal is read.
create or replace function private.planner_meals_as_read(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_meals jsonb;
begin
  perform private.check_plan_span((p_input ->> 'start_date')::date, (p_input ->> 'end_date')::date);
  -- By day, then breakfast, lunch, dinner; the page is chosen first, its JSON built for those rows only.
  select coalesce(jsonb_agg(private.planner_meal_json(page.meal, (select r.title from public.recipes r
        where r.household_id = (page.meal).household_id and r.id = (page.meal).recipe_id))
      order by page.date, page.meal_order, page.created_at, page.id), '[]'::jsonb)
  into v_meals
  from (
    select m as meal, m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type) as meal_order,
      m.created_at, m.id
    from public.planner_meals m
    where m.household_id = p_household_id
      and m.deleted_at is null
      and m.date between (p_input ->> 'start_date')::date and (p_input ->> 'end_date')::date
      and (v_after is null or (m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type),
        m.created_at, m.id) > ((v_after ->> 'd')::date, (v_after ->> 'o')::integer,
        (v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by 2, 3, 4, 5
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_meals) > v_limit then
    v_meals := v_meals - v_limit;
    return jsonb_build_object('meals', v_meals, 'next_cursor', (
      select private.encode_cursor(jsonb_build_object('d', last.date, 'o', last.meal_order, 'c', last.created_at,
        'i', last.id))
      from (
        select m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type) as meal_order,
          m.created_at, m.id
        from public.planner_meals m
        where m.id = (v_meals -> (v_limit - 1) ->> 'id')::uuid
      ) last));
  end if;
  return jsonb_build_object('meals', v_meals, 'next_cursor', null);
end;
$$;
grant execute on function private.planner_meals_as_read(uuid,jsonb) to authenticated;

-- The span of a range, checked where the range is read (Zod checks it first; this holds for any caller
-- of the SQL, and names the same field).
create function private.check_plan_span(p_start date, p_end date) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_end < p_start then
    raise exception 'end_date must be on or after start_date' using errcode = 'MP400', column = 'end_date';
  elsif p_end - p_start > 92 then
    raise exception 'end_date must be at most 92 days after start_date; read a longer plan in several ranges'
      using errcode = 'MP400', column = 'end_date';
  end if;
end;
$$;
grant execute on function private.check_plan_span(date,date) to authenticated;

create function app.planner_list_meals(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.planner_meals_as_read(p_household_id, p_input) || jsonb_build_object('version',
    (select h.planner_version from public.households h where h.id = p_household_id));
end;
$$;

create or replace function app.planner_changes(p_household_id uuid, p_input jsonb)
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  v_version bigint := (select h.planner_version from public.households h where h.id = p_household_id);
  v_since bigint := (p_input ->> 'since')::bigint;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.planner_meals[];
  v_pruned bigint;
begin
  perform private.check_plan_span(v_start, v_end);
  if v_since > v_version then
    raise exception 'since (%) is past this household''s week version (%): re-read the week with planner.list_meals',
      v_since, v_version using errcode = 'MP409', column = 'since';
  end if;
  -- Removed meals are kept 30 days (private.prune_retention); as in grocery.changes.
  select h.pruned_version into v_pruned from private.change_feed_horizons h
  where h.household_id = p_household_id and h.grocery_list_id is null;
  if v_since > 0 and v_since < v_pruned then
    raise exception 'since (%) is older than this household''s kept week changes (removed meals are kept 30 days; removals up to version % are gone): re-read the week with planner.list_meals',
      v_since, v_pruned using errcode = 'MP409', column = 'since';
  end if;
  select array_agg(page order by page.version, page.id) into v_page
  from (
    select m.* from public.planner_meals m
    where m.household_id = p_household_id and m.version > v_since
      and (v_after is null or (m.version, m.id) > ((v_after ->> 'v')::bigint, (v_after ->> 'i')::uuid))
    order by m.version, m.id
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'meals', coalesce((select jsonb_agg(private.planner_meal_json(v_page[n], (select r.title from public.recipes r
        where r.household_id = p_household_id and r.id = (v_page[n]).recipe_id)) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is null and (v_page[n]).date between v_start and v_end), '[]'::jsonb),
    'removed', coalesce((select jsonb_agg((v_page[n]).id order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is not null or (v_page[n]).date not between v_start and v_end), '[]'::jsonb),
    'version', v_version,
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end);
end;
$function$;
grant execute on function app.planner_changes(uuid,jsonb) to authenticated;
