-- grocery.* tools other than the merge, run by private.invoke as the caller under RLS.

create function private.grocery_list_summary_json(p_list public.grocery_lists) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_list.id,
    'name', p_list.name,
    'item_count', (select count(*) from public.grocery_items i
      where i.grocery_list_id = p_list.id and i.deleted_at is null),
    'unchecked_count', (select count(*) from public.grocery_items i
      where i.grocery_list_id = p_list.id and i.deleted_at is null and not i.checked),
    'created_at', p_list.created_at,
    'updated_at', p_list.updated_at
  );
end;
$$;

create function private.grocery_item_detail_json(p_item public.grocery_items) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_json(p_item) || jsonb_build_object(
    'checked_at', p_item.checked_at,
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object(
        'recipe_id', s.recipe_id,
        'planner_meal_id', s.planner_meal_id,
        'quantity_added', s.quantity_added,
        'unit', s.unit,
        'created_at', s.created_at
      ) order by s.created_at, s.id)
      from (
        select * from public.grocery_item_sources latest
        where latest.household_id = p_item.household_id and latest.grocery_item_id = p_item.id
        order by latest.created_at desc, latest.id desc
        limit 20
      ) s
    ), '[]'::jsonb)
  );
end;
$$;

create function private.live_grocery_list(p_household_id uuid, p_list_id uuid) returns public.grocery_lists
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id and l.deleted_at is null;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;

-- A live item on a live list of the household, locked for the change to come.
create function private.live_grocery_item(p_household_id uuid, p_item_id uuid) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
begin
  select i.* into v_item
  from public.grocery_items i
  join public.grocery_lists l on l.household_id = i.household_id and l.id = i.grocery_list_id
  where i.id = p_item_id and i.household_id = p_household_id and i.deleted_at is null and l.deleted_at is null
  for no key update of i;
  if v_item.id is null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  end if;
  return v_item;
end;
$$;

