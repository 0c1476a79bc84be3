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

-- grocery.sync_plan: as before (20261122000620_grocery_plan.sql), the span checked first, then its work and its
-- reply bounded, each refusal a CONFLICT naming a shorter range to sync first, with nothing written. Work: at
-- most 5000 recipe lines in the range (meals times their recipes' lines; 20 meals a day of 200-line recipes
-- over 93 days would be 372,000, past the functions' 10 s query limit). Reply: a sync lists each change, kept
-- amount and withdrawal (a line per meal and ingredient), at most 2000 of each (~800 KB). Three ten-line meals a
-- day make ~210 changes a week, so six weeks sync at once.
create or replace function app.grocery_sync_plan(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_preview boolean := coalesce((p_input ->> 'preview')::boolean, false);
  v_plan jsonb;
  v_changes integer;
  v_largest integer;
  v_limit constant integer := 2000;
  v_lines bigint;
  v_line_limit constant integer := 5000;
  -- What to do instead: the first half of the range, or for one day, its recipes one at a time.
  v_narrower text := case when v_end > v_start
    then format('sync a shorter range, for example %s to %s, then the rest', v_start, v_start + (v_end - v_start) / 2)
    else 'this day alone is too much for one sync; push its recipes with grocery.push_recipe instead' end;
begin
  perform private.check_plan_span(v_start, v_end);
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  -- The work first: the plan compares every recipe line of every meal in the range, so a range holding more
  -- than 5000 (meals times their recipes' lines) is refused before it is computed.
  select coalesce(sum(planned.meals * (select count(*) from public.recipe_ingredients ri
      where ri.household_id = p_household_id and ri.recipe_id = planned.recipe_id)), 0)
  into v_lines
  from (
    select m.recipe_id, count(*) as meals from public.planner_meals m
    where m.household_id = p_household_id and m.deleted_at is null and m.date between v_start and v_end
    group by m.recipe_id
  ) planned;
  if v_lines > v_line_limit then
    raise exception 'this range plans % ingredient lines (each meal''s recipe lines); one sync reads at most %: %',
      v_lines, v_line_limit, v_narrower
      using errcode = 'MP409', column = 'end_date', hint = format('limit: %s ingredient lines a sync', v_line_limit);
  end if;

  v_plan := private.grocery_sync_plan(p_household_id, v_list_id, v_start, v_end);
  v_changes := jsonb_array_length(v_plan -> 'changes');
  v_largest := greatest(v_changes, jsonb_array_length(v_plan -> 'kept'), jsonb_array_length(v_plan -> 'withdrawals'));
  if v_largest > v_limit then
    raise exception 'this sync would list % changes (a line per meal and ingredient); one sync lists at most %: %',
      v_largest, v_limit, v_narrower
      using errcode = 'MP409', column = 'end_date', hint = format('limit: %s changes a sync', v_limit);
  end if;

  if not v_preview and v_changes > 0 then
    if jsonb_array_length(v_plan -> 'additions') > 0 then
      begin
        perform app.grocery_push_ingredients(p_household_id,
          jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_plan -> 'additions'));
      exception when sqlstate 'MP400' then
        raise exception 'an item of this list would pass 1,000,000: sync a shorter range or into another list'
          using errcode = 'MP400', column = 'grocery_list_id';
      end;
    end if;

    with withdrawals as (
      select * from jsonb_to_recordset(v_plan -> 'withdrawals')
        as w (grocery_item_id uuid, planner_meal_id uuid, quantity numeric, unit text)
    ),
    locked as (
      select i.id from public.grocery_items i
      where i.id in (select w.grocery_item_id from withdrawals w)
      order by i.id
      for no key update
    ),
    recorded as (
      insert into public.grocery_item_withdrawals (grocery_item_id, household_id, planner_meal_id, quantity_removed, unit)
      select w.grocery_item_id, p_household_id, w.planner_meal_id, w.quantity, w.unit from withdrawals w
    ),
    per_item as (
      select w.grocery_item_id, sum(w.quantity) as quantity from withdrawals w
      where w.grocery_item_id in (select locked.id from locked)
      group by w.grocery_item_id
    )
    update public.grocery_items i set
      quantity = case when i.quantity > p.quantity then trim_scale(i.quantity - p.quantity) else i.quantity end,
      deleted_at = case when i.quantity > p.quantity then i.deleted_at else now() end
    from per_item p
    where i.id = p.grocery_item_id;
  end if;

  return jsonb_build_object(
    'grocery_list_id', v_list_id,
    'start_date', v_start,
    'end_date', v_end,
    'preview', v_preview,
    'meals_in_range', v_plan -> 'meals_in_range',
    'changes', v_plan -> 'changes',
    'withdrawals', v_plan -> 'withdrawals',
    'kept', v_plan -> 'kept',
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null),
    'message', case
      when v_changes = 0 then 'The list already matches the plan for this range; nothing changed.'
      when v_preview then format('%s change(s) would be made; nothing was written (preview).', v_changes)
      else format('%s change(s) made.', v_changes) end);
end;
$$;
