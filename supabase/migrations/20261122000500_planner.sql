-- ============================================================================
-- Tables and policies
-- ============================================================================

create table public.planner_meals (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  recipe_id uuid not null,
  date date not null,
  meal_type text not null check (meal_type in ('breakfast', 'lunch', 'dinner')),
  servings integer check (servings between 1 and 100),
  note text check (char_length(note) <= 500),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (household_id, id),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id)
);
create index planner_meals_live_idx on public.planner_meals (household_id, date) where deleted_at is null;
create index planner_meals_recipe_idx on public.planner_meals (household_id, recipe_id);
create trigger planner_meals_stamp_update before update on public.planner_meals
  for each row execute function private.stamp_update();

revoke all on public.planner_meals from public, anon, authenticated;
-- No delete: rows are soft-deleted (deleted_at) so that removal can be undone.
grant select on public.planner_meals to authenticated;
grant insert, update on public.planner_meals to meal_planner_writer;

alter table public.planner_meals enable row level security;

create policy "Planned meals are visible to household members" on public.planner_meals
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can plan meals in their household" on public.planner_meals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's planned meals" on public.planner_meals
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- ============================================================================
-- Tools: planner.*
-- ============================================================================

-- planner.* tools, run by private.invoke as the caller under RLS.

-- A meal as every reply shows it, given its recipe's title: a plain expression that a listing's query inlines
-- (see private.grocery_item_json), with no call or lookup per meal.
create function private.planner_meal_json(p_meal public.planner_meals, p_recipe_title text) returns jsonb
language sql stable
return pg_catalog.jsonb_build_object(
  'id', p_meal.id,
  'date', p_meal.date,
  'meal_type', p_meal.meal_type,
  'recipe_id', p_meal.recipe_id,
  'recipe_title', p_recipe_title,
  'servings', p_meal.servings,
  'note', p_meal.note,
  'created_at', p_meal.created_at
);

-- One meal, looking its recipe's title up; plpgsql, so that the lookup's plan is kept for the session.
create function private.planner_meal_json(p_meal public.planner_meals) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.planner_meal_json(p_meal,
    (select r.title from public.recipes r where r.household_id = p_meal.household_id and r.id = p_meal.recipe_id));
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
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_meals jsonb;
begin
  -- By day, then breakfast, lunch, dinner; the page is chosen first, its JSON built for those rows only.
  select coalesce(jsonb_agg(private.planner_meal_json(page.meal, (select r.title from public.recipes r
        where r.household_id = (page.meal).household_id and r.id = (page.meal).recipe_id))
      order by page.date, page.meal_order, page.created_at, page.id), '[]'::jsonb)
  into v_meals
  from (
    select m as meal, m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type) as meal_order,
      m.created_at, m.id
    from public.planner_meals m
    where m.household_id = p_household_id
      and m.deleted_at is null
      and m.date between (p_input ->> 'start_date')::date and (p_input ->> 'end_date')::date
      and (v_after is null or (m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type),
        m.created_at, m.id) > ((v_after ->> 'd')::date, (v_after ->> 'o')::integer,
        (v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by 2, 3, 4, 5
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_meals) > v_limit then
    v_meals := v_meals - v_limit;
    return jsonb_build_object('meals', v_meals, 'next_cursor', (
      select private.encode_cursor(jsonb_build_object('d', last.date, 'o', last.meal_order, 'c', last.created_at,
        'i', last.id))
      from (
        select m.date, array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type) as meal_order,
          m.created_at, m.id
        from public.planner_meals m
        where m.id = (v_meals -> (v_limit - 1) ->> 'id')::uuid
      ) last));
  end if;
  return jsonb_build_object('meals', v_meals, 'next_cursor', null);
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

-- Move a meal (date, meal type) or change its servings or note, each when given (null clears servings or
-- note); returns the previous values, so the same call with them undoes it.
create function app.planner_update_meal(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_meal public.planner_meals := private.planner_meal(p_household_id, (p_input ->> 'planner_meal_id')::uuid, false, true);
  v_previous jsonb := '{}'::jsonb;
begin
  if v_meal.id is null then
    perform private.meal_not_found();
  end if;
  if p_input ? 'date' then v_previous := v_previous || jsonb_build_object('date', v_meal.date); end if;
  if p_input ? 'meal_type' then v_previous := v_previous || jsonb_build_object('meal_type', v_meal.meal_type); end if;
  if p_input ? 'servings' then v_previous := v_previous || jsonb_build_object('servings', v_meal.servings); end if;
  if p_input ? 'note' then v_previous := v_previous || jsonb_build_object('note', v_meal.note); end if;
  update public.planner_meals m set
    date = case when p_input ? 'date' then (p_input ->> 'date')::date else m.date end,
    meal_type = case when p_input ? 'meal_type' then p_input ->> 'meal_type' else m.meal_type end,
    servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else m.servings end,
    note = case when p_input ? 'note' then p_input ->> 'note' else m.note end
  where m.id = v_meal.id
  returning * into v_meal;
  return jsonb_build_object('meal', private.planner_meal_json(v_meal), 'previous', v_previous);
end;
$$;

-- "What's for dinner on Tuesday": the live meals of one day, breakfast, lunch, dinner.
create function app.planner_get_meals_for_date(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return jsonb_build_object('date', p_input ->> 'date', 'meals', coalesce((
    select jsonb_agg(private.planner_meal_json(m, (select r.title from public.recipes r
        where r.household_id = m.household_id and r.id = m.recipe_id))
      order by array_position(array['breakfast', 'lunch', 'dinner'], m.meal_type), m.created_at, m.id)
    from public.planner_meals m
    where m.household_id = p_household_id and m.deleted_at is null and m.date = (p_input ->> 'date')::date
  ), '[]'::jsonb));
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

-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see the foundation migration).
grant execute on function private.planner_meal_json(public.planner_meals),
  private.planner_meal_json(public.planner_meals, text),
  private.planner_meal(uuid, uuid, boolean, boolean),
  private.meal_not_found()
  to authenticated;
