-- Tool messages count in words that agree with the count, as history's summaries do since 20261125000400: "Pushed 1
-- line", "Planned Soup once", "Removed 1 occurrence", instead of "line(s)", "1 times" and "occurrence(s)".
-- Each function is redefined exactly as it was (20261122000620_grocery_plan.sql, 20261122000640_planner_recurring.sql,
-- 20261122000920_history_undo_members_series.sql), same security settings; create or replace keeps their grants.

create or replace function app.grocery_push_recipe(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_servings integer := (p_input ->> 'servings')::integer;
  v_recipe public.recipes;
  v_lines jsonb;
  v_scaled jsonb;
  v_pushed jsonb;
  v_message text;
begin
  -- The list first, as the merge locks it, so that concurrent writers queue in one order.
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  select * into v_recipe from public.recipes r
  where r.id = (p_input ->> 'recipe_id')::uuid and r.household_id = p_household_id and r.deleted_at is null;
  if v_recipe.id is null then
    raise exception 'recipe not found' using errcode = 'MP404', column = 'recipe_id';
  end if;
  if v_servings is not null and v_recipe.servings is null then
    raise exception 'this recipe has no servings recorded, so it can only be pushed at its own amounts: leave out servings, or set the recipe''s servings with recipe.update first'
      using errcode = 'MP400', column = 'servings';
  end if;

  select
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id,
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings),
      'unit', ri.unit, 'prep_state', ri.prep_state, 'source_recipe_id', v_recipe.id) order by ri.position, ri.id),
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'unit', ri.unit, 'prep_state', ri.prep_state,
      'recipe_quantity', ri.quantity,
      'quantity_unrounded', private.unrounded_quantity(ri.quantity, v_servings, v_recipe.servings),
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings)) order by ri.position, ri.id)
  into v_lines, v_scaled
  from public.recipe_ingredients ri
  where ri.household_id = p_household_id and ri.recipe_id = v_recipe.id;
  if v_lines is null then
    raise exception 'this recipe has no ingredient lines to push' using errcode = 'MP400', column = 'recipe_id';
  end if;

  begin
    v_pushed := app.grocery_push_ingredients(p_household_id,
      jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_lines));
  exception when sqlstate 'MP400' then
    -- The only line error a recipe's own lines can meet: an item would pass 1,000,000.
    get stacked diagnostics v_message = message_text;
    raise exception '%', v_message || case when v_servings is null then '' else ' at ' || v_servings || ' servings' end
      using errcode = 'MP400', column = case when v_servings is null then 'recipe_id' else 'servings' end;
  end;

  -- The rows the merge just recorded for this recipe, matched to their lines by key and stored amount.
  update public.grocery_item_sources s set quantity_exact = line.quantity_unrounded
  from jsonb_to_recordset(v_scaled) as line (ingredient_id uuid, unit text, prep_state text,
    quantity_unrounded numeric, quantity numeric),
    public.grocery_items i
  where s.household_id = p_household_id and s.recipe_id = v_recipe.id and s.planner_meal_id is null
    and s.created_at = now() and s.quantity_exact is null
    and i.household_id = s.household_id and i.id = s.grocery_item_id and i.grocery_list_id = v_list_id
    and i.ingredient_id = line.ingredient_id and s.unit = line.unit
    and i.prep_key is not distinct from lower(btrim(line.prep_state))
    and s.quantity_added = line.quantity and line.quantity_unrounded <> line.quantity;

  return v_pushed || jsonb_build_object(
    'recipe_id', v_recipe.id,
    'recipe_title', v_recipe.title,
    'base_servings', v_recipe.servings,
    'servings', coalesce(v_servings, v_recipe.servings),
    'lines', v_scaled,
    'message', format('Pushed %s of %s%s.', private.counted(jsonb_array_length(v_lines), 'line'), v_recipe.title,
      case when v_servings is null or v_servings = v_recipe.servings then ' at its own amounts'
        else format(' scaled from %s to %s servings', v_recipe.servings, v_servings) end));
end;
$$;

-- grocery.sync_plan: as before (20261122000620_grocery_plan.sql), with counted wording; the span (the limits
-- migration's private.check_plan_span) checked first, then its work and its reply bounded, each refusal a CONFLICT
-- naming a shorter range to sync first, with nothing written. Work: at
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
      when v_preview then format('%s would be made; nothing was written (preview).', private.counted(v_changes, 'change'))
      else format('%s made.', private.counted(v_changes, 'change')) end);
end;
$$;

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

