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

-- household.list_on_hand: every on-hand ingredient of the household (at most 500), by name.
create or replace function app.household_list_on_hand(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_items jsonb := private.on_hand_json(p_household_id);
begin
  return jsonb_build_object('household_id', p_household_id, 'items', v_items,
    'count', jsonb_array_length(v_items));
end;
$$;

grant execute on function app.household_list_on_hand(uuid,jsonb) to authenticated;

-- household.set_on_hand: marks an ingredient (the catalog's or the household's own) on hand, or unmarks it. Setting
-- what is already so changes nothing (`changed` false). The reply keeps the state before, which an undo puts back.
create or replace function app.household_set_on_hand(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_on_hand boolean := (p_input ->> 'on_hand')::boolean;
  v_name text;
  v_previous public.household_on_hand;
  v_limit constant integer := 500;
begin
  select i.name into v_name from public.ingredients i
  where i.id = v_ingredient_id and (i.household_id is null or i.household_id = p_household_id);
  if v_name is null then
    raise exception 'ingredient not found' using errcode = 'MP404', column = 'ingredient_id';
  end if;
  -- One change of a household's marks at a time, so the cap holds and each reply's state before is the one it
  -- replaced.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('on hand:' || p_household_id::text, 0));
  select * into v_previous from public.household_on_hand o
  where o.household_id = p_household_id and o.ingredient_id = v_ingredient_id;
  if v_on_hand and v_previous.ingredient_id is null then
    if (select count(*) from public.household_on_hand o where o.household_id = p_household_id) >= v_limit then
      raise exception 'the household already has % ingredients on hand; unmark some first', v_limit
        using errcode = 'MP409', column = 'ingredient_id', hint = format('limit: %s ingredients on hand', v_limit);
    end if;
    insert into public.household_on_hand (household_id, ingredient_id, marked_by)
    values (p_household_id, v_ingredient_id, (select auth.uid()));
  elsif not v_on_hand and v_previous.ingredient_id is not null then
    delete from public.household_on_hand o
    where o.household_id = p_household_id and o.ingredient_id = v_ingredient_id;
  end if;
  return jsonb_build_object('household_id', p_household_id, 'ingredient_id', v_ingredient_id,
    'ingredient_name', v_name, 'on_hand', v_on_hand, 'previous_on_hand', v_previous.ingredient_id is not null,
    'changed', v_on_hand <> (v_previous.ingredient_id is not null),
    'on_hand_count', (select count(*) from public.household_on_hand o where o.household_id = p_household_id),
    'message', case
      when v_on_hand and v_previous.ingredient_id is not null then format('%s was already on hand.', v_name)
      when v_on_hand then format('Marked %s as on hand: syncing the plan leaves it off the list.', v_name)
      when v_previous.ingredient_id is null then format('%s was not on hand.', v_name)
      else format('%s is no longer on hand: syncing the plan puts it on the list again.', v_name) end);
end;
$$;

grant execute on function app.household_set_on_hand(uuid,jsonb) to authenticated;

-- What the person chose for a sync of [p_start, p_end] (grocery.sync_plan's `meals`, `on_hand` and a sentence for
-- its message): every meal planned in the range, included unless p_left_out names it; and each on-hand ingredient
-- the included meals use, left off unless p_include names it, with what those meals need of it (their lines scaled
-- to their servings, summed per unit and prep state) and which meals they are. Bounded by the sync's 5000 lines.
create or replace function private.grocery_sync_choices(p_household_id uuid, p_start date, p_end date, p_left_out uuid[],
  p_include uuid[]) returns jsonb
language sql stable
set search_path = ''
as $$
  with meals as (
    select m.id, m.date, m.meal_type, m.recipe_id, r.title, m.servings, r.servings as base,
      m.id <> all (p_left_out) as included
    from public.planner_meals m
    join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
    where m.household_id = p_household_id and m.deleted_at is null and m.date between p_start and p_end
  ),
  lines as (
    select mm.id as meal_id, mm.date, mm.meal_type, mm.title, ri.ingredient_id, ri.unit, ri.prep_state,
      private.scaled_quantity(ri.quantity, mm.servings, mm.base) as quantity
    from meals mm
    join public.recipe_ingredients ri on ri.household_id = p_household_id and ri.recipe_id = mm.recipe_id
    join public.household_on_hand o on o.household_id = p_household_id and o.ingredient_id = ri.ingredient_id
    where mm.included
  ),
  needs as (
    select g.ingredient_id, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('quantity', trim_scale(g.quantity),
      'unit', g.unit, 'prep_state', g.prep_state) order by g.unit, g.prep_key) as needed
    from (
      select l.ingredient_id, l.unit, coalesce(lower(btrim(l.prep_state)), '') as prep_key,
        min(btrim(l.prep_state)) as prep_state, sum(l.quantity) as quantity
      from lines l where l.quantity is not null
      group by l.ingredient_id, l.unit, coalesce(lower(btrim(l.prep_state)), '')
    ) g
    group by g.ingredient_id
  ),
  uses as (
    select u.ingredient_id, pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('planner_meal_id', u.meal_id,
      'date', u.date, 'meal_type', u.meal_type, 'recipe_title', u.title) order by u.date, u.meal_type, u.meal_id)
      as meals
    from (select distinct l.ingredient_id, l.meal_id, l.date, l.meal_type, l.title from lines l) u
    group by u.ingredient_id
  ),
  on_hand as (
    select i.id as ingredient_id, i.name, i.id = any (p_include) as included,
      coalesce(n.needed, '[]'::jsonb) as needed, u.meals
    from uses u
    join public.ingredients i on i.id = u.ingredient_id
    left join needs n on n.ingredient_id = u.ingredient_id
  )
  select pg_catalog.jsonb_build_object(
    'meals', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('planner_meal_id', mm.id,
        'date', mm.date, 'meal_type', mm.meal_type, 'recipe_id', mm.recipe_id, 'recipe_title', mm.title,
        'included', mm.included) order by mm.date, mm.meal_type, mm.id), '[]'::jsonb) from meals mm),
    'on_hand', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('ingredient_id', h.ingredient_id,
        'ingredient_name', h.name, 'included', h.included, 'needed', h.needed, 'meals', h.meals)
        order by h.name, h.ingredient_id), '[]'::jsonb) from on_hand h),
    'message', (select case when count(*) filter (where not mm.included) = 0 then ''
        else pg_catalog.format(' Left out %s of %s.', private.counted(count(*) filter (where not mm.included), 'meal'),
          count(*)) end from meals mm)
      || (select case when count(*) = 0 then '' else pg_catalog.format(' Left off what you have on hand: %s.',
        pg_catalog.string_agg(h.name, ', ' order by h.name)) end from on_hand h where not h.included))
