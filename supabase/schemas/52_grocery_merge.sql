set check_function_bodies = off;

-- grocery.push_ingredients: merge each line into an unchecked, live item of the
-- list with the same ingredient, unit and prep state (null = null), else add
-- an item. No unit conversion. One call, one transaction: a bad line anywhere
-- leaves nothing behind.
-- A list holds at most 1000 live items, so that reading one stays bounded;
-- returns the count, or refuses the change that went past it.
create function private.live_item_count(p_list_id uuid) returns integer
language plpgsql stable
set search_path = ''
as $$
declare
  v_count integer;
begin
  select count(*) into v_count from public.grocery_items i where i.grocery_list_id = p_list_id and i.deleted_at is null;
  if v_count > 1000 then
    raise exception 'a grocery list holds at most 1000 items; check off or remove items, or start a new list'
      using errcode = 'MP409', column = 'grocery_list_id';
  end if;
  return v_count;
end;
$$;
grant execute on function private.live_item_count(uuid) to authenticated;

-- The first line, in line order, that refers to something this household does not have, as
-- (message, field, SQLSTATE); null when every reference holds. One query checks every line; plpgsql so
-- that it is planned once per session. The shape of a line (types, keys, bounds, units, lengths) is Zod's
-- to check before the call, and the tables' constraints hold the bounds: nothing of that is repeated here.
-- Each reference is looked up by its key, line by line (a lateral subquery with a limit, which the planner cannot
-- turn into a hash): as NOT EXISTS, the planner hashed every catalog ingredient (2,800 rows) on each push, and every
-- recipe and planned meal of the household for a push that names them. The lines are materialized: a key read from
-- the JSON inside the lookup is not leakproof, and under row-level security PostgreSQL 15 then scanned the table for
-- each line instead of using its index. A line without a recipe or a meal looks neither up.
create function private.push_line_problem(p_household_id uuid, p_lines jsonb) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return (
  with lines as materialized (
    select e.ordinality - 1 as line_index, format('ingredients[%s]', e.ordinality - 1) as path,
      (e.value ->> 'ingredient_id')::uuid as ingredient_id, (e.value ->> 'source_recipe_id')::uuid as recipe_id,
      (e.value ->> 'planner_meal_id')::uuid as meal_id
    from jsonb_array_elements(p_lines) with ordinality e
  ),
  checked as (
    select l.line_index, case
      when ingredient.found is null then
        array['unknown ingredient ' || l.ingredient_id, l.path || '.ingredient_id', 'MP400']
      when l.recipe_id is not null and recipe.found is null then
        array['recipe not found', l.path || '.source_recipe_id', 'MP404']
      when l.meal_id is not null and meal.found is null then
        array['planned meal not found', l.path || '.planner_meal_id', 'MP404']
    end as problem
    from lines l
    left join lateral (
      select true as found from public.ingredients i
      where i.id = l.ingredient_id and (i.household_id is null or i.household_id = p_household_id)
      limit 1
    ) ingredient on true
    left join lateral (
      select true as found from public.recipes r
      where l.recipe_id is not null and r.id = l.recipe_id and r.household_id = p_household_id
        and r.deleted_at is null
      limit 1
    ) recipe on true
    left join lateral (
      select true as found from public.planner_meals m
      where l.meal_id is not null and m.id = l.meal_id and m.household_id = p_household_id
        and m.deleted_at is null
      limit 1
    ) meal on true
  )
  select c.problem from checked c where c.problem is not null order by c.line_index limit 1
  );
end;
$$;
grant execute on function private.push_line_problem(uuid,jsonb) to authenticated;

-- Refuses a push whose merged quantity would pass 1,000,000, naming its first line (line_index, 0-based);
-- true otherwise. Push calls it once per statement, before any row is written (see below).
create function private.refuse_push_over_limit(p_first_line integer) returns boolean
language plpgsql volatile
set search_path = ''
as $$
begin
  if p_first_line is not null then
    raise exception 'quantity would exceed 1000000 after merging'
      using errcode = 'MP400', column = format('ingredients[%s].quantity', p_first_line);
  end if;
  return true;
end;
$$;
grant execute on function private.refuse_push_over_limit(integer) to authenticated;

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