create or replace function private.undo_series_write(p_household_id uuid, p_target public.tool_invocations, p_strict boolean)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_at timestamptz := p_target.created_at;
  v_series public.planner_meal_series;
  v_title text;
  v_meal public.planner_meals;
  v_meal_ids uuid[];
  v_moved jsonb;
  v_series_moved boolean;
  v_fields text[] := array(select jsonb_object_keys(v_data -> 'previous'));
  v_now jsonb;
  v_now_meals jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.household_id = p_household_id and s.id = (v_data ->> 'series_id')::uuid
  for no key update;
  select r.title into v_title from public.recipes r
  where r.household_id = p_household_id and r.id = v_series.recipe_id;
  perform private.refuse_if_changed_since(format('the series of %s', v_title), v_series.updated_at, v_at, p_strict);
  v_meal_ids := array(
    select value::uuid from jsonb_array_elements_text(case p_target.tool
      when 'planner.add_recurring' then jsonb_path_query_array(v_data, '$.meals[*].id')
      when 'planner.remove_series' then v_data -> 'removed_meal_ids'
      when 'planner.restore_series' then v_data -> 'restored_meal_ids'
      else jsonb_path_query_array(v_data, '$.previous_meals[*].id')
    end));

  for v_meal in
    select * from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids)
    order by m.id
    for no key update
  loop
    perform private.refuse_if_changed_since(format('the meal %s on %s', v_title, v_meal.date), v_meal.updated_at,
      v_at, p_strict);
  end loop;

  case p_target.tool
  when 'planner.add_recurring', 'planner.restore_series' then
    if exists (
      select 1 from public.grocery_item_sources s
      where s.household_id = p_household_id and s.planner_meal_id = any(v_meal_ids) and s.created_at > v_at
    ) then
      perform private.undo_conflict(
        'an occurrence''s ingredients were pushed to a grocery list since; undo that push first');
    end if;
    with removed as (
      update public.planner_meals m set deleted_at = now()
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is null
      returning m.id
    )
    select coalesce(jsonb_agg(removed.id order by removed.id), '[]'::jsonb) into v_moved from removed;
    update public.planner_meal_series s set deleted_at = now()
    where s.id = v_series.id and s.deleted_at is null
      and (p_target.tool = 'planner.add_recurring' or (v_data ->> 'series_restored')::boolean);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.remove_series', jsonb_build_object('series_id', v_series.id,
      'removed_meal_ids', v_moved, 'series_removed', v_series_moved));
    if v_series_moved then
      return format('Removed the series of %s and its %s.', v_title,
        private.counted(jsonb_array_length(v_moved), 'occurrence'));
    end if;
    return format('Removed %s of %s again.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  when 'planner.remove_series' then
    if exists (
      select 1 from public.recipes r
      where r.household_id = p_household_id and r.id = v_series.recipe_id and r.deleted_at is not null
    ) then
      perform private.undo_conflict(format('the recipe "%s" was deleted since; restore it first', v_title));
    end if;
    with restored as (
      update public.planner_meals m set deleted_at = null
      where m.household_id = p_household_id and m.id = any(v_meal_ids) and m.deleted_at is not null
      returning m.id
    )
    select coalesce(jsonb_agg(restored.id order by restored.id), '[]'::jsonb) into v_moved from restored;
    -- The write removed the series itself only when it removed every occurrence (no from_date); an undo's
    -- record says whether it did.
    update public.planner_meal_series s set deleted_at = null
    where s.id = v_series.id and s.deleted_at is not null
      and coalesce((v_data ->> 'series_removed')::boolean, s.deleted_at = v_at);
    v_series_moved := found;
    perform private.record_undo_inverse('planner.restore_series', jsonb_build_object('series_id', v_series.id,
      'restored_meal_ids', v_moved, 'series_restored', v_series_moved));
    return format('Restored %s of %s.', private.counted(jsonb_array_length(v_moved), 'occurrence'), v_title);
  else
    if v_series.deleted_at is not null then
      perform private.undo_conflict(format('the series of %s was removed since; undo that first', v_title));
    end if;
    -- The values the undo replaces, kept in the same shape, so that its undo (a redo) puts them back.
    v_now := (select jsonb_object_agg(field, to_jsonb(v_series) -> field) from unnest(v_fields) field);
    select coalesce(jsonb_agg(jsonb_build_object('id', m.id) || (
        select jsonb_object_agg(field, to_jsonb(m) -> field) from unnest(v_fields) field)
      order by m.date, m.id), '[]'::jsonb)
    into v_now_meals
    from public.planner_meals m
    where m.household_id = p_household_id and m.id = any(v_meal_ids);
    update public.planner_meal_series s set
      servings = case when v_data -> 'previous' ? 'servings' then (v_data #>> '{previous,servings}')::integer
        else s.servings end,
      meal_type = case when v_data -> 'previous' ? 'meal_type' then v_data #>> '{previous,meal_type}'
        else s.meal_type end,
      note = case when v_data -> 'previous' ? 'note' then v_data #>> '{previous,note}' else s.note end
    where s.id = v_series.id;
    update public.planner_meals m set
      servings = case when previous.value ? 'servings' then (previous.value ->> 'servings')::integer
        else m.servings end,
      meal_type = case when previous.value ? 'meal_type' then previous.value ->> 'meal_type' else m.meal_type end,
      note = case when previous.value ? 'note' then previous.value ->> 'note' else m.note end
    from jsonb_array_elements(v_data -> 'previous_meals') previous
    where m.household_id = p_household_id and m.id = (previous.value ->> 'id')::uuid;
    perform private.record_undo_inverse('planner.update_series', jsonb_build_object('series_id', v_series.id,
      'previous', v_now, 'previous_meals', v_now_meals));
    return format('Put the series of %s back as it was (%s).', v_title,
      private.counted(cardinality(v_meal_ids), 'occurrence'));
  end case;
end;
$$;