$$;

grant execute on function private.grocery_sync_choices(uuid,date,date,uuid[],uuid[]) to authenticated;

drop function private.grocery_sync_plan(uuid,uuid,date,date);

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
create or replace function private.grocery_sync_plan(p_household_id uuid, p_list_id uuid, p_start date, p_end date,
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

-- The household's on-hand ingredients: what grocery.sync_plan leaves off the list unless it is told to include them.
create or replace function private.on_hand_ingredient_ids(p_household_id uuid) returns uuid[]
language sql stable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(o.ingredient_id), '{}'::uuid[])
  from public.household_on_hand o where o.household_id = p_household_id
$$;

grant execute on function private.on_hand_ingredient_ids(uuid) to authenticated;

-- The household's on-hand ingredients, by name, with who marked each: what household.list_on_hand returns.
create or replace function private.on_hand_json(p_household_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'ingredient_id', o.ingredient_id, 'ingredient_name', i.name,
      'marked_by_name', private.member_name(o.household_id, o.marked_by), 'marked_at', o.marked_at)
    order by i.normalized_name, i.id), '[]'::jsonb)
  from public.household_on_hand o
  join public.ingredients i on i.id = o.ingredient_id
  where o.household_id = p_household_id
$$;

grant execute on function private.on_hand_json(uuid) to authenticated;

