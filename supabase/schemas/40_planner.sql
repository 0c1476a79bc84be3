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

-- planner.list_meals: as before (20261122000500_planner.sql), the span checked first.
create or replace function private.planner_meals_as_read(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_meals jsonb;
begin
  perform private.check_plan_span((p_input ->> 'start_date')::date, (p_input ->> 'end_date')::date);
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
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.planner_meals_as_read(uuid,jsonb) to authenticated;
grant execute on function private.planner_meals_as_read(uuid,jsonb) to authenticated;

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

create or replace function app.planner_add_recurring(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_recipe public.recipes := private.live_recipe(p_household_id, (p_input ->> 'recipe_id')::uuid);
  v_start date := (p_input ->> 'start_date')::date;
  v_until date := (p_input ->> 'until_date')::date;
  v_count integer := (p_input ->> 'count')::integer;
  v_every integer := coalesce((p_input ->> 'every_weeks')::integer, 1);
  v_weekdays integer[];
  v_series public.planner_meal_series;
  v_dates date[];
  v_meals jsonb;
begin
  select array_agg(distinct array_position(
    array['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], w.value))
  into v_weekdays
  from jsonb_array_elements_text(p_input -> 'weekdays') w;

  select array_agg(d.day order by d.day) into v_dates
  from (
    select g::date as day
    from generate_series(v_start, coalesce(v_until, v_start + 7 * v_every * (v_count + 1)), interval '1 day') g
    where extract(isodow from g)::integer = any(v_weekdays)
      and ((g::date - (v_start - (extract(isodow from v_start)::integer - 1))) / 7) % v_every = 0
    order by g
    limit least(coalesce(v_count, 101), 101)
  ) d;
  if v_dates is null then
    raise exception 'the series has no occurrence between start_date and until_date'
      using errcode = 'MP400', column = 'until_date';
  elsif cardinality(v_dates) > 100 then
    raise exception 'a series has at most 100 occurrences; choose an earlier until_date or fewer weekdays'
      using errcode = 'MP400', column = 'until_date';
  end if;

  insert into public.planner_meal_series (household_id, recipe_id, meal_type, servings, note, weekdays, every_weeks,
    start_date)
  values (p_household_id, v_recipe.id, p_input ->> 'meal_type', (p_input ->> 'servings')::integer,
    p_input ->> 'note', v_weekdays, v_every, v_start)
  returning * into v_series;

  with inserted as (
    insert into public.planner_meals (household_id, recipe_id, date, meal_type, servings, note, series_id)
    select p_household_id, v_recipe.id, d, v_series.meal_type, v_series.servings, v_series.note, v_series.id
    from unnest(v_dates) d
    returning *
  )
  select jsonb_agg(private.planner_meal_json(i) order by i.date) into v_meals from inserted i;

  return jsonb_build_object(
    'series_id', v_series.id,
    'meals', v_meals,
    'message', case when cardinality(v_dates) = 1
      then format('Planned %s once (%s)', v_recipe.title, v_dates[1])
      else format('Planned %s %s times (%s to %s)', v_recipe.title, cardinality(v_dates), v_dates[1],
        v_dates[cardinality(v_dates)]) end);
end;
$$;

create or replace function app.planner_remove_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_series public.planner_meal_series;
  v_removed jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.id = (p_input ->> 'series_id')::uuid and s.household_id = p_household_id and s.deleted_at is null
  for no key update;
  if v_series.id is null then
    raise exception 'meal series not found' using errcode = 'MP404', column = 'series_id';
  end if;
  with removed as (
    update public.planner_meals m set deleted_at = now()
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    returning m.id, m.date
  )
  select coalesce(jsonb_agg(r.id order by r.date), '[]'::jsonb) into v_removed from removed r;
  if p_input ->> 'from_date' is null then
    update public.planner_meal_series s set deleted_at = now() where s.id = v_series.id;
  end if;
  return jsonb_build_object(
    'series_id', v_series.id,
    'removed_meal_ids', v_removed,
    'message', format('Removed %s; %s with planner.restore_meal.',
      private.counted(jsonb_array_length(v_removed), 'occurrence'),
      case when jsonb_array_length(v_removed) = 1 then 'it comes back' else 'each comes back' end));
end;
$$;

create or replace function app.planner_update_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_series public.planner_meal_series;
  v_previous jsonb := '{}'::jsonb;
  v_not_given text[] := array(select f from unnest(array['servings', 'meal_type', 'note']) f where not p_input ? f);
  v_previous_meals jsonb;
  v_meals jsonb;
begin
  select * into v_series from public.planner_meal_series s
  where s.id = (p_input ->> 'series_id')::uuid and s.household_id = p_household_id and s.deleted_at is null
  for no key update;
  if v_series.id is null then
    raise exception 'meal series not found' using errcode = 'MP404', column = 'series_id';
  end if;
  if p_input ? 'servings' then v_previous := v_previous || jsonb_build_object('servings', v_series.servings); end if;
  if p_input ? 'meal_type' then v_previous := v_previous || jsonb_build_object('meal_type', v_series.meal_type); end if;
  if p_input ? 'note' then v_previous := v_previous || jsonb_build_object('note', v_series.note); end if;

  -- Locked as they are read, so the values kept are the ones the update replaces.
  select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'servings', m.servings, 'meal_type', m.meal_type,
    'note', m.note) - v_not_given order by m.date, m.id), '[]'::jsonb)
  into v_previous_meals
  from (
    select * from public.planner_meals m
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    order by m.id
    for no key update
  ) m;

  update public.planner_meal_series s set
    servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else s.servings end,
    meal_type = case when p_input ? 'meal_type' then p_input ->> 'meal_type' else s.meal_type end,
    note = case when p_input ? 'note' then p_input ->> 'note' else s.note end
  where s.id = v_series.id;

  with changed as (
    update public.planner_meals m set
      servings = case when p_input ? 'servings' then (p_input ->> 'servings')::integer else m.servings end,
      meal_type = case when p_input ? 'meal_type' then p_input ->> 'meal_type' else m.meal_type end,
      note = case when p_input ? 'note' then p_input ->> 'note' else m.note end
    where m.household_id = p_household_id and m.series_id = v_series.id and m.deleted_at is null
      and (p_input ->> 'from_date' is null or m.date >= (p_input ->> 'from_date')::date)
    returning m.*
  )
  select coalesce(jsonb_agg(private.planner_meal_json(c) order by c.date), '[]'::jsonb) into v_meals from changed c;

  return jsonb_build_object('series_id', v_series.id, 'meals', v_meals, 'previous', v_previous,
    'previous_meals', v_previous_meals,
    'message', format('Changed %s.', private.counted(jsonb_array_length(v_meals), 'occurrence')));
end;
$$;

-- The span of a range, checked where the range is read (Zod checks it first; this holds for any caller
-- of the SQL, and names the same field).
create function private.check_plan_span(p_start date, p_end date) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_end < p_start then
    raise exception 'end_date must be on or after start_date' using errcode = 'MP400', column = 'end_date';
  elsif p_end - p_start > 92 then
    raise exception 'end_date must be at most 92 days after start_date; read a longer plan in several ranges'
      using errcode = 'MP400', column = 'end_date';
  end if;
end;
$$;
grant execute on function private.check_plan_span(date,date) to authenticated;

create function app.planner_list_meals(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.planner_meals_as_read(p_household_id, p_input) || jsonb_build_object('version',
    (select h.planner_version from public.households h where h.id = p_household_id));
end;
$$;

create or replace function app.planner_changes(p_household_id uuid, p_input jsonb)
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  v_version bigint := (select h.planner_version from public.households h where h.id = p_household_id);
  v_since bigint := (p_input ->> 'since')::bigint;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.planner_meals[];
  v_pruned bigint;
begin
  perform private.check_plan_span(v_start, v_end);
  if v_since > v_version then
    raise exception 'since (%) is past this household''s week version (%): re-read the week with planner.list_meals',
      v_since, v_version using errcode = 'MP409', column = 'since';
  end if;
  -- Removed meals are kept 30 days (private.prune_retention); as in grocery.changes.
  select h.pruned_version into v_pruned from private.change_feed_horizons h
  where h.household_id = p_household_id and h.grocery_list_id is null;
  if v_since > 0 and v_since < v_pruned then
    raise exception 'since (%) is older than this household''s kept week changes (removed meals are kept 30 days; removals up to version % are gone): re-read the week with planner.list_meals',
      v_since, v_pruned using errcode = 'MP409', column = 'since';
  end if;
  select array_agg(page order by page.version, page.id) into v_page
  from (
    select m.* from public.planner_meals m
    where m.household_id = p_household_id and m.version > v_since
      and (v_after is null or (m.version, m.id) > ((v_after ->> 'v')::bigint, (v_after ->> 'i')::uuid))
    order by m.version, m.id
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'meals', coalesce((select jsonb_agg(private.planner_meal_json(v_page[n], (select r.title from public.recipes r
        where r.household_id = p_household_id and r.id = (v_page[n]).recipe_id)) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is null and (v_page[n]).date between v_start and v_end), '[]'::jsonb),
    'removed', coalesce((select jsonb_agg((v_page[n]).id order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is not null or (v_page[n]).date not between v_start and v_end), '[]'::jsonb),
    'version', v_version,
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end);
end;
$function$;
grant execute on function app.planner_changes(uuid,jsonb) to authenticated;

-- planner.list_series: the household's live series (not removed by planner.remove_series without from_date), oldest
-- first, each with its rule as stored (weekdays by name, every_weeks, start_date), its recipe's title, and its live
-- occurrences' count, first and last day (null when none is left). Paged by (created_at, id).
create function app.planner_list_series(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 100);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', page.id,
      'recipe_id', page.recipe_id,
      'recipe_title', page.recipe_title,
      'meal_type', page.meal_type,
      'servings', page.servings,
      'note', page.note,
      'weekdays', (select jsonb_agg((array['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday',
          'sunday'])[w.day] order by w.day) from unnest(page.weekdays) w(day)),
      'every_weeks', page.every_weeks,
      'start_date', page.start_date,
      'first_date', page.first_date,
      'last_date', page.last_date,
      'live_meal_count', page.live_meal_count,
      'created_at', page.created_at
    ) order by page.created_at, page.id), '[]'::jsonb)
  into v_page
  from (
    select s.id, s.recipe_id, r.title as recipe_title, s.meal_type, s.servings, s.note, s.weekdays, s.every_weeks,
      s.start_date, live.first_date, live.last_date, live.live_meal_count, s.created_at
    from public.planner_meal_series s
    join public.recipes r on r.household_id = s.household_id and r.id = s.recipe_id
    cross join lateral (
      select min(m.date) as first_date, max(m.date) as last_date, count(*) as live_meal_count
      from public.planner_meals m
      where m.household_id = s.household_id and m.series_id = s.id and m.deleted_at is null
    ) live
    where s.household_id = p_household_id
      and s.deleted_at is null
      and (v_after is null or (s.created_at, s.id) > ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by s.created_at, s.id
    limit v_limit + 1
  ) page;
  if jsonb_array_length(v_page) > v_limit then
    v_page := v_page - v_limit;
    return jsonb_build_object('series', v_page, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_page -> (v_limit - 1) -> 'created_at', 'i', v_page -> (v_limit - 1) -> 'id')));
  end if;
  return jsonb_build_object('series', v_page, 'next_cursor', null);
end;
$$;