-- The oldest unchecked, live line of a list with this merge key, other than p_except_id, locked for the change to
-- come: the same ingredient (or, for a free item, the same name_key), unit and prep state (prep_key; null = null).
-- Each kind of key through its own merge index. Push finds its lines by the same rule, set-based.
create function private.matching_line(p_list_id uuid, p_ingredient_id uuid, p_name_key text, p_unit text,
  p_prep_key text, p_except_id uuid default null) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_line public.grocery_items;
begin
  if p_ingredient_id is not null then
    select * into v_line from public.grocery_items i
    where i.grocery_list_id = p_list_id and not i.checked and i.deleted_at is null
      and i.ingredient_id = p_ingredient_id and i.unit = p_unit and i.prep_key is not distinct from p_prep_key
      and i.id is distinct from p_except_id
    order by i.created_at, i.id
    limit 1
    for no key update;
  else
    select * into v_line from public.grocery_items i
    where i.grocery_list_id = p_list_id and not i.checked and i.deleted_at is null
      and i.ingredient_id is null and i.name_key = p_name_key and i.unit = p_unit
      and i.prep_key is not distinct from p_prep_key
      and i.id is distinct from p_except_id
    order by i.created_at, i.id
    limit 1
    for no key update;
  end if;
  return v_line;
end;
$$;
grant execute on function private.matching_line(uuid,uuid,text,text,text,uuid) to authenticated;

-- An ingredient merges as grocery.push_ingredients merges a line: into the oldest unchecked, live item of the
-- list with the same ingredient, unit and prep state (trimmed and case-folded, null = null); so does a name that
-- is exactly an ingredient's (trimmed and case-folded, never fuzzy: the household's own first, then the
-- catalog). Only a name that matches nothing is a free item, and free items merge with an unchecked, live free
-- item of the same name, unit and prep state. The list is locked first, as push locks it, so concurrent adds
-- queue and the item cap holds. One item, so it is written directly rather than through push's set-based
-- statement (which, with the subtransaction that renamed its errors, cost 0.3 ms more per call).
create function app.grocery_add_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.live_grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_quantity numeric := (p_input ->> 'quantity')::numeric;
  v_unit text := p_input ->> 'unit';
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
begin
  if v_ingredient_id is not null then
    if not exists (
      select 1 from public.ingredients i
      where i.id = v_ingredient_id and (i.household_id is null or i.household_id = p_household_id)
    ) then
      raise exception 'unknown ingredient %', v_ingredient_id using errcode = 'MP400', column = 'ingredient_id';
    end if;
  else
    select i.id into v_ingredient_id from public.ingredients i
    where i.normalized_name = lower(btrim(p_input ->> 'name'))
      and (i.household_id = p_household_id or i.household_id is null)
    order by i.household_id nulls last
    limit 1;
  end if;

  v_row := private.matching_line(v_list.id, v_ingredient_id, lower(btrim(p_input ->> 'name')), v_unit,
    lower(btrim(p_input ->> 'prep_state')));
  v_merged := v_row.id is not null;
  if v_merged then
    if v_row.quantity + v_quantity > 1000000 then
      raise exception 'quantity would exceed 1000000 after merging' using errcode = 'MP400', column = 'quantity';
    end if;
    update public.grocery_items i set quantity = trim_scale(i.quantity + v_quantity)
    where i.id = v_row.id
    returning * into v_row;
  else
    insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, name, quantity, unit, prep_state)
    values (v_list.id, p_household_id, v_ingredient_id,
      case when v_ingredient_id is null then btrim(p_input ->> 'name') end, trim_scale(v_quantity), v_unit,
      btrim(p_input ->> 'prep_state'))
    returning * into v_row;
    perform private.live_item_count(v_list.id);
  end if;
  insert into public.grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
  values (v_row.id, p_household_id, v_quantity, v_unit);
  v_item := private.grocery_item_json(v_row);
  return jsonb_build_object(
    'grocery_item_id', v_row.id,
    'merged', v_merged,
    'item', v_item,
    'message', format('Added %s to %s%s',
      private.amount_words((p_input ->> 'quantity')::numeric, v_row.unit, v_item ->> 'name'),
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;
