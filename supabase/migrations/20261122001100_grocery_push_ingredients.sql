-- grocery.push_ingredients: merge each line into an unchecked, live item of the
-- list with the same ingredient, unit and prep state (null = null), else add
-- an item. No unit conversion. One call, one transaction: a bad line anywhere
-- leaves nothing behind.
create function app.grocery_push_ingredients(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_list_id uuid;
  v_line jsonb;
  v_index integer;
  v_path text;
  v_ingredient_id uuid;
  v_quantity numeric;
  v_unit text;
  v_prep_state text;
  v_recipe_id uuid;
  v_meal_id uuid;
  v_lines jsonb := '[]';
  v_group record;
  v_item public.grocery_items;
  v_before numeric;
  v_added jsonb := '[]';
  v_merged jsonb := '[]';
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

  for v_line, v_index in
    select e.value, e.ordinality - 1 from jsonb_array_elements(p_input -> 'ingredients') with ordinality e
  loop
    v_path := format('ingredients[%s]', v_index);
    perform private.reject_unknown_fields(v_line, v_path,
      array['ingredient_id', 'quantity', 'unit', 'prep_state', 'source_recipe_id', 'planner_meal_id']);

    v_ingredient_id := private.uuid_field(v_line -> 'ingredient_id', v_path || '.ingredient_id');
    if not exists (
      select 1 from public.ingredients i
      where i.id = v_ingredient_id and (i.household_id is null or i.household_id = p_household_id)
    ) then
      raise exception 'unknown ingredient %', v_ingredient_id
        using errcode = 'MP400', column = v_path || '.ingredient_id';
    end if;

    if jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception '%.quantity must be a number', v_path using errcode = 'MP400', column = v_path || '.quantity';
    end if;
    v_quantity := (v_line ->> 'quantity')::numeric;
    if v_quantity <= 0 or v_quantity > 1000000 then
      raise exception '%.quantity must be greater than 0 and at most 1000000', v_path
        using errcode = 'MP400', column = v_path || '.quantity';
    end if;

    if jsonb_typeof(v_line -> 'unit') is distinct from 'string' then
      raise exception '%.unit is required', v_path using errcode = 'MP400', column = v_path || '.unit';
    end if;
    v_unit := v_line ->> 'unit';
    if not exists (select 1 from public.units u where u.code = v_unit) then
      raise exception 'unknown unit "%"; allowed: %', v_unit,
        (select string_agg(u.code, ', ' order by u.code) from public.units u)
        using errcode = 'MP400', column = v_path || '.unit';
    end if;

    v_prep_state := null;
    if jsonb_typeof(v_line -> 'prep_state') = 'string' then
      v_prep_state := v_line ->> 'prep_state';
    end if;
    if (v_line -> 'prep_state') is not null and jsonb_typeof(v_line -> 'prep_state') <> 'null'
       and (v_prep_state is null or char_length(btrim(v_prep_state)) not between 1 and 100) then
      raise exception '%.prep_state must be null or a text of 1 to 100 characters', v_path
        using errcode = 'MP400', column = v_path || '.prep_state';
    end if;

    v_recipe_id := private.uuid_field(v_line -> 'source_recipe_id', v_path || '.source_recipe_id', false);
    if v_recipe_id is not null and not exists (
      select 1 from public.recipes r
      where r.id = v_recipe_id and r.household_id = p_household_id and r.deleted_at is null
    ) then
      raise exception 'recipe not found' using errcode = 'MP404', column = v_path || '.source_recipe_id';
    end if;

    v_meal_id := private.uuid_field(v_line -> 'planner_meal_id', v_path || '.planner_meal_id', false);
    if v_meal_id is not null and not exists (
      select 1 from public.planner_meals m
      where m.id = v_meal_id and m.household_id = p_household_id and m.deleted_at is null
    ) then
      raise exception 'planned meal not found' using errcode = 'MP404', column = v_path || '.planner_meal_id';
    end if;

    v_lines := v_lines || jsonb_build_object(
      'line', v_index, 'ingredient_id', v_ingredient_id, 'quantity', v_quantity, 'unit', v_unit,
      'prep_state', v_prep_state, 'recipe_id', v_recipe_id, 'planner_meal_id', v_meal_id);
  end loop;

  -- Lines sharing a key are summed first; keys are taken in a fixed order.
  for v_group in
    select l.ingredient_id, l.unit, l.prep_state, sum(l.quantity) as quantity, min(l.line) as first_line
    from jsonb_to_recordset(v_lines) as l (line integer, ingredient_id uuid, quantity numeric, unit text, prep_state text)
    group by l.ingredient_id, l.unit, l.prep_state
    order by l.ingredient_id, l.unit, l.prep_state nulls first
  loop
    select i.* into v_item from public.grocery_items i
    where i.grocery_list_id = v_list_id
      and i.ingredient_id = v_group.ingredient_id
      and i.unit = v_group.unit
      and i.prep_state is not distinct from v_group.prep_state
      and not i.checked
      and i.deleted_at is null
    order by i.created_at, i.id
    limit 1
    for update;

    if found then
      v_before := v_item.quantity;
      if v_before + v_group.quantity > 1000000 then
        raise exception 'quantity would exceed 1000000 after merging'
          using errcode = 'MP400', column = format('ingredients[%s].quantity', v_group.first_line);
      end if;
      update public.grocery_items i set quantity = trim_scale(i.quantity + v_group.quantity)
      where i.id = v_item.id
      returning i.* into v_item;
      v_merged := v_merged || (private.grocery_item_json(v_item) || jsonb_build_object(
        'quantity_before', v_before, 'quantity_after', v_item.quantity, 'line', v_group.first_line));
    else
      if v_group.quantity > 1000000 then
        raise exception 'quantity would exceed 1000000 after merging'
          using errcode = 'MP400', column = format('ingredients[%s].quantity', v_group.first_line);
      end if;
      insert into public.grocery_items (grocery_list_id, household_id, ingredient_id, quantity, unit, prep_state)
      values (v_list_id, p_household_id, v_group.ingredient_id, trim_scale(v_group.quantity), v_group.unit, v_group.prep_state)
      returning * into v_item;
      v_added := v_added || (private.grocery_item_json(v_item) || jsonb_build_object('line', v_group.first_line));
    end if;

    insert into public.grocery_item_sources (grocery_item_id, household_id, recipe_id, planner_meal_id, quantity_added, unit)
    select v_item.id, p_household_id, l.recipe_id, l.planner_meal_id, l.quantity, l.unit
    from jsonb_to_recordset(v_lines) as l (line integer, ingredient_id uuid, quantity numeric, unit text, prep_state text,
                                           recipe_id uuid, planner_meal_id uuid)
    where l.ingredient_id = v_group.ingredient_id and l.unit = v_group.unit
      and l.prep_state is not distinct from v_group.prep_state
    order by l.line;
  end loop;

  return jsonb_build_object(
    'grocery_list_id', v_list_id,
    'added', (select coalesce(jsonb_agg(e - 'line' order by (e ->> 'line')::integer), '[]') from jsonb_array_elements(v_added) e),
    'merged', (select coalesce(jsonb_agg(e - 'line' order by (e ->> 'line')::integer), '[]') from jsonb_array_elements(v_merged) e),
    'summary', jsonb_build_object(
      'lines_received', jsonb_array_length(p_input -> 'ingredients'),
      'items_added', jsonb_array_length(v_added),
      'items_merged', jsonb_array_length(v_merged)),
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null)
  );
end;
$$;

revoke all on function app.grocery_push_ingredients(uuid, jsonb) from public, anon;
grant execute on function app.grocery_push_ingredients(uuid, jsonb) to authenticated;
