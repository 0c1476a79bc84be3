-- grocery.push_ingredients, set-based:
--   * the list is locked by an update of its own row: the list's version trigger takes the transaction's version
--     for the list (and pokes, once), and the update returns it; touch_grocery_lists then finds the list already
--     stamped and writes no second row version of it;
--   * every merged or added item is written with that version, and merged ones with updated_at = clock_timestamp()
--     (what the trigger would give them), so that the item triggers' WHEN clauses skip every row;
--   * the reply's items are built here, as grocery_item_as_json builds them, instead of a call per item.
create or replace function app.grocery_push_ingredients(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  -- created_by's default, read once for the statement instead of once per row (it parses the claims each time).
  v_user_id uuid := auth.uid();
  v_version bigint;
  v_problem text[];
  v_reply jsonb;
begin
  -- Concurrent pushes into one list queue here, so none loses an update, first come first served
  -- (queue_for_grocery_list says why). The update takes the list's version for this transaction (its trigger), which
  -- every row written below carries.
  perform private.queue_for_grocery_list(v_list_id);
  update public.grocery_lists l set updated_at = now()
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  returning l.version into v_version;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  v_problem := private.push_line_problem(p_household_id, p_input -> 'ingredients');
  if v_problem is not null then
    raise exception '%', v_problem[1] using errcode = v_problem[3], column = v_problem[2];
  end if;

  -- Per key the oldest unchecked, live item of the list; prep states compare trimmed and case-folded
  -- (prep_key); a new item takes its first line's spelling.
  with lines as (
    select e.ingredient_id, e.quantity, e.unit, btrim(e.prep_state) as prep_state,
      lower(btrim(e.prep_state)) as prep_key, e.source_recipe_id, e.planner_meal_id, (e.line - 1)::integer as line
    from rows from (jsonb_to_recordset(p_input -> 'ingredients') as (ingredient_id uuid, quantity numeric,
      unit text, prep_state text, source_recipe_id uuid, planner_meal_id uuid)) with ordinality
      as e(ingredient_id, quantity, unit, prep_state, source_recipe_id, planner_meal_id, line)
  ),
  groups as (
    select l.ingredient_id, l.unit, l.prep_key, (array_agg(l.prep_state order by l.line))[1] as prep_state,
      sum(l.quantity) as quantity, min(l.line) as first_line
    from lines l group by l.ingredient_id, l.unit, l.prep_key
  ),
  candidates as (
    select i.id, i.ingredient_id, i.unit, i.prep_key, i.quantity, i.created_at
    from public.grocery_items i
    where i.grocery_list_id = v_list_id and not i.checked and i.deleted_at is null
      and (i.ingredient_id, i.unit) in (select g.ingredient_id, g.unit from groups g)
    order by i.id
    for no key update
  ),
  matched as (
    select g.*, t.id as item_id, t.quantity as quantity_before
    from groups g
    left join (
      select distinct on (c.ingredient_id, c.unit, c.prep_key) c.*
      from candidates c
      order by c.ingredient_id, c.unit, c.prep_key, c.created_at, c.id
    ) t on t.ingredient_id = g.ingredient_id and t.unit = g.unit and t.prep_key is not distinct from g.prep_key
  ),
  -- One row; evaluated (and so raising) before either write below reads its first row.
  within_limit as (
    select private.refuse_push_over_limit(min(m.first_line) filter (
      where coalesce(m.quantity_before, 0) + m.quantity > 1000000)) as ok
    from matched m
  ),
  updated as (
    -- Stamped here, every stamp the item trigger would give (its WHEN clause then skips the row): a call per merged row
    -- was a third of a 500-line push's trigger time.
    update public.grocery_items i set quantity = trim_scale(i.quantity + m.quantity), updated_at = clock_timestamp(),
      version = v_version, amount_version = v_version, amount_changed_by = v_user_id
    from matched m
    where i.id = any (array(select m2.item_id from matched m2 where m2.item_id is not null))
      and i.id = m.item_id and (select w.ok from within_limit w)
    returning i as item, m.first_line, m.quantity_before
  ),
  inserted as (
    insert into public.grocery_items as n (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state,
      created_by, version)
    select v_list_id, p_household_id, m.ingredient_id, trim_scale(m.quantity), m.unit, m.prep_state, v_user_id,
      v_version
    from matched m
    where m.item_id is null and (select w.ok from within_limit w)
    order by m.first_line
    returning n as item
  ),
  items as (
    select u.item, u.first_line, u.quantity_before from updated u
    union all
    select n.item, m.first_line, null::numeric
    from inserted n
    join matched m on m.item_id is null and m.ingredient_id = (n.item).ingredient_id and m.unit = (n.item).unit
      and m.prep_key is not distinct from (n.item).prep_key
  ),
  sources as (
    insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit,
      created_by)
    select (it.item).id, p_household_id, l.source_recipe_id, l.planner_meal_id, l.quantity, l.unit, v_user_id
    from lines l
    join items it on (it.item).ingredient_id = l.ingredient_id and (it.item).unit = l.unit
      and (it.item).prep_key is not distinct from l.prep_key
    order by l.line
  ),
  -- Built as json and made jsonb once (see grocery.get_list): for 500 items, 2.5 of the call's 17 ms less.
  -- Each item as private.grocery_item_as_json shows it (the merged ones with their quantity before and after).
  replies as (
    select it.first_line, it.quantity_before, case when it.quantity_before is null then json_build_object(
        'id', (it.item).id,
        'ingredient_id', (it.item).ingredient_id,
        'name', coalesce((it.item).name, ingredient.name),
        'quantity', (it.item).quantity,
        'unit', (it.item).unit,
        'prep_state', (it.item).prep_state,
        'checked', (it.item).checked
      ) else json_build_object(
        'id', (it.item).id,
        'ingredient_id', (it.item).ingredient_id,
        'name', coalesce((it.item).name, ingredient.name),
        'quantity', (it.item).quantity,
        'unit', (it.item).unit,
        'prep_state', (it.item).prep_state,
        'checked', (it.item).checked,
        'quantity_before', it.quantity_before,
        'quantity_after', (it.item).quantity
      ) end as item_json
    from items it left join public.ingredients ingredient on ingredient.id = (it.item).ingredient_id
  )
  select (json_build_object(
    'grocery_list_id', v_list_id,
    'added', coalesce(json_agg(r.item_json order by r.first_line) filter (where r.quantity_before is null), '[]'),
    'merged', coalesce(json_agg(r.item_json order by r.first_line) filter (where r.quantity_before is not null),
      '[]'),
    'summary', json_build_object(
      'lines_received', jsonb_array_length(p_input -> 'ingredients'),
      'items_added', count(*) filter (where r.quantity_before is null),
      'items_merged', count(*) filter (where r.quantity_before is not null))))::jsonb
  into v_reply
  from replies r;

  -- A statement does not see its own inserts: the list's count (and its cap) comes after.
  return v_reply || jsonb_build_object('item_count', private.live_item_count(v_list_id));
