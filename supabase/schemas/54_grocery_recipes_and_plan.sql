set check_function_bodies = off;

-- A recipe line's amount scaled to the servings, rounded to the 3 decimals an item stores, never below 0.001. A line
-- without a quantity stays without one (tested first: greatest() skips a null, and would make it 0.001).
create or replace function private.scaled_quantity(p_quantity numeric, p_servings integer, p_base integer)
returns numeric
language sql immutable
set search_path = ''
return case when p_quantity is null then null
  when p_servings is null or p_base is null then p_quantity
  else trim_scale(greatest(round(p_quantity * p_servings / p_base, 3), 0.001)) end;
grant execute on function private.scaled_quantity(numeric,integer,integer) to authenticated;

-- The unrounded amount, for the reply: exact when the division terminates (6/4), else to numeric's precision.
create function private.unrounded_quantity(p_quantity numeric, p_servings integer, p_base integer) returns numeric
language sql immutable
set search_path = ''
return case when p_servings is null or p_base is null then p_quantity
  else trim_scale(p_quantity * p_servings / p_base) end;
grant execute on function private.unrounded_quantity(numeric,integer,integer) to authenticated;

-- grocery.push_recipe: the recipe's lines scaled to the servings and merged as push merges them; the lines without
-- a quantity are skipped and listed in the reply.
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
  perform private.queue_for_grocery_list(v_list_id);
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

