-- ============================================================================
-- Recipe lines without a quantity ("salt to taste", "oil for frying")
-- ============================================================================

-- A recipe line may have no amount at all: quantity and unit are then both null, never one of them, so a free-text
-- quantity never gets in (the line's words go in its note: "to taste"). Existing rows all have both, so the check
-- holds for them as they are; the bounds on quantity (> 0, 3 decimals) still apply whenever it is set.
alter table public.recipe_ingredients alter column quantity drop not null;
alter table public.recipe_ingredients alter column unit drop not null;
alter table public.recipe_ingredients add constraint recipe_ingredients_quantity_with_unit
  check ((quantity is null) = (unit is null));

-- The recipe functions (private.recipe_json, private.resolve_ingredient_lines, private.replace_recipe_lines,
-- app.recipe_create/update/revert/restore, their revisions and history.undo) carry quantity and unit through JSON
-- as they are, so a null stays null without a change to them.

-- As 20261122000620_grocery_plan.sql made it (search_path pinned by 20261125000700), except that a line without a
-- quantity stays without one: greatest() skips a null, so the old body turned it into 0.001.
create or replace function private.scaled_quantity(p_quantity numeric, p_servings integer, p_base integer)
returns numeric
language sql immutable
set search_path = ''
return case when p_quantity is null then null
  when p_servings is null or p_base is null then p_quantity
  else trim_scale(greatest(round(p_quantity * p_servings / p_base, 3), 0.001)) end;
--
-- Everything on a grocery list has a numeric quantity and a unit, so the two functions that turn recipe lines into
-- list items leave the lines without a quantity out and say so: grocery.push_recipe and grocery.sync_plan.
-- private.grocery_sync_plan needs no change: a line without a quantity wants nothing (a null amount counts as 0, and
-- no item has a null unit to match it), so it adds and withdraws nothing; app.grocery_sync_plan lists it as skipped.

-- As 20261125000410_counted_messages.sql left it, with the lines that have no quantity skipped and listed.
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
  v_skipped jsonb;
  v_skipped_words text;
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
      'unit', ri.unit, 'prep_state', ri.prep_state, 'source_recipe_id', v_recipe.id) order by ri.position, ri.id)
      filter (where ri.quantity is not null),
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'unit', ri.unit, 'prep_state', ri.prep_state,
      'recipe_quantity', ri.quantity,
      'quantity_unrounded', private.unrounded_quantity(ri.quantity, v_servings, v_recipe.servings),
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings)) order by ri.position, ri.id)
      filter (where ri.quantity is not null),
    coalesce(jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'ingredient_name', i.name,
      'prep_state', ri.prep_state, 'note', ri.note, 'reason', 'no quantity in the recipe') order by ri.position, ri.id)
      filter (where ri.quantity is null), '[]'::jsonb),
    string_agg(i.name || coalesce(' (' || ri.note || ')', ''), ', ' order by ri.position, ri.id)
      filter (where ri.quantity is null)
  into v_lines, v_scaled, v_skipped, v_skipped_words
  from public.recipe_ingredients ri
  join public.ingredients i on i.id = ri.ingredient_id
  where ri.household_id = p_household_id and ri.recipe_id = v_recipe.id;
  if v_lines is null and v_skipped_words is not null then
    raise exception 'no line of this recipe has a quantity (%), and a grocery list holds only amounts: add what must be bought with grocery.add_item, with an amount',
      v_skipped_words using errcode = 'MP400', column = 'recipe_id';
  elsif v_lines is null then
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
    'skipped', v_skipped,
    'message', format('Pushed %s of %s%s.', private.counted(jsonb_array_length(v_lines), 'line'), v_recipe.title,
      case when v_servings is null or v_servings = v_recipe.servings then ' at its own amounts'
        else format(' scaled from %s to %s servings', v_recipe.servings, v_servings) end)
      || case when v_skipped_words is null then '' else format(' Skipped %s: no quantity in the recipe.', v_skipped_words) end);
end;
$$;

-- As 20261125000410_counted_messages.sql left it, with `skipped`: the lines without a quantity of the meals planned
-- in the range, which the plan leaves out (the same whether preview or not).
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

  v_plan := private.grocery_sync_plan(p_household_id, v_list_id, v_start, v_end);
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
    'skipped', v_skipped,
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null),
    'message', case
      when v_changes = 0 then 'The list already matches the plan for this range; nothing changed.'
      when v_preview then format('%s would be made; nothing was written (preview).', private.counted(v_changes, 'change'))
      else format('%s made.', private.counted(v_changes, 'change')) end
      || case when v_skipped_names is null then '' else format(' Skipped %s without a quantity in the recipe (%s).',
        private.counted(jsonb_array_length(v_skipped), 'line'), v_skipped_names) end);
end;
$$;