end;
$$;

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

-- A live list of the household, locked for the lines a write adds to it: one statement where a read and then a lock
-- were two. A list removed while the lock was awaited is no longer live when the row is read again under the lock, so
-- nothing is added to it. NOT_FOUND, as private.live_grocery_list, when the household has no such live list.
create or replace function private.live_grocery_list_to_change(p_household_id uuid, p_list_id uuid) returns public.grocery_lists
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  perform private.queue_for_grocery_list(p_list_id);
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;

-- The writes that add lines to a list (push, add_item, add_text, push_recipe, sync_plan) wait their turn here, first
-- come first served, before they lock the list's row. Each of them updates that row, so a writer waiting on the row
-- lock must follow it to the row's next version when the holder commits, and a writer arriving just then, which
-- reads the new version directly, may take it first: with ten pushes into one list, one could be passed over again
-- and again, for several times the median wait. A transaction-level advisory lock keeps one queue.
-- Every caller takes it before it holds the list's row, so no writer holds the row while it waits here; the other
-- writes of a list (a tick, a rename) lock the row alone and never wait here.
create or replace function private.queue_for_grocery_list(p_list_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('grocery list:' || p_list_id::text, 0));
end;
$$;

grant execute on function private.queue_for_grocery_list(uuid) to authenticated;