-- What a sync of [p_start, p_end] into the list would change, computed before anything is written (so
-- that preview and the real run return the same plan). Per planned meal and merge key (ingredient, unit,
-- prep state): the wanted amount (the meal's recipe lines scaled to its servings, each rounded as
-- private.scaled_quantity rounds) against the meal's recorded contribution to this list (its sources
-- minus its withdrawals). A meal with a contribution here that is no longer planned in the range wants 0.
-- More wanted: the difference is added through the merge. Less: it is withdrawn from the live, unchecked
-- items that carry the meal's contribution (each item at most what the meal put there and what it holds);
-- what sits on checked or removed items was bought or refused, and is kept.
-- A meal of p_left_out (the person left it out of this sync) and an ingredient of p_leave_off (on hand, not
-- included anyway) want 0 too: nothing is added for them, and what they put on the list before and is not bought
-- yet is withdrawn, so the list holds the chosen meals' ingredients less what the household has.
create function private.grocery_sync_plan(p_household_id uuid, p_list_id uuid, p_start date, p_end date,
  p_left_out uuid[], p_leave_off uuid[])
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  with meals as (
    select m.id as meal_id, m.recipe_id, m.servings, r.servings as base, r.deleted_at is null as recipe_live
    from public.planner_meals m
    join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
    where m.household_id = p_household_id and m.deleted_at is null and m.date between p_start and p_end
  ),
  wanted as (
    select mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '') as prep_key,
      (array_agg(btrim(ri.prep_state) order by ri.position, ri.id))[1] as prep_state,
      sum(private.scaled_quantity(ri.quantity, mm.servings, mm.base)) as quantity
    from meals mm
    join public.recipe_ingredients ri on ri.household_id = p_household_id and ri.recipe_id = mm.recipe_id
    where mm.meal_id <> all (p_left_out) and ri.ingredient_id <> all (p_leave_off)
    group by mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '')
  ),
  items as (
    select i.* from public.grocery_items i
    where i.household_id = p_household_id and i.grocery_list_id = p_list_id and i.ingredient_id is not null
  ),
  contributions as (
    select s.planner_meal_id as meal_id, s.grocery_item_id as item_id, s.unit, s.quantity_added as quantity
    from public.grocery_item_sources s
    where s.household_id = p_household_id and s.planner_meal_id is not null
      and s.grocery_item_id in (select items.id from items)
    union all
    select w.planner_meal_id, w.grocery_item_id, w.unit, -w.quantity_removed
    from public.grocery_item_withdrawals w
    where w.household_id = p_household_id and w.planner_meal_id is not null
      and w.grocery_item_id in (select items.id from items)
  ),
  per_item as (
    select c.meal_id, c.item_id, c.unit, sum(c.quantity) as quantity
    from contributions c group by c.meal_id, c.item_id, c.unit
  ),
  recorded as (
    select p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '') as prep_key,
      min(i.prep_state) as prep_state, sum(p.quantity) as quantity
    from per_item p join items i on i.id = p.item_id
    group by p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '')
  ),
  differences as (
    select coalesce(w.meal_id, r.meal_id) as meal_id, coalesce(w.ingredient_id, r.ingredient_id) as ingredient_id,
      coalesce(w.unit, r.unit) as unit, coalesce(w.prep_key, r.prep_key) as prep_key,
      coalesce(w.prep_state, r.prep_state) as prep_state,
      coalesce(r.quantity, 0) as recorded, coalesce(w.quantity, 0) as wanted
    from wanted w
    full join recorded r on r.meal_id = w.meal_id and r.ingredient_id = w.ingredient_id and r.unit = w.unit
      and r.prep_key = w.prep_key
    where coalesce(w.quantity, 0) <> coalesce(r.quantity, 0)
  ),
  -- For each shortfall, the meal's live, unchecked items of that key, newest first.
  available as (
    select d.meal_id, d.ingredient_id, d.unit, d.prep_key, d.recorded - d.wanted as need, i.id as item_id,
      i.quantity as item_quantity, least(p.quantity, i.quantity) as quantity, i.created_at
    from differences d
    join per_item p on p.meal_id = d.meal_id and p.unit = d.unit and p.quantity > 0
    join items i on i.id = p.item_id and i.ingredient_id = d.ingredient_id and i.unit = d.unit
      and coalesce(i.prep_key, '') = d.prep_key and not i.checked and i.deleted_at is null
    where d.recorded > d.wanted
  ),
  per_meal as (
    select a.*, greatest(least(a.quantity, a.need - (sum(a.quantity) over (
      partition by a.meal_id, a.ingredient_id, a.unit, a.prep_key order by a.created_at desc, a.item_id
      rows unbounded preceding) - a.quantity)), 0) as wanted_take
    from available a
  ),
  -- Several meals on one item never take more than it holds.
  takes as (
    select pm.meal_id, pm.ingredient_id, pm.unit, pm.prep_key, pm.item_id,
      greatest(least(pm.wanted_take, pm.item_quantity - (sum(pm.wanted_take) over (
        partition by pm.item_id order by pm.meal_id rows unbounded preceding) - pm.wanted_take)), 0) as quantity
    from per_meal pm
  ),
  entries as (
    select d.*, coalesce(t.withdrawn, 0) as withdrawn, t.withdrawals
    from differences d
    left join (
      select tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key, sum(tk.quantity) as withdrawn,
        jsonb_agg(jsonb_build_object('grocery_item_id', tk.item_id, 'planner_meal_id', tk.meal_id,
          'quantity', tk.quantity, 'unit', tk.unit) order by tk.item_id) as withdrawals
      from takes tk where tk.quantity > 0
      group by tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key
    ) t on t.meal_id = d.meal_id and t.ingredient_id = d.ingredient_id and t.unit = d.unit and t.prep_key = d.prep_key
  ),
  described as (
    select e.*, greatest(e.wanted - e.recorded, 0) as added,
      greatest(e.recorded - e.wanted, 0) - e.withdrawn as kept,
      m.recipe_id, m.date, m.meal_type, r.title as recipe_title, r.deleted_at is null as recipe_live,
      ingredient.name as ingredient_name,
      case when m.deleted_at is not null then 'removed'
        when m.date not between p_start and p_end then 'out_of_range' else 'planned' end as meal_status
    from entries e
    join public.planner_meals m on m.household_id = p_household_id and m.id = e.meal_id
    join public.recipes r on r.household_id = p_household_id and r.id = m.recipe_id
    join public.ingredients ingredient on ingredient.id = e.ingredient_id
  )
  select jsonb_build_object(
    'changes', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'date', d.date, 'meal_type', d.meal_type, 'meal_status', d.meal_status,
        'recipe_id', d.recipe_id, 'recipe_title', d.recipe_title,
        'ingredient_id', d.ingredient_id, 'ingredient_name', d.ingredient_name, 'unit', d.unit,
        'prep_state', d.prep_state, 'quantity_before', trim_scale(d.recorded), 'quantity_after', trim_scale(d.wanted),
        'added', trim_scale(d.added), 'withdrawn', trim_scale(d.withdrawn), 'kept', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0 or d.withdrawn > 0), '[]'::jsonb),
    'kept', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'meal_status', d.meal_status, 'ingredient_id', d.ingredient_id,
        'ingredient_name', d.ingredient_name, 'unit', d.unit, 'prep_state', d.prep_state,
        'quantity', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.kept > 0), '[]'::jsonb),
    'withdrawals', coalesce((select jsonb_agg(w.value order by w.value ->> 'grocery_item_id', w.value ->> 'planner_meal_id')
      from described d2, jsonb_array_elements(d2.withdrawals) w), '[]'::jsonb),
    'additions', coalesce(jsonb_agg(jsonb_build_object(
        'ingredient_id', d.ingredient_id, 'quantity', trim_scale(d.added), 'unit', d.unit, 'prep_state', d.prep_state,
        'planner_meal_id', d.meal_id, 'source_recipe_id', case when d.recipe_live then d.recipe_id end)
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0), '[]'::jsonb),
    'meals_in_range', (select count(*) from meals))
  into v_plan
  from described d;
  return v_plan;
end;
$$;
grant execute on function private.grocery_sync_plan(uuid,uuid,date,date,uuid[],uuid[]) to authenticated;

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
  -- In the push's queue before the list's row, as the push takes them: it is called below with the row held.
  perform private.queue_for_grocery_list(v_list_id);
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
