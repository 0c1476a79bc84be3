-- ============================================================================
-- Tools: recurring meals (issue 14.4): planner.add_recurring, planner.remove_series
-- ============================================================================

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
create trigger planner_meal_series_stamp_update before update on public.planner_meal_series
  for each row execute function private.stamp_update();

revoke all on public.planner_meal_series from public, anon, authenticated;
grant select on public.planner_meal_series to authenticated;
grant insert, update on public.planner_meal_series to meal_planner_writer;

alter table public.planner_meal_series enable row level security;

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

alter table public.planner_meals add column series_id uuid;
alter table public.planner_meals add foreign key (household_id, series_id)
  references public.planner_meal_series (household_id, id);
create index planner_meals_series_idx on public.planner_meals (household_id, series_id) where series_id is not null;

-- Weekly on the given weekdays, every N weeks counted from start_date's week, from start_date until a date
-- or for a number of occurrences; at most 100 occurrences.
create function app.planner_add_recurring(p_household_id uuid, p_input jsonb) returns jsonb
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
    'message', format('Planned %s %s times (%s to %s)', v_recipe.title, cardinality(v_dates), v_dates[1],
      v_dates[cardinality(v_dates)]));
end;
$$;

-- The whole series: the series and each of its live occurrences (from from_date on, when given) are
-- removed (soft); each occurrence comes back with planner.restore_meal.
create function app.planner_remove_series(p_household_id uuid, p_input jsonb) returns jsonb
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
    'message', format('Removed %s occurrence(s); each comes back with planner.restore_meal.',
      jsonb_array_length(v_removed)));
end;
$$;

-- The whole series at once: servings, meal type or note (each when given; null clears servings or note) of
-- the series and its live occurrences (from from_date on, when given). Returns the series' previous values
-- and each changed occurrence's (previous_meals: an occurrence changed by itself before had its own), so
-- history.undo puts every row back as it was.
create function app.planner_update_series(p_household_id uuid, p_input jsonb) returns jsonb
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
    'message', format('Changed %s occurrence(s).', jsonb_array_length(v_meals)));
end;
$$;
