-- grocery.sync_plan: runs private.grocery_sync_plan's plan, or only returns it (preview). `skipped` lists the lines
-- without a quantity of the meals planned in the range, which the plan leaves out (the same whether preview or not).
-- `meals` and `on_hand` say which meals went in and which on-hand ingredients were left off (21_household_on_hand).
create or replace function app.grocery_sync_plan(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_preview boolean := coalesce((p_input ->> 'preview')::boolean, false);
  v_left_out uuid[] := array(select jsonb_array_elements_text(coalesce(p_input -> 'leave_out_meal_ids', '[]'))::uuid);
  v_include uuid[] := array(select jsonb_array_elements_text(coalesce(p_input -> 'include_ingredient_ids', '[]'))::uuid);
  v_leave_off uuid[];
  v_choices jsonb;
  v_plan jsonb;
  v_changes integer;
  v_largest integer;
  v_limit constant integer := 2000;
  v_lines bigint;
  v_line_limit constant integer := 5000;
  v_skipped jsonb;
  v_skipped_names text;
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

  v_leave_off := array(select on_hand.id from unnest(private.on_hand_ingredient_ids(p_household_id)) on_hand(id)
    where on_hand.id <> all (v_include));
  v_plan := private.grocery_sync_plan(p_household_id, v_list_id, v_start, v_end, v_left_out, v_leave_off);
  v_choices := private.grocery_sync_choices(p_household_id, v_start, v_end, v_left_out, v_include);
  v_changes := jsonb_array_length(v_plan -> 'changes');
  v_largest := greatest(v_changes, jsonb_array_length(v_plan -> 'kept'), jsonb_array_length(v_plan -> 'withdrawals'));
  if v_largest > v_limit then
    raise exception 'this sync would list % changes (a line per meal and ingredient); one sync lists at most %: %',
      v_largest, v_limit, v_narrower
      using errcode = 'MP409', column = 'end_date', hint = format('limit: %s changes a sync', v_limit);
  end if;

  -- Bounded by the 5000 lines above.
  select coalesce(jsonb_agg(jsonb_build_object(
      'planner_meal_id', m.id, 'date', m.date, 'meal_type', m.meal_type, 'recipe_id', r.id, 'recipe_title', r.title,
      'ingredient_id', ri.ingredient_id, 'ingredient_name', i.name, 'prep_state', ri.prep_state, 'note', ri.note,
      'reason', 'no quantity in the recipe')
      order by m.date, m.meal_type, m.id, ri.position, ri.id), '[]'::jsonb),
    string_agg(distinct i.name, ', ' order by i.name)
  into v_skipped, v_skipped_names
  from public.planner_meals m
  join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
  join public.recipe_ingredients ri on ri.household_id = m.household_id and ri.recipe_id = m.recipe_id
  join public.ingredients i on i.id = ri.ingredient_id
  where m.household_id = p_household_id and m.deleted_at is null and m.date between v_start and v_end
    and ri.quantity is null;

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

    -- The items are looked up by their keys gathered into an array (an index condition, id = any), not joined to
    -- the withdrawals: the planner guesses 100 rows for jsonb_to_recordset and, on PostgreSQL 15, 17 and 18 alike,
    -- hashed them against a sequential scan of every household's grocery_items, twice (the lock and the update).
    with withdrawals as (
      select * from jsonb_to_recordset(v_plan -> 'withdrawals')
        as w (grocery_item_id uuid, planner_meal_id uuid, quantity numeric, unit text)
    ),
    locked as (
      select i.id from public.grocery_items i
      where i.id = any (array(select distinct w.grocery_item_id from withdrawals w))
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
    where i.id = p.grocery_item_id and i.id = any (array(select per_item.grocery_item_id from per_item));
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
    'skipped', v_skipped,
    'meals', v_choices -> 'meals',
    'on_hand', v_choices -> 'on_hand',
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null),
    'message', case
      when v_changes = 0 then 'The list already matches the plan for this range; nothing changed.'
      when v_preview then format('%s would be made; nothing was written (preview).', private.counted(v_changes, 'change'))
      else format('%s made.', private.counted(v_changes, 'change')) end
      || case when v_skipped_names is null then '' else format(' Skipped %s without a quantity in the recipe (%s).',
        private.counted(jsonb_array_length(v_skipped), 'line'), v_skipped_names) end
      || coalesce(v_choices ->> 'message', ''));
end;
$$;