create function app.grocery_list_lists(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('lists', coalesce((
    select jsonb_agg(private.grocery_list_summary_json(l) order by l.created_at desc, l.id)
    from public.grocery_lists l
    where l.household_id = p_household_id and l.deleted_at is null
  ), '[]'::jsonb));
end;
$$;

-- One query for the items and their sources (the sources of all the list's
-- items in one pass, not a lookup per item); an item shows its 20 latest
-- contributions, so a list read stays bounded.
create function app.grocery_get_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_items jsonb;
  v_count integer;
  v_unchecked integer;
begin
  with items as (
    select i.* from public.grocery_items i
    where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.deleted_at is null
  ),
  sources as (
    select recent.grocery_item_id, jsonb_agg(jsonb_build_object(
      'recipe_id', recent.recipe_id,
      'planner_meal_id', recent.planner_meal_id,
      'quantity_added', recent.quantity_added,
      'unit', recent.unit,
      'created_at', recent.created_at
    ) order by recent.created_at, recent.id) as list
    from (
      select s.*, row_number() over (partition by s.grocery_item_id order by s.created_at desc, s.id desc) as newness
      from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id in (select items.id from items)
    ) recent
    where recent.newness <= 20
    group by recent.grocery_item_id
  )
  select
    coalesce(jsonb_agg(jsonb_build_object(
      'id', i.id,
      'ingredient_id', i.ingredient_id,
      'name', coalesce(i.name, ingredient.name),
      'quantity', i.quantity,
      'unit', i.unit,
      'prep_state', i.prep_state,
      'checked', i.checked,
      'checked_at', i.checked_at,
      'sources', coalesce(sources.list, '[]'::jsonb)
    ) order by i.checked, i.created_at, i.id), '[]'::jsonb),
    count(*),
    count(*) filter (where not i.checked)
  into v_items, v_count, v_unchecked
  from items i
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  left join sources on sources.grocery_item_id = i.id;

  return jsonb_build_object(
    'list', jsonb_build_object(
      'id', v_list.id, 'name', v_list.name, 'item_count', v_count, 'unchecked_count', v_unchecked,
      'created_at', v_list.created_at, 'updated_at', v_list.updated_at),
    'items', v_items
  );
end;
$$;

create function app.grocery_create_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  insert into public.grocery_lists (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_list;
  return jsonb_build_object('grocery_list_id', v_list.id, 'name', v_list.name, 'created_at', v_list.created_at);
exception when unique_violation then
  raise exception 'a grocery list named "%" already exists in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

-- A known ingredient merges like grocery.push_ingredients (one line, whose
-- errors are renamed to add_item's own fields); a free name is always a new
-- item, since names are never matched fuzzily.
create function app.grocery_add_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_pushed jsonb;
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
  v_message text;
  v_column text;
begin
  if p_input ->> 'ingredient_id' is not null then
    begin
      v_pushed := app.grocery_push_ingredients(p_household_id, jsonb_build_object(
        'grocery_list_id', v_list.id,
        'ingredients', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'ingredient_id', p_input -> 'ingredient_id',
          'quantity', p_input -> 'quantity',
          'unit', p_input -> 'unit',
          'prep_state', p_input -> 'prep_state')))));
    exception when sqlstate 'MP400' then
      get stacked diagnostics v_message = message_text, v_column = column_name;
      raise exception '%', replace(v_message, 'ingredients[0].', '')
        using errcode = 'MP400', column = replace(v_column, 'ingredients[0].', '');
    end;
    v_merged := jsonb_array_length(v_pushed -> 'merged') > 0;
    v_item := coalesce(v_pushed #> '{merged,0}', v_pushed #> '{added,0}') - 'quantity_before' - 'quantity_after';
  else
    insert into public.grocery_items (grocery_list_id, household_id, name, quantity, unit, prep_state)
    values (v_list.id, p_household_id, btrim(p_input ->> 'name'), (p_input ->> 'quantity')::numeric,
      p_input ->> 'unit', p_input ->> 'prep_state')
    returning * into v_row;
    insert into public.grocery_item_sources (grocery_item_id, household_id, quantity_added, unit)
    values (v_row.id, p_household_id, v_row.quantity, v_row.unit);
    perform private.live_item_count(v_list.id);
    v_merged := false;
    v_item := private.grocery_item_json(v_row);
  end if;
  return jsonb_build_object(
    'grocery_item_id', v_item ->> 'id',
    'merged', v_merged,
    'item', v_item,
    'message', format('Added %s %s of %s to %s%s', p_input ->> 'quantity', v_item ->> 'unit', v_item ->> 'name',
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;

create function private.set_grocery_item_checked(p_household_id uuid, p_input jsonb, p_checked boolean) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
begin
  if v_item.checked is distinct from p_checked then
    update public.grocery_items i set
      checked = p_checked,
      checked_by = case when p_checked then (select auth.uid()) end,
      checked_at = case when p_checked then now() end
    where i.id = v_item.id
    returning * into v_item;
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_item));
end;
$$;

create function app.grocery_check_item(p_household_id uuid, p_input jsonb) returns jsonb
language sql
set search_path = ''
as $$
  select private.set_grocery_item_checked(p_household_id, p_input, true);
$$;

create function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language sql
set search_path = ''
as $$
  select private.set_grocery_item_checked(p_household_id, p_input, false);
$$;

create function app.grocery_remove_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
begin
  update public.grocery_items i set deleted_at = now() where i.id = v_item.id returning * into v_item;
  return jsonb_build_object('removed', true, 'item',
    private.grocery_item_detail_json(v_item) || jsonb_build_object('deleted_at', v_item.deleted_at));
end;
$$;

revoke all on function private.grocery_list_summary_json(public.grocery_lists),
  private.grocery_item_detail_json(public.grocery_items), private.live_grocery_list(uuid, uuid),
  private.live_grocery_item(uuid, uuid), private.set_grocery_item_checked(uuid, jsonb, boolean),
  app.grocery_list_lists(uuid, jsonb), app.grocery_get_list(uuid, jsonb), app.grocery_create_list(uuid, jsonb),
  app.grocery_add_item(uuid, jsonb), app.grocery_check_item(uuid, jsonb), app.grocery_uncheck_item(uuid, jsonb),
  app.grocery_remove_item(uuid, jsonb)
  from public, anon;
grant execute on function private.grocery_list_summary_json(public.grocery_lists),
  private.grocery_item_detail_json(public.grocery_items), private.live_grocery_list(uuid, uuid),
  private.live_grocery_item(uuid, uuid), private.set_grocery_item_checked(uuid, jsonb, boolean),
  app.grocery_list_lists(uuid, jsonb), app.grocery_get_list(uuid, jsonb), app.grocery_create_list(uuid, jsonb),
  app.grocery_add_item(uuid, jsonb), app.grocery_check_item(uuid, jsonb), app.grocery_uncheck_item(uuid, jsonb),
  app.grocery_remove_item(uuid, jsonb)
  to authenticated;
