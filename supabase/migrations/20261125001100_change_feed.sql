-- ============================================================================
-- A change feed for live lists and the week (issue 25): versions in commit order, grocery.changes and
-- planner.changes, and one Realtime poke per transaction per list
-- ============================================================================
-- Every change to a list's items, to a list itself and to a household's meals gets a version, and a client that
-- read version N pulls exactly what changed after it. Versions become visible in commit order: a list's version is
-- a counter on the list's row, raised by the transaction's first change to the list and held (the row locked) until
-- it commits, so a transaction that took version 11 cannot commit before the one that took 10 (every grocery writer
-- locks the list first already, so this adds no lock order). The week's version is the same counter on the
-- household's row. Rows are never deleted (removal is soft), so a removed item or meal is its own tombstone and every
-- version since a list was made can be answered.
--
-- The version is stamped by triggers, so every write path carries it without knowing: tools, undo and redo,
-- restores, sync, folds and conversions. A transaction's first change to a list sends one poke on the household's
-- private Realtime channel (private.poke_household, from the live-updates migration): the list's id and the version
-- it took, never a row. Clients pull through grocery.changes, so the tools stay the only read path.

-- The row-to-json helpers below were written with SQL-standard bodies (`return …`). Such a body records a
-- dependency on the row type of the table its argument is, and current PostgreSQL minors (15.20 and the releases
-- beside it) refuse `alter table … add column … default …` on that table while it stands: the columns below could
-- not be added. The same bodies as `$$` strings record no such dependency, so they are replaced first, unchanged in
-- what they return. 20261128000100_no_row_type_sql_bodies.sql replaces them again (and the helpers written later the
-- same way), so a database that applied this migration before this block was added ends in the same state.
create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text)
returns json
language sql stable
set search_path = ''
as $$
  select pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked
  )
$$;

create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text,
  p_quantity_before numeric) returns json
language sql stable
set search_path = ''
as $$
  select pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'quantity_before', p_quantity_before,
    'quantity_after', p_item.quantity
  )
$$;

create or replace function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text)
returns jsonb
language sql stable
set search_path = ''
as $$
  select private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb
$$;

create or replace function private.grocery_list_summary_json(p_list public.grocery_lists, p_item_count bigint,
  p_unchecked_count bigint) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_list.id,
    'name', p_list.name,
    'item_count', p_item_count,
    'unchecked_count', p_unchecked_count,
    'created_at', p_list.created_at,
    'updated_at', p_list.updated_at
  )
$$;

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
    'created_at', p_meal.created_at
  )
$$;

alter table public.grocery_lists add column version bigint not null default 0;
alter table public.grocery_items add column version bigint not null default 0;
create index grocery_items_list_version_idx on public.grocery_items (grocery_list_id, version);
alter table public.households add column planner_version bigint not null default 0;
alter table public.planner_meals add column version bigint not null default 0;
create index planner_meals_household_version_idx on public.planner_meals (household_id, version);

-- The version this transaction took for a counter ('l<list id>' or 'p<household id>'), kept in one
-- transaction-local setting ("key=version;…"), or null when it has taken none yet.
create function private.version_taken(p_key text) returns bigint
language sql stable
set search_path = ''
return (pg_catalog.regexp_match(coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''),
  p_key || '=([0-9]+);'))[1]::bigint;

create function private.remember_version(p_key text, p_version bigint) returns void
language sql
set search_path = ''
as $$
  select pg_catalog.set_config('meal_planner.versions',
    coalesce(pg_catalog.current_setting('meal_planner.versions', true), '') || p_key || '=' || p_version || ';', true);
$$;

-- The list's version for this transaction: raised once (and the household poked once), then reused.
create function private.list_version_for_change(p_household_id uuid, p_list_id uuid) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint := private.version_taken('l' || p_list_id);
begin
  if v_version is null then
    update public.grocery_lists l set version = l.version + 1 where l.id = p_list_id returning l.version into v_version;
    perform private.remember_version('l' || p_list_id, v_version);
    perform private.poke_household(p_household_id,
      jsonb_build_object('kind', 'grocery_list', 'grocery_list_id', p_list_id, 'version', v_version));
  end if;
  return v_version;
end;
$$;

create function private.stamp_grocery_item_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.version := private.list_version_for_change(new.household_id, new.grocery_list_id);
  -- The time of the change, not of its transaction's start: the writer holds the list's lock now, so a write that
  -- began before another but changed the line after it (after that one committed) is stamped after it, and an undo
  -- comparing a line's updated_at with its write's end (history.undo) sees the later change.
  if tg_op = 'UPDATE' and new.updated_at = now() then
    new.updated_at := clock_timestamp();
  end if;
  return new;
end;
$$;
create trigger grocery_items_version before insert or update on public.grocery_items
  for each row execute function private.stamp_grocery_item_version();

-- The list's own changes (rename, removal, restore) raise its version too, once a transaction; the raise above is
-- not one of them (it changes the version itself). Set here, not by an update of the row inside its own trigger.
create function private.stamp_grocery_list_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint;
begin
  if new.version = old.version then
    v_version := private.version_taken('l' || new.id);
    if v_version is null then
      v_version := old.version + 1;
      perform private.remember_version('l' || new.id, v_version);
      perform private.poke_household(new.household_id,
        jsonb_build_object('kind', 'grocery_list', 'grocery_list_id', new.id, 'version', v_version));
    end if;
    new.version := v_version;
  end if;
  return new;
