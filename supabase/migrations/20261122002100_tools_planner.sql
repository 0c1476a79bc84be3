-- planner.* tools, run by private.invoke as the caller under RLS.

-- plpgsql so that its plan is kept: list_meals calls it for every meal.
create function private.planner_meal_json(p_meal public.planner_meals) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'id', p_meal.id,
    'date', p_meal.date,
    'meal_type', p_meal.meal_type,
    'recipe_id', p_meal.recipe_id,
    'recipe_title', (select r.title from public.recipes r where r.household_id = p_meal.household_id and r.id = p_meal.recipe_id),
    'servings', p_meal.servings,
    'note', p_meal.note,
    'created_at', p_meal.created_at
  );
end;
$$;

-- The meal of this household, live or removed as asked, locked when it is to change.
create function private.planner_meal(p_household_id uuid, p_meal_id uuid, p_removed boolean, p_lock boolean)
returns public.planner_meals
language plpgsql
set search_path = ''
as $$
declare
  v_meal public.planner_meals;
begin
  if p_lock then
    select * into v_meal from public.planner_meals m
    where m.id = p_meal_id and m.household_id = p_household_id and (m.deleted_at is not null) = p_removed
    for no key update;
  else
    select * into v_meal from public.planner_meals m
    where m.id = p_meal_id and m.household_id = p_household_id and (m.deleted_at is not null) = p_removed;
  end if;
  return v_meal;
end;
$$;

create function private.meal_not_found() returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'planned meal not found' using errcode = 'MP404', column = 'planner_meal_id';
end;
$$;

create function app.planner_list_meals(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object('meals', coalesce(jsonb_agg(private.planner_meal_json(m)
      order by m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type), m.created_at, m.id), '[]'::jsonb))
    from public.planner_meals m
    where m.household_id = p_household_id
      and m.deleted_at is null
      and m.date between (p_input ->> 'start_date')::date and (p_input ->> 'end_date')::date
  );
end;
$$;

create function app.planner_get_meal(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_meal public.planner_meals := private.planner_meal(p_household_id, (p_input ->> 'planner_meal_id')::uuid, false, false);
begin
  if v_meal.id is null then
    perform private.meal_not_found();
  end if;
  return jsonb_build_object('meal', private.planner_meal_json(v_meal) || jsonb_build_object(
    'ingredients', private.recipe_json(r) -> 'ingredients'))
  from public.recipes r
  where r.household_id = v_meal.household_id and r.id = v_meal.recipe_id;
end;
$$;

create function app.planner_add_meal(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid);
  v_meal public.planner_meals;
begin
  insert into public.planner_meals (household_id, recipe_id, date, meal_type, servings, note)
  values (
    p_household_id, v_recipe.id, (p_input ->> 'date')::date, p_input ->> 'meal_type',
    (p_input ->> 'servings')::integer, p_input ->> 'note'
  )
  returning * into v_meal;
  return jsonb_build_object(
    'planner_meal_id', v_meal.id,
    'meal', private.planner_meal_json(v_meal),
    'message', format('Added %s to %s (%s)', v_recipe.title, v_meal.date, v_meal.meal_type)
  );
end;
$$;

-- Soft delete: the removed meal comes back whole, so planner.restore_meal can undo it.
create function app.planner_remove_meal(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_meal public.planner_meals := private.planner_meal(p_household_id, (p_input ->> 'planner_meal_id')::uuid, false, true);
begin
  if v_meal.id is null then
    perform private.meal_not_found();
  end if;
  update public.planner_meals m set deleted_at = now() where m.id = v_meal.id returning * into v_meal;
  return jsonb_build_object('removed', true, 'meal',
    private.planner_meal_json(v_meal) || jsonb_build_object('deleted_at', v_meal.deleted_at));
end;
$$;

create function app.planner_restore_meal(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_meal_id uuid := (p_input ->> 'planner_meal_id')::uuid;
  v_meal public.planner_meals := private.planner_meal(p_household_id, v_meal_id, true, true);
begin
  if v_meal.id is null then
    if (private.planner_meal(p_household_id, v_meal_id, false, false)).id is not null then
      raise exception 'this planned meal is not removed; nothing to restore'
        using errcode = 'MP409', column = 'planner_meal_id';
    end if;
    perform private.meal_not_found();
  end if;
  if not exists (
    select 1 from public.recipes r
    where r.household_id = v_meal.household_id and r.id = v_meal.recipe_id and r.deleted_at is null
  ) then
    raise exception 'the recipe of this meal was deleted; plan another recipe instead'
      using errcode = 'MP409', column = 'planner_meal_id';
  end if;
  update public.planner_meals m set deleted_at = null where m.id = v_meal.id returning * into v_meal;
  return jsonb_build_object('restored', true, 'meal', private.planner_meal_json(v_meal));
end;
$$;

revoke all on function private.planner_meal_json(public.planner_meals),
  private.planner_meal(uuid, uuid, boolean, boolean), private.meal_not_found(),
  app.planner_list_meals(uuid, jsonb), app.planner_get_meal(uuid, jsonb), app.planner_add_meal(uuid, jsonb),
  app.planner_remove_meal(uuid, jsonb), app.planner_restore_meal(uuid, jsonb)
  from public, anon;
grant execute on function private.planner_meal_json(public.planner_meals),
  private.planner_meal(uuid, uuid, boolean, boolean), private.meal_not_found(),
  app.planner_list_meals(uuid, jsonb), app.planner_get_meal(uuid, jsonb), app.planner_add_meal(uuid, jsonb),
  app.planner_remove_meal(uuid, jsonb), app.planner_restore_meal(uuid, jsonb)
  to authenticated;
