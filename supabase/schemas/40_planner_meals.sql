set check_function_bodies = off;

-- A series is the rule; its occurrences are ordinary planned meals (series_id set), made when the series
-- is added, so planner.list_meals, planner.update_meal / remove_meal (one occurrence) and
-- grocery.sync_plan see them as any other meal.
create table public.planner_meal_series (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  recipe_id uuid not null,
  meal_type text not null check (meal_type in ('breakfast', 'lunch', 'dinner')),
  servings integer check (servings between 1 and 100),
  note text check (char_length(note) <= 500),
  -- ISO weekdays, 1 = Monday … 7 = Sunday.
  weekdays integer[] not null check (cardinality(weekdays) between 1 and 7 and weekdays <@ array[1, 2, 3, 4, 5, 6, 7]),
  every_weeks integer not null check (every_weeks between 1 and 52),
  start_date date not null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (household_id, id),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id)
);
create index planner_meal_series_household_id_idx on public.planner_meal_series (household_id);
create index planner_meal_series_recipe_idx on public.planner_meal_series (household_id, recipe_id);
revoke all on public.planner_meal_series from public, anon, authenticated;
grant insert, update on public.planner_meal_series to meal_planner_writer;
alter table public.planner_meal_series enable row level security;
create index if not exists planner_meal_series_created_by_idx on public.planner_meal_series (created_by);
create trigger planner_meal_series_stamp_update before update on public.planner_meal_series
  for each row execute function private.stamp_update();
create policy "Meal series are visible to household members" on public.planner_meal_series
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can plan meal series in their household" on public.planner_meal_series
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's meal series" on public.planner_meal_series
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- Checked by a trigger, so every way a meal becomes live on a day counts: planner.add_meal, add_recurring
-- (each occurrence), update_meal moving it, restore_meal, and history.undo putting meals back. The count
-- runs after the row is written, under a transaction-level lock per household and day, so concurrent
-- writers to one day queue and the cap holds (as private.hold_household_cap does for the other caps).
create function private.hold_meals_per_day() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_limit constant integer := 20;
  v_count bigint;
begin
  if new.deleted_at is not null
    or (tg_op = 'UPDATE' and old.deleted_at is null and old.date = new.date) then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('meals per day:' || new.household_id::text || ':' || new.date::text, 0));
  select count(*) into v_count from public.planner_meals m
  where m.household_id = new.household_id and m.date = new.date and m.deleted_at is null;
  if v_count > v_limit then
    raise exception 'a household plans at most % meals a day, and % has % already; remove one first or choose another day',
      v_limit, new.date, v_limit
      using errcode = 'MP409', hint = format('limit: %s meals a day', v_limit);
  end if;
  return null;
end;
$$;
grant execute on function private.hold_meals_per_day() to authenticated;

create function private.stamp_planner_meal_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint := private.version_taken('p' || new.household_id);
begin
  if v_version is null then
    update public.households h set planner_version = h.planner_version + 1 where h.id = new.household_id
    returning h.planner_version into v_version;
    perform private.remember_version('p' || new.household_id, v_version);
    perform private.poke_household(new.household_id, jsonb_build_object('kind', 'planner', 'version', v_version));
  end if;
  new.version := v_version;
  return new;
end;
$$;

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
  series_id uuid,
  version bigint not null default 0,
  unique (household_id, id),
  foreign key (household_id, recipe_id) references public.recipes (household_id, id),
  foreign key (household_id, series_id) references public.planner_meal_series (household_id, id)
);
create index planner_meals_live_idx on public.planner_meals (household_id, date) where deleted_at is null;
create index planner_meals_recipe_idx on public.planner_meals (household_id, recipe_id);
revoke all on public.planner_meals from public, anon, authenticated;
grant insert, update on public.planner_meals to meal_planner_writer;
alter table public.planner_meals enable row level security;
create index planner_meals_series_idx on public.planner_meals (household_id, series_id) where series_id is not null;
create index if not exists planner_meals_created_by_idx on public.planner_meals (created_by);
create index planner_meals_household_version_idx on public.planner_meals (household_id, version);
create trigger planner_meals_stamp_update before update on public.planner_meals
  for each row execute function private.stamp_update();
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
create trigger planner_meals_per_day after insert or update of date, deleted_at on public.planner_meals
  for each row execute function private.hold_meals_per_day();
create trigger planner_meals_version before insert or update on public.planner_meals
  for each row execute function private.stamp_planner_meal_version();

create or replace function private.planner_meal_json(p_meal public.planner_meals, p_recipe_title text)
returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_meal.id,
    'date', p_meal.date,
    'meal_type', p_meal.meal_type,
    'recipe_id', p_meal.recipe_id,
    'recipe_title', p_recipe_title,
    'servings', p_meal.servings,
    'note', p_meal.note,
    'series_id', p_meal.series_id,
    'created_at', p_meal.created_at
  )
$$;
grant execute on function private.planner_meal_json(planner_meals,text) to authenticated;

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
-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see 00_foundation.sql).
grant execute on function private.planner_meal_json(planner_meals) to authenticated;

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
grant execute on function private.planner_meal(uuid,uuid,boolean,boolean) to authenticated;

create function private.meal_not_found() returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'planned meal not found' using errcode = 'MP404', column = 'planner_meal_id';
end;
$$;
grant execute on function private.meal_not_found() to authenticated;

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
