-- ============================================================================
-- Limits on the planner (issue 5): meals per day, the span of a range, the size of a sync's reply
-- ============================================================================

-- Past meals stay as history, so a household's meals have no lifetime cap: each day holds at most 20 live
-- meals, and every range read or sync spans at most 93 days (end_date at most 92 days after start_date),
-- so a range holds at most 1,860 live meals.

-- Checked by a trigger, so every way a meal becomes live on a day counts: planner.add_meal, add_recurring
-- (each occurrence), update_meal moving it, restore_meal, and history.undo putting meals back. The count
-- runs after the row is written, under a transaction-level lock per household and day, so concurrent
-- writers to one day queue and the cap holds (as private.hold_household_cap does for the other caps).
create function private.hold_meals_per_day() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_limit constant integer := 20;
  v_count bigint;
begin
  if new.deleted_at is not null
    or (tg_op = 'UPDATE' and old.deleted_at is null and old.date = new.date) then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('meals per day:' || new.household_id::text || ':' || new.date::text, 0));
  select count(*) into v_count from public.planner_meals m
  where m.household_id = new.household_id and m.date = new.date and m.deleted_at is null;
  if v_count > v_limit then
    raise exception 'a household plans at most % meals a day, and % has % already; remove one first or choose another day',
      v_limit, new.date, v_limit
      using errcode = 'MP409', hint = format('limit: %s meals a day', v_limit);
  end if;
  return null;
end;
$$;

create trigger planner_meals_per_day after insert or update of date, deleted_at on public.planner_meals
  for each row execute function private.hold_meals_per_day();

grant execute on function private.hold_meals_per_day() to authenticated;

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

grant execute on function private.check_plan_span(date, date) to authenticated;

-- planner.list_meals: as before (20261122000500_planner.sql), the span checked first.
create or replace function app.planner_list_meals(p_household_id uuid, p_input jsonb) returns jsonb
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

-- grocery.sync_plan gets its span, work and reply bounds in 20261125000410_counted_messages.sql, together with
-- its counted wording (one definition, rather than one here that the later migration would replace whole).