end;
$$;
create trigger grocery_lists_version before update on public.grocery_lists
  for each row execute function private.stamp_grocery_list_version();

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
create trigger planner_meals_version before insert or update on public.planner_meals
  for each row execute function private.stamp_planner_meal_version();

-- ============================================================================
-- The versions read with a list and with the week
-- ============================================================================
-- grocery.get_list and planner.list_meals answer as before, plus the version they read at (the same snapshot: the
-- functions are stable, so every query in them sees the calling statement's).
alter function app.grocery_get_list(uuid, jsonb) set schema private;
alter function private.grocery_get_list(uuid, jsonb) rename to grocery_list_as_read;
create function app.grocery_get_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_reply jsonb := private.grocery_list_as_read(p_household_id, p_input);
begin
  return v_reply || jsonb_build_object('version', (select l.version from public.grocery_lists l
    where l.household_id = p_household_id and l.id = (v_reply #>> '{list,id}')::uuid));
end;
$$;

alter function app.planner_list_meals(uuid, jsonb) set schema private;
alter function private.planner_list_meals(uuid, jsonb) rename to planner_meals_as_read;
create function app.planner_list_meals(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.planner_meals_as_read(p_household_id, p_input) || jsonb_build_object('version',
    (select h.planner_version from public.households h where h.id = p_household_id));
end;
$$;
grant execute on function private.grocery_list_as_read(uuid, jsonb), private.planner_meals_as_read(uuid, jsonb)
  to authenticated;

-- ============================================================================
-- grocery.changes and planner.changes
-- ============================================================================
-- A live item as grocery.get_list shows it (its latest 20 sources).
create function private.grocery_item_with_sources_json(p_item public.grocery_items) returns jsonb
language sql stable
set search_path = ''
return pg_catalog.jsonb_build_object(
  'id', p_item.id,
  'ingredient_id', p_item.ingredient_id,
  'name', coalesce(p_item.name, (select ingredient.name from public.ingredients ingredient
    where ingredient.id = p_item.ingredient_id)),
  'quantity', p_item.quantity,
  'unit', p_item.unit,
  'prep_state', p_item.prep_state,
  'checked', p_item.checked,
  'checked_at', p_item.checked_at,
  'sources', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'recipe_id', recent.recipe_id, 'planner_meal_id', recent.planner_meal_id,
      'quantity_added', recent.quantity_added, 'unit', recent.unit, 'created_at', recent.created_at)
      order by recent.created_at, recent.id), '[]'::jsonb)
    from (select s.* from public.grocery_item_sources s
          where s.household_id = p_item.household_id and s.grocery_item_id = p_item.id
          order by s.created_at desc, s.id desc limit 20) recent));

-- What changed in a list after version `since`: live items in full, removed ones as tombstones (with the line a
-- merged one went into), the list as it is (removed too), in pages ordered by version. A `since` past the list's
-- version was not read from this list: re-read it.
create function app.grocery_changes(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
  v_since bigint := (p_input ->> 'since')::bigint;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.grocery_items[];
begin
  select * into v_list from public.grocery_lists l
  where l.household_id = p_household_id and l.id = (p_input ->> 'grocery_list_id')::uuid;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  if v_since > v_list.version then
    raise exception 'since (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_since, v_list.version using errcode = 'MP409', column = 'since';
  end if;
  select array_agg(page order by page.version, page.id) into v_page
  from (
    select i.* from public.grocery_items i
    where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.version > v_since
      and (v_after is null or (i.version, i.id) > ((v_after ->> 'v')::bigint, (v_after ->> 'i')::uuid))
    order by i.version, i.id
    limit v_limit + 1
  ) page;
  return jsonb_build_object(
    'list', jsonb_build_object('id', v_list.id, 'name', v_list.name, 'deleted_at', v_list.deleted_at,
      'version', v_list.version),
    'items', coalesce((select jsonb_agg(private.grocery_item_with_sources_json(v_page[n]) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is null), '[]'::jsonb),
    'removed', coalesce((select jsonb_agg(jsonb_build_object('id', (v_page[n]).id,
        'merged_into_id', (v_page[n]).merged_into_id) order by n)
      from generate_series(1, least(coalesce(cardinality(v_page), 0), v_limit)) n
      where (v_page[n]).deleted_at is not null), '[]'::jsonb),
    'version', v_list.version,
    'next_cursor', case when cardinality(v_page) > v_limit then private.encode_cursor(jsonb_build_object(
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end);
end;
$$;

-- What changed in the week after version `since`: meals now in the range in full; meals removed, or moved out of
-- the range, as tombstones. Paged as grocery.changes.
create function app.planner_changes(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_version bigint := (select h.planner_version from public.households h where h.id = p_household_id);
  v_since bigint := (p_input ->> 'since')::bigint;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.planner_meals[];
begin
  perform private.check_plan_span(v_start, v_end);
  if v_since > v_version then
    raise exception 'since (%) is past this household''s week version (%): re-read the week with planner.list_meals',
      v_since, v_version using errcode = 'MP409', column = 'since';
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
$$;

grant execute on function private.grocery_item_with_sources_json(public.grocery_items) to authenticated;
