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

-- The first problem with a batch, in line order, as (message, field); null when
-- every line is valid. Set-based: one query checks every line. plpgsql so that
-- this large query is planned once per session, not at every call.
create function private.push_line_problem(p_household_id uuid, p_lines jsonb) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return (
  with lines as (
    select e.ordinality - 1 as line_index, format('ingredients[%s]', e.ordinality - 1) as path, e.value as line
    from jsonb_array_elements(p_lines) with ordinality e
  ),
  checked as (
    select l.line_index, case
      when jsonb_typeof(l.line) <> 'object' then
        array[l.path || ' must be an object', l.path]
      when u.unknown_key is not null then
        array['unknown field ' || l.path || '.' || u.unknown_key, l.path || '.' || u.unknown_key]
      when jsonb_typeof(l.line -> 'ingredient_id') is distinct from 'string' then
        array[l.path || '.ingredient_id is required', l.path || '.ingredient_id']
      when not (l.line ->> 'ingredient_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        array[l.path || '.ingredient_id must be a UUID', l.path || '.ingredient_id']
      when i.id is null then
        array['unknown ingredient ' || (l.line ->> 'ingredient_id'), l.path || '.ingredient_id']
      when jsonb_typeof(l.line -> 'quantity') is distinct from 'number' then
        array[l.path || '.quantity must be a number', l.path || '.quantity']
      when (l.line ->> 'quantity')::numeric <= 0 or (l.line ->> 'quantity')::numeric > 1000000 then
        array[l.path || '.quantity must be greater than 0 and at most 1000000', l.path || '.quantity']
      when jsonb_typeof(l.line -> 'unit') is distinct from 'string' then
        array[l.path || '.unit is required', l.path || '.unit']
      when unit.code is null then
        array[format('unknown unit "%s"; allowed: %s', l.line ->> 'unit',
          (select string_agg(all_units.code, ', ' order by all_units.code) from public.units all_units)), l.path || '.unit']
      when coalesce(jsonb_typeof(l.line -> 'prep_state'), 'null') not in ('null', 'string')
        or char_length(btrim(l.line ->> 'prep_state')) not between 1 and 100 then
        array[l.path || '.prep_state must be null or a text of 1 to 100 characters', l.path || '.prep_state']
      when coalesce(jsonb_typeof(l.line -> 'source_recipe_id'), 'null') not in ('null', 'string')
        or not coalesce(l.line ->> 'source_recipe_id', '00000000-0000-0000-0000-000000000000')
          ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        array[l.path || '.source_recipe_id must be a UUID', l.path || '.source_recipe_id']
      when l.line ->> 'source_recipe_id' is not null and not exists (
        select 1 from public.recipes r
        where r.id = (l.line ->> 'source_recipe_id')::uuid and r.household_id = p_household_id and r.deleted_at is null
      ) then
        array['recipe not found', l.path || '.source_recipe_id', 'MP404']
      when coalesce(jsonb_typeof(l.line -> 'planner_meal_id'), 'null') not in ('null', 'string')
        or not coalesce(l.line ->> 'planner_meal_id', '00000000-0000-0000-0000-000000000000')
          ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        array[l.path || '.planner_meal_id must be a UUID', l.path || '.planner_meal_id']
      when l.line ->> 'planner_meal_id' is not null and not exists (
        select 1 from public.planner_meals m
        where m.id = (l.line ->> 'planner_meal_id')::uuid and m.household_id = p_household_id and m.deleted_at is null
      ) then
        array['planned meal not found', l.path || '.planner_meal_id', 'MP404']
    end as problem
    from lines l
    left join lateral (
      select min(k) as unknown_key from jsonb_object_keys(case when jsonb_typeof(l.line) = 'object' then l.line end) k
      where k <> all (array['ingredient_id', 'quantity', 'unit', 'prep_state', 'source_recipe_id', 'planner_meal_id'])
    ) u on true
    left join public.ingredients i
      on (l.line ->> 'ingredient_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and i.id = (l.line ->> 'ingredient_id')::uuid
      and (i.household_id is null or i.household_id = p_household_id)
    left join public.units unit on unit.code = l.line ->> 'unit'
  )
  select c.problem from checked c where c.problem is not null order by c.line_index limit 1
  );
end;
$$;

-- grocery.push_ingredients, set-based: the batch is checked in one query, its
-- lines summed per key, matching items updated in one statement and the rest
-- inserted in another, with a source row per line.
create function app.grocery_push_ingredients(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_list_id uuid;
  v_problem text[];
  v_too_big integer;
  v_groups jsonb;
  v_added jsonb;
  v_merged jsonb;
begin
  perform private.reject_unknown_fields(p_input, '', array['grocery_list_id', 'ingredients']);
  v_list_id := private.uuid_field(p_input -> 'grocery_list_id', 'grocery_list_id');
  if jsonb_typeof(p_input -> 'ingredients') is distinct from 'array'
     or jsonb_array_length(p_input -> 'ingredients') not between 1 and 500 then
    raise exception 'ingredients must be an array of 1 to 500 lines'
      using errcode = 'MP400', column = 'ingredients';
  end if;

  -- Concurrent pushes into one list queue here, so none loses an update.
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  v_problem := private.push_line_problem(p_household_id, p_input -> 'ingredients');
  if v_problem is not null then
    raise exception '%', v_problem[1] using errcode = coalesce(v_problem[3], 'MP400'), column = v_problem[2];
  end if;

  -- Lines summed per key; per key the oldest unchecked, live item of the list,
  -- its candidates locked in id order so that no two writers deadlock.
  with lines as (
    select (e.value ->> 'ingredient_id')::uuid as ingredient_id, (e.value ->> 'quantity')::numeric as quantity,
      e.value ->> 'unit' as unit, e.value ->> 'prep_state' as prep_state, (e.ordinality - 1)::integer as line
    from jsonb_array_elements(p_input -> 'ingredients') with ordinality e
  ),
  groups as (
    select l.ingredient_id, l.unit, l.prep_state, sum(l.quantity) as quantity, min(l.line) as first_line
    from lines l group by l.ingredient_id, l.unit, l.prep_state
  ),
  candidates as (
    select i.id, i.ingredient_id, i.unit, i.prep_state, i.quantity, i.created_at
    from public.grocery_items i
    where i.grocery_list_id = v_list_id and not i.checked and i.deleted_at is null
      and (i.ingredient_id, i.unit) in (select g.ingredient_id, g.unit from groups g)
    order by i.id
    for no key update
  ),
  targets as (
    select distinct on (c.ingredient_id, c.unit, c.prep_state) c.*
    from candidates c
    order by c.ingredient_id, c.unit, c.prep_state, c.created_at, c.id
  )
  select jsonb_agg(jsonb_build_object(
    'ingredient_id', g.ingredient_id, 'unit', g.unit, 'prep_state', g.prep_state, 'quantity', g.quantity,
    'first_line', g.first_line, 'item_id', t.id, 'quantity_before', t.quantity))
  into v_groups
  from groups g
  left join targets t on t.ingredient_id = g.ingredient_id and t.unit = g.unit
    and t.prep_state is not distinct from g.prep_state;

  select min(g.first_line) into v_too_big
  from jsonb_to_recordset(v_groups) as g (quantity numeric, first_line integer, quantity_before numeric)
  where coalesce(g.quantity_before, 0) + g.quantity > 1000000;
  if v_too_big is not null then
    raise exception 'quantity would exceed 1000000 after merging'
      using errcode = 'MP400', column = format('ingredients[%s].quantity', v_too_big);
  end if;

  update public.grocery_items i set quantity = trim_scale(i.quantity + g.quantity)
  from jsonb_to_recordset(v_groups) as g (item_id uuid, quantity numeric)
  where i.id = g.item_id;

  -- New items for the keys nothing matched, then a source row per incoming line.
  with groups as (
    select * from jsonb_to_recordset(v_groups) as g (
      ingredient_id uuid, unit text, prep_state text, quantity numeric, first_line integer, item_id uuid,
      quantity_before numeric)
  ),
  inserted as (
    insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state)
    select v_list_id, p_household_id, g.ingredient_id, trim_scale(g.quantity), g.unit, g.prep_state
    from groups g where g.item_id is null
    order by g.first_line
    returning id, ingredient_id, unit, prep_state
  ),
  items as (
    select g.ingredient_id, g.unit, g.prep_state, g.first_line, g.quantity_before, coalesce(g.item_id, n.id) as item_id
    from groups g
    left join inserted n on g.item_id is null and n.ingredient_id = g.ingredient_id and n.unit = g.unit
      and n.prep_state is not distinct from g.prep_state
  ),
  sources as (
    insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit)
    select it.item_id, p_household_id, (e.value ->> 'source_recipe_id')::uuid, (e.value ->> 'planner_meal_id')::uuid,
      (e.value ->> 'quantity')::numeric, e.value ->> 'unit'
    from jsonb_array_elements(p_input -> 'ingredients') with ordinality e
    join items it on it.ingredient_id = (e.value ->> 'ingredient_id')::uuid and it.unit = e.value ->> 'unit'
      and it.prep_state is not distinct from e.value ->> 'prep_state'
    order by e.ordinality
  )
  select jsonb_agg(jsonb_build_object('item_id', it.item_id, 'first_line', it.first_line,
    'quantity_before', it.quantity_before))
  into v_groups
  from items it;

  select
    coalesce(jsonb_agg(private.grocery_item_json(i) order by g.first_line) filter (where g.quantity_before is null), '[]'),
    coalesce(jsonb_agg(private.grocery_item_json(i) || jsonb_build_object(
      'quantity_before', g.quantity_before, 'quantity_after', i.quantity) order by g.first_line)
      filter (where g.quantity_before is not null), '[]')
  into v_added, v_merged
  from jsonb_to_recordset(v_groups) as g (item_id uuid, first_line integer, quantity_before numeric)
  join public.grocery_items i on i.id = g.item_id;

  return jsonb_build_object(
    'grocery_list_id', v_list_id,
    'added', v_added,
    'merged', v_merged,
    'summary', jsonb_build_object(
      'lines_received', jsonb_array_length(p_input -> 'ingredients'),
      'items_added', jsonb_array_length(v_added),
      'items_merged', jsonb_array_length(v_merged)),
    'item_count', private.live_item_count(v_list_id)
  );
end;
$$;

revoke all on function app.grocery_push_ingredients(uuid, jsonb), private.push_line_problem(uuid, jsonb),
  private.live_item_count(uuid) from public, anon;
grant execute on function app.grocery_push_ingredients(uuid, jsonb), private.push_line_problem(uuid, jsonb),
  private.live_item_count(uuid) to authenticated;