-- Undo of a household write. Who belongs (invites, joins, leaves, removals, and the undos of those, such as
-- household.unrevoke_invite) is private.undo_membership_write's; household.set_aisle_order puts the order before
-- back (and undoing that, the order after); household.set_on_hand puts the ingredient's mark as it was (a later
-- change of that mark is undone first); a rename and a role change put the value before back.
create or replace function private.undo_household_write(p_household_id uuid, p_target public.tool_invocations,
  p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_data jsonb := p_target.response;
  v_household public.households;
  v_order_changed_at timestamptz;
begin
  select * into v_household from public.households h where h.id = p_household_id for no key update;
  case p_target.tool
  when 'household.create_invite', 'household.join', 'household.leave', 'household.remove_member',
    'household.revoke_invite', 'household.unrevoke_invite', 'household.take_back_join',
    'household.put_back_member' then
    return private.undo_membership_write(p_household_id, p_target);
  when 'household.set_aisle_order' then
    select o.updated_at into v_order_changed_at from public.household_aisle_orders o
    where o.household_id = p_household_id;
    perform private.refuse_if_changed_since('the aisle order', v_order_changed_at, p_target.created_at, p_strict);
    perform private.record_undo_inverse('household.set_aisle_order', app.household_set_aisle_order(p_household_id,
      jsonb_build_object('categories', case when jsonb_typeof(v_data -> 'previous_categories') = 'array'
        then v_data -> 'previous_categories' else '[]'::jsonb end)));
    return case when jsonb_typeof(v_data -> 'previous_categories') = 'array'
      then 'Put the aisle order back as it was.'
      else 'Put the usual aisle order back.' end;
  when 'household.set_on_hand' then
    if not (v_data ->> 'changed')::boolean then
      return private.nothing_to_undo();
    end if;
    select max(o.marked_at) into v_order_changed_at from public.household_on_hand o
    where o.household_id = p_household_id and o.ingredient_id = (v_data ->> 'ingredient_id')::uuid;
    if p_strict and (v_order_changed_at is not null) <> (v_data ->> 'on_hand')::boolean then
      perform private.undo_conflict(format('%s was marked or unmarked on hand by a later write; undo that write first',
        v_data ->> 'ingredient_name'));
    end if;
    perform private.refuse_if_changed_since(v_data ->> 'ingredient_name', v_order_changed_at, p_target.created_at,
      p_strict);
    perform private.record_undo_inverse('household.set_on_hand', app.household_set_on_hand(p_household_id,
      jsonb_build_object('ingredient_id', v_data ->> 'ingredient_id', 'on_hand', v_data -> 'previous_on_hand')));
    return format(case when (v_data ->> 'previous_on_hand')::boolean then 'Marked %s as on hand again.'
      else '%s is no longer on hand.' end, v_data ->> 'ingredient_name');
  when 'household.rename' then
    perform private.refuse_if_changed_since('the household''s name', v_household.updated_at, p_target.created_at,
      p_strict);
    perform private.record_undo_inverse('household.rename',
      app.household_rename(p_household_id, jsonb_build_object('name', v_data ->> 'previous_name')));
    return format('Renamed the household back to "%s".', v_data ->> 'previous_name');
  when 'household.set_role' then
    perform private.record_undo_inverse('household.set_role', app.household_set_role(p_household_id,
      jsonb_build_object('user_id', v_data ->> 'user_id', 'role', v_data ->> 'previous_role')));
    return format('Set the member''s role back to %s.', v_data ->> 'previous_role');
  else
    if p_target.user_id is distinct from (select auth.uid()) then
      perform private.undo_conflict('a default household is its member''s own: only they can change it back');
    end if;
    perform private.record_undo_inverse('household.set_default', jsonb_build_object(
      'default_household_id', v_data -> 'previous_default_household_id',
      'previous_default_household_id', (select m.household_id from public.household_members m
        where m.user_id = p_target.user_id and m.is_default)));
    update public.household_members m set is_default = false where m.user_id = p_target.user_id and m.is_default;
    update public.household_members m set is_default = true
    where m.user_id = p_target.user_id and m.household_id = (v_data ->> 'previous_default_household_id')::uuid;
    return 'Put the default household back as it was.';
  end case;
end;
$$;

-- Why a tool's write cannot be undone, or null when it can.
create or replace function private.undo_refusal(p_tool text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  return case
    when p_tool in ('grocery.push_ingredients', 'grocery.add_item', 'grocery.add_text', 'grocery.push_recipe',
      'grocery.create_list',
      'grocery.rename_list', 'grocery.uncheck_item', 'grocery.sync_plan', 'grocery.apply_conversion', 'history.undo',
      'grocery.delete_list', 'grocery.restore_list', 'grocery.clear_checked', 'grocery.check_item',
      'grocery.remove_item', 'grocery.restore_item', 'grocery.update_item', 'recipe.create', 'recipe.create_many',
      'recipe.delete',
      'recipe.restore', 'recipe.update', 'recipe.revert', 'household.rename', 'household.set_role',
      'household.set_default', 'planner.add_meal', 'planner.remove_meal', 'planner.restore_meal', 'planner.update_meal',
      'household.create_invite', 'household.join', 'household.leave', 'household.remove_member', 'ingredient.create',
      'planner.add_recurring', 'planner.remove_series', 'planner.update_series', 'household.revoke_invite',
      'household.set_aisle_order', 'household.set_on_hand')
      then null
    else 'history.undo does not know how to undo it yet'
  end;
end;
$$;

drop policy if exists "Members can change their household's on-hand marks" on public.household_on_hand;
create policy "Members can change their household's on-hand marks" on public.household_on_hand
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

drop policy if exists "Members can mark ingredients on hand" on public.household_on_hand;
create policy "Members can mark ingredients on hand" on public.household_on_hand
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()));

drop policy if exists "Members can unmark ingredients on hand" on public.household_on_hand;
create policy "Members can unmark ingredients on hand" on public.household_on_hand
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

drop policy if exists "On-hand ingredients are visible to the household's members" on public.household_on_hand;
create policy "On-hand ingredients are visible to the household's members" on public.household_on_hand
  for select to authenticated
  using (household_id in (select private.member_household_ids()));

grant insert on public.household_on_hand to meal_planner_writer;

grant update on public.household_on_hand to meal_planner_writer;

grant delete on public.household_on_hand to meal_planner_writer;
