set check_function_bodies = off;

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

create table public.grocery_lists (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  unique (household_id, id)
);
create unique index grocery_lists_live_name_key on public.grocery_lists (household_id, lower(btrim(name)))
  where deleted_at is null;
create index grocery_lists_household_id_idx on public.grocery_lists (household_id);
revoke all on public.grocery_lists from public, anon, authenticated;
grant insert, update on public.grocery_lists to meal_planner_writer;
alter table public.grocery_lists enable row level security;
create index if not exists grocery_lists_created_by_idx on public.grocery_lists (created_by);
create trigger grocery_lists_stamp_update before update on public.grocery_lists
  for each row execute function private.stamp_update();
create policy "Grocery lists are visible to household members" on public.grocery_lists
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can create grocery lists in their household" on public.grocery_lists
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery lists" on public.grocery_lists
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create trigger grocery_lists_version before update on public.grocery_lists
  for each row execute function private.stamp_grocery_list_version();

-- A list's updated_at moves whenever its items change: once per statement, for every list it touched.
create function private.touch_grocery_lists() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A list already stamped in this transaction (now() is the transaction's start) is left alone: a push's
  -- update and insert both fire this, and a second row version of the list would buy nothing.
  update public.grocery_lists l set updated_at = now()
  where l.id in (select distinct changed.grocery_list_id from changed_items changed) and l.updated_at <> now();
  return null;
end;
$$;

-- The item trigger reads the taken version itself (the expression of version_taken, inline: no call per row) and
-- calls list_version_for_change only for the transaction's first change to the list.
create or replace function private.stamp_grocery_item_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint := nullif(pg_catalog.split_part(pg_catalog.split_part(
    ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';l' || new.grocery_list_id || '=',
    2), ';', 1), '')::bigint;
begin
  if v_version is null then
    v_version := private.list_version_for_change(new.household_id, new.grocery_list_id);
  end if;
  new.version := v_version;
  -- The time of the change, not of its transaction's start (see 20261125001100_change_feed.sql).
  if tg_op = 'UPDATE' and new.updated_at = now() then
    new.updated_at := clock_timestamp();
  end if;
  return new;
end;
$$;

-- Runs after grocery_items_version (triggers of one event fire in name order), so new.version is this change's.
-- Only when the checked state or the amount changes: the WHEN clause is evaluated without calling the function.
create function private.stamp_grocery_item_aspects() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.checked is distinct from old.checked then
    new.checked_version := new.version;
    new.checked_changed_by := auth.uid();
  end if;
  if new.quantity is distinct from old.quantity or new.unit is distinct from old.unit
     or new.prep_state is distinct from old.prep_state then
    new.amount_version := new.version;
    new.amount_changed_by := auth.uid();
  end if;
  return new;
end;
$$;

create table public.grocery_items (
  id uuid primary key default gen_random_uuid(),
  grocery_list_id uuid not null,
  household_id uuid not null,
  ingredient_id uuid references public.ingredients (id),
  name text check (char_length(btrim(name)) between 1 and 100),
  quantity numeric not null check (quantity > 0 and quantity <= 1000000 and quantity = round(quantity, 3)),
  unit text not null references public.units (code),
  prep_state text check (char_length(btrim(prep_state)) between 1 and 50),
  -- The merge compares names and prep states as it compares ingredient names: trimmed and case-folded
  -- ("Chopped" is "chopped"); the item keeps the spelling it was first given, for display.
  name_key text generated always as (lower(btrim(name))) stored,
  prep_key text generated always as (lower(btrim(prep_state))) stored,
  checked boolean not null default false,
  checked_by uuid references auth.users (id) on delete set null,
  checked_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- The line a removed line went into (a fold or a conversion); null for every other line.
  merged_into_id uuid,
  version bigint not null default 0,
  checked_version bigint,
  checked_changed_by uuid,
  amount_version bigint,
  amount_changed_by uuid,
  check (ingredient_id is not null or name is not null),
  check (checked or (checked_by is null and checked_at is null)),
  unique (household_id, id),
  foreign key (household_id, grocery_list_id) references public.grocery_lists (household_id, id) on delete cascade,
  constraint grocery_items_merged_into_fkey foreign key (household_id, merged_into_id) references public.grocery_items (household_id, id) on delete set null (merged_into_id)
);
-- No index of household_id alone: unique (household_id, id) leads with it (the policies' and the Data API's
-- household filter use it), and every index is a cost on each write of the merge.
create index grocery_items_list_idx on public.grocery_items (grocery_list_id);
-- The merge looks items up by this key.
create index grocery_items_merge_key_idx on public.grocery_items (grocery_list_id, ingredient_id, unit)
  where deleted_at is null and not checked;
create index grocery_items_free_merge_key_idx on public.grocery_items (grocery_list_id, name_key, unit)
  where deleted_at is null and not checked and ingredient_id is null;
create index grocery_items_ingredient_id_idx on public.grocery_items (ingredient_id);
revoke all on public.grocery_items from public, anon, authenticated;
grant insert, update on public.grocery_items to meal_planner_writer;
alter table public.grocery_items enable row level security;
create index grocery_items_merged_into_idx on public.grocery_items (household_id, merged_into_id)
  where merged_into_id is not null;
create index if not exists grocery_items_checked_by_idx on public.grocery_items (checked_by);
create index if not exists grocery_items_created_by_idx on public.grocery_items (created_by);
-- The stamp (updated_at, created_* kept) runs for every update that does not stamp the row itself: the merge sets
-- updated_at = now() in its own statement, and 500 merged lines skip 500 calls of a plpgsql trigger (1 ms). Any
-- update that changes created_at or created_by still meets the trigger.
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row
  when (new.updated_at is not distinct from old.updated_at or new.created_at is distinct from old.created_at
        or new.created_by is distinct from old.created_by)
  execute function private.stamp_update();
create trigger grocery_items_check_ingredient_scope after insert or update of ingredient_id, household_id on public.grocery_items
  for each row execute function private.check_ingredient_scope();
create policy "Grocery items are visible to household members" on public.grocery_items
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can add grocery items in their household" on public.grocery_items
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and created_by = (select auth.uid()));
create policy "Members can edit their household's grocery items" on public.grocery_items
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create trigger grocery_items_touch_list_on_insert after insert on public.grocery_items
  referencing new table as changed_items
  for each statement execute function private.touch_grocery_lists();
create trigger grocery_items_touch_list_on_update after update on public.grocery_items
  referencing new table as changed_items
  for each statement execute function private.touch_grocery_lists();
create trigger grocery_items_version before insert on public.grocery_items
  for each row
  when (new.version is distinct from nullif(pg_catalog.split_part(pg_catalog.split_part(
    ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';l' || new.grocery_list_id || '=',
    2), ';', 1), '')::bigint)
  execute function private.stamp_grocery_item_version();
create trigger grocery_items_version_on_update before update on public.grocery_items
  for each row
  when (new.version is distinct from nullif(pg_catalog.split_part(pg_catalog.split_part(
    ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';l' || new.grocery_list_id || '=',
    2), ';', 1), '')::bigint
    or new.updated_at = now())
  execute function private.stamp_grocery_item_version();
create trigger grocery_items_version_stamps_aspects before update on public.grocery_items
  for each row
  when (old.checked is distinct from new.checked or old.quantity is distinct from new.quantity
        or old.unit is distinct from new.unit or old.prep_state is distinct from new.prep_state)
  execute function private.stamp_grocery_item_aspects();

-- One row per contribution to an item: which recipe or planned meal, how much.
-- History: written once, never edited.
create table public.grocery_item_sources (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  recipe_id uuid,
  planner_meal_id uuid,
  quantity_added numeric not null check (quantity_added > 0 and quantity_added <= 1000000 and quantity_added = round(quantity_added, 3)),
  unit text not null references public.units (code),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When a scaled line was rounded for storage (quantity_added holds 3 decimals), the amount before rounding,
  -- so the exact value stays traceable. Filled by grocery.push_recipe in the transaction that adds the row.
  quantity_exact numeric check (quantity_exact > 0),
  -- Each contribution knows the write that made it (private.invoke sets the setting for the call), so undoing a
  -- push subtracts exactly its own rows, never a guess from quantities.
  invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid,
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade,
  foreign key (household_id, recipe_id) references public.recipes (household_id, id) on delete set null (recipe_id),
  foreign key (household_id, planner_meal_id) references public.planner_meals (household_id, id) on delete set null (planner_meal_id)
);
-- Leads with household_id, so it also serves the policies' household filter.
create index grocery_item_sources_item_idx on public.grocery_item_sources (household_id, grocery_item_id);
create index grocery_item_sources_recipe_idx on public.grocery_item_sources (household_id, recipe_id) where recipe_id is not null;
create index grocery_item_sources_meal_idx on public.grocery_item_sources (household_id, planner_meal_id) where planner_meal_id is not null;
revoke all on public.grocery_item_sources from public, anon, authenticated;
-- Update only of grocery_item_id: unchecking folds a line's sources into the line it joins.
grant insert, update (grocery_item_id) on public.grocery_item_sources to meal_planner_writer;
alter table public.grocery_item_sources enable row level security;
grant update (quantity_exact) on public.grocery_item_sources to meal_planner_writer;
create index grocery_item_sources_invocation_idx on public.grocery_item_sources (household_id, invocation_id)
  where invocation_id is not null;
-- Undoing a push removes its source rows; nothing else deletes them.
grant delete on public.grocery_item_sources to meal_planner_writer;
create index if not exists grocery_item_sources_created_by_idx on public.grocery_item_sources (created_by);
create policy "Grocery item sources are visible to household members" on public.grocery_item_sources
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can move sources between their household's items" on public.grocery_item_sources
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's grocery item sources" on public.grocery_item_sources
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item sources, or put back those of an undone write"
  on public.grocery_item_sources
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_sources.household_id and t.user_id = created_by)));

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
grant execute on function private.grocery_item_as_json(grocery_items,text) to authenticated;

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
grant execute on function private.grocery_item_as_json(grocery_items,text,numeric) to authenticated;

create or replace function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text)
returns jsonb
language sql stable
set search_path = ''
as $$
  select private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb
$$;
grant execute on function private.grocery_item_json(grocery_items,text) to authenticated;

-- One item, looking its name up. plpgsql keeps this function's plan per session; as a non-inlinable SQL
-- function it would be planned again for every item of every response.
create function private.grocery_item_json(p_item public.grocery_items) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_json(p_item,
    (select i.name from public.ingredients i where i.id = p_item.ingredient_id));
end;
$$;
-- The helpers the tools and policies call as the signed-in user (functions are executable by no one
-- by default: see 00_foundation.sql).
grant execute on function private.grocery_item_json(grocery_items) to authenticated;

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
create function private.push_line_problem(p_household_id uuid, p_lines jsonb) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return (
  with lines as (
    select e.ordinality - 1 as line_index, format('ingredients[%s]', e.ordinality - 1) as path,
      (e.value ->> 'ingredient_id')::uuid as ingredient_id, (e.value ->> 'source_recipe_id')::uuid as recipe_id,
      (e.value ->> 'planner_meal_id')::uuid as meal_id
    from jsonb_array_elements(p_lines) with ordinality e
  ),
  checked as (
    select l.line_index, case
      when not exists (
        select 1 from public.ingredients i
        where i.id = l.ingredient_id and (i.household_id is null or i.household_id = p_household_id)
      ) then
        array['unknown ingredient ' || l.ingredient_id, l.path || '.ingredient_id', 'MP400']
      when l.recipe_id is not null and not exists (
        select 1 from public.recipes r
        where r.id = l.recipe_id and r.household_id = p_household_id and r.deleted_at is null
      ) then
        array['recipe not found', l.path || '.source_recipe_id', 'MP404']
      when l.meal_id is not null and not exists (
        select 1 from public.planner_meals m
        where m.id = l.meal_id and m.household_id = p_household_id and m.deleted_at is null
      ) then
        array['planned meal not found', l.path || '.planner_meal_id', 'MP404']
    end as problem
    from lines l
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

-- grocery.push_ingredients as in 20261122000600_grocery.sql, but:
--   * the list is locked by an update of its own row (as `select … for no key update` locked it): the list's
--     version trigger takes the transaction's version for the list (and pokes, once), and the update returns it;
--     touch_grocery_lists then finds the list already stamped and writes no second row version of it;
--   * every merged or added item is written with that version, and merged ones with updated_at = clock_timestamp()
--     (what the trigger gave them), so that the item trigger is skipped for each row (see above);
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
  -- Concurrent pushes into one list queue here, so none loses an update. The update takes the list's version for
  -- this transaction (its trigger), which every row written below carries.
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
    update public.grocery_items i set quantity = trim_scale(i.quantity + m.quantity), updated_at = clock_timestamp(),
      version = v_version
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
grant execute on function private.grocery_list_summary_json(grocery_lists,bigint,bigint) to authenticated;

-- One list, counting its live items.
create function private.grocery_list_summary_json(p_list public.grocery_lists) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return (
    select private.grocery_list_summary_json(p_list, count(*), count(*) filter (where not i.checked))
    from public.grocery_items i
    where i.grocery_list_id = p_list.id and i.deleted_at is null
  );
end;
$$;
grant execute on function private.grocery_list_summary_json(grocery_lists) to authenticated;

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
grant execute on function private.grocery_item_detail_json(grocery_items) to authenticated;

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
grant execute on function private.live_grocery_list(uuid,uuid) to authenticated;

-- A live item on a live list of the household, locked for the change to come. Its list is locked first: every
-- writer takes the list before its items (push, add_item and sync do), so no two of them can deadlock.
create function private.live_grocery_item(p_household_id uuid, p_item_id uuid) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
begin
  perform from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = p_item_id and i.household_id = p_household_id)
  for no key update;
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
grant execute on function private.live_grocery_item(uuid,uuid) to authenticated;

create function app.grocery_list_lists(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 50);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_lists jsonb;
begin
  -- Newest first; the page is chosen first and its JSON built for those rows only.
  select coalesce(jsonb_agg(private.grocery_list_summary_json(page.list, counts.items, counts.unchecked)
    order by (page.list).created_at desc, (page.list).id desc), '[]'::jsonb)
  into v_lists
  from (
    select l as list from public.grocery_lists l
    where l.household_id = p_household_id and l.deleted_at is null
      and (v_after is null or (l.created_at, l.id) < ((v_after ->> 'c')::timestamptz, (v_after ->> 'i')::uuid))
    order by l.created_at desc, l.id desc
    limit v_limit + 1
  ) page
  cross join lateral (
    select count(*) as items, count(*) filter (where not i.checked) as unchecked
    from public.grocery_items i
    where i.grocery_list_id = (page.list).id and i.deleted_at is null
  ) counts;
  if jsonb_array_length(v_lists) > v_limit then
    v_lists := v_lists - v_limit;
    return jsonb_build_object('lists', v_lists, 'next_cursor', private.encode_cursor(jsonb_build_object(
      'c', v_lists -> (v_limit - 1) -> 'created_at', 'i', v_lists -> (v_limit - 1) -> 'id')));
  end if;
  return jsonb_build_object('lists', v_lists, 'next_cursor', null);
end;
$$;

-- As 20261122000600 (grocery.get_list's body, now private.grocery_list_as_read) with two fields per item: the
-- ingredient is joined once for its name and category, and what to buy is private.grocery_item_buy written into the
-- query (a lateral join): called once per item, the function made the read of a 50-item list take 2.9–3.1 ms of
-- database time instead of 1.0–1.5 ms; joined, 1.5–2.0 ms (a loaded 2-core machine; the commit says how). grocery.changes calls the function; the
-- HTTP tests check that both give the same answer for every item.
create or replace function private.grocery_list_as_read(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_items json;
  v_count integer;
  v_unchecked integer;
begin
  select
    coalesce(json_agg(json_build_object(
      'id', i.id,
      'ingredient_id', i.ingredient_id,
      'name', coalesce(i.name, ingredient.name),
      'quantity', i.quantity,
      'unit', i.unit,
      'prep_state', i.prep_state,
      'checked', i.checked,
      'checked_at', i.checked_at,
      'sources', sources.list,
      'category', ingredient.aisle,
      'buy', case
        when purchase.unit is not null then json_build_object('quantity', purchase.count, 'unit', purchase.unit,
          'wording', purchase.count::text || ' ' || case when purchase.count = 1 then purchase.singular
            else purchase.plural end)
        when whole.unit is not null then json_build_object('quantity', ceil(i.quantity), 'unit', i.unit,
          'wording', ceil(i.quantity)::text || ' ' || case when ceil(i.quantity) = 1 then i.unit
            when i.unit = 'whole' then 'whole' else i.unit || 's' end)
      end
    ) order by i.checked, i.created_at, i.id), '[]'::json),
    count(*),
    count(*) filter (where not i.checked)
  into v_items, v_count, v_unchecked
  from public.grocery_items i
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  left join lateral (
    select ceil(i.quantity * coalesce(line.factor / need.factor, 1) / rule.per_purchase) as count,
      rule.purchase_unit as unit, coalesce(rule.singular, rule.purchase_unit) as singular,
      coalesce(rule.plural, case when rule.purchase_unit = 'whole' then 'whole' else rule.purchase_unit || 's' end)
        as plural
    from public.ingredient_purchase_units rule
    join public.units need on need.code = rule.need_unit
    join public.units line on line.code = i.unit
    where rule.ingredient_id = i.ingredient_id
      and (rule.need_unit = i.unit or (need.kind = line.kind and need.kind <> 'count'))
    order by rule.need_unit = i.unit desc, rule.need_unit
    limit 1
  ) purchase on true
  left join public.units_bought_whole whole on whole.unit = i.unit
  cross join lateral (
    select coalesce(json_agg(json_build_object(
      'recipe_id', recent.recipe_id,
      'planner_meal_id', recent.planner_meal_id,
      'quantity_added', recent.quantity_added,
      'unit', recent.unit,
      'created_at', recent.created_at
    ) order by recent.created_at, recent.id), '[]'::json) as list
    from (
      select s.* from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = i.id
      order by s.created_at desc, s.id desc
      limit 20
    ) recent
  ) sources
  where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.deleted_at is null;

  return (json_build_object(
    'list', json_build_object(
      'id', v_list.id, 'name', v_list.name, 'item_count', v_count, 'unchecked_count', v_unchecked,
      'created_at', v_list.created_at, 'updated_at', v_list.updated_at),
    'items', v_items
  ))::jsonb;
end;
$$;
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.grocery_list_as_read(uuid,jsonb) to authenticated;
grant execute on function private.grocery_list_as_read(uuid,jsonb) to authenticated;

create function app.grocery_create_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  perform private.hold_household_cap(p_household_id, 'grocery lists');
  insert into public.grocery_lists (household_id, name)
  values (p_household_id, btrim(p_input ->> 'name'))
  returning * into v_list;
  return jsonb_build_object('grocery_list_id', v_list.id, 'name', v_list.name, 'created_at', v_list.created_at);
exception when unique_violation then
  raise exception 'a grocery list named "%" already exists in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
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
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ingredient_id uuid := (p_input ->> 'ingredient_id')::uuid;
  v_quantity numeric := (p_input ->> 'quantity')::numeric;
  v_unit text := p_input ->> 'unit';
  v_item jsonb;
  v_merged boolean;
  v_row public.grocery_items;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;

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
    'message', format('Added %s %s of %s to %s%s', p_input ->> 'quantity', v_row.unit, v_item ->> 'name',
      v_list.name, case when v_merged then ' (merged into the item already there)' else '' end)
  );
end;
$$;

create function private.grocery_check_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
begin
  if not v_item.checked then
    update public.grocery_items i set checked = true, checked_by = (select auth.uid()), checked_at = now()
    where i.id = v_item.id
    returning * into v_item;
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_item));
end;
$$;
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.grocery_check_item_unguarded(uuid,jsonb) to authenticated;

-- A fold moves every ledger row of the line (sources, withdrawals, adjustments) onto the line it joins, and marks
-- the line as merged into it, so that grocery.restore_item refuses it instead of counting its amount twice.
create or replace function private.fold_into_matching_line(p_item public.grocery_items) returns public.grocery_items
language plpgsql
set search_path = ''
as $$
declare
  v_into public.grocery_items;
begin
  v_into := private.matching_line(p_item.grocery_list_id, p_item.ingredient_id, p_item.name_key, p_item.unit,
    p_item.prep_key, p_item.id);
  if v_into.id is null or p_item.checked or p_item.deleted_at is not null
     or v_into.quantity + p_item.quantity > 1000000 then
    return null;
  end if;
  perform private.move_ledger_rows(p_item.household_id, array[p_item.id], v_into.id);
  update public.grocery_items i set deleted_at = now(), merged_into_id = v_into.id where i.id = p_item.id;
  update public.grocery_items i set quantity = trim_scale(i.quantity + p_item.quantity)
  where i.id = v_into.id
  returning * into v_into;
  return v_into;
end;
$$;
grant execute on function private.fold_into_matching_line(grocery_items) to authenticated;

-- Unchecking folds the line back into a matching unchecked line (see fold_into_matching_line), and says so.
-- `previous` keeps what history.undo needs to put the check back exactly: the line, who checked it and when,
-- and its ledger rows (which move with it when it folds).
create or replace function private.grocery_uncheck_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_previous jsonb := jsonb_build_object('item_id', v_item.id, 'checked_by', v_item.checked_by,
    'checked_at', v_item.checked_at, 'source_ids', '[]'::jsonb, 'withdrawal_ids', '[]'::jsonb,
    'adjustment_ids', '[]'::jsonb);
  v_into public.grocery_items;
begin
  if not v_item.checked then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'The item was not checked; nothing changed.');
  end if;
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := v_previous || jsonb_build_object(
    'source_ids', coalesce((select jsonb_agg(s.id order by s.id) from public.grocery_item_sources s
      where s.household_id = p_household_id and s.grocery_item_id = v_item.id), '[]'::jsonb),
    'withdrawal_ids', coalesce((select jsonb_agg(w.id order by w.id) from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.grocery_item_id = v_item.id), '[]'::jsonb),
    'adjustment_ids', coalesce((select jsonb_agg(a.id order by a.id) from public.grocery_item_adjustments a
      where a.household_id = p_household_id and a.grocery_item_id = v_item.id), '[]'::jsonb));
  update public.grocery_items i set checked = false, checked_by = null, checked_at = null
  where i.id = v_item.id
  returning * into v_item;
  v_into := private.fold_into_matching_line(v_item);
  if v_into.id is null then
    return jsonb_build_object('item', private.grocery_item_detail_json(v_item), 'folded_into_item_id', null,
      'previous', v_previous, 'message', 'Unchecked.');
  end if;
  return jsonb_build_object('item', private.grocery_item_detail_json(v_into), 'folded_into_item_id', v_into.id,
    'previous', v_previous,
    'message', format('Unchecked and folded into the matching unchecked line, now %s %s.',
      v_into.quantity, v_into.unit));
end;
$$;
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.grocery_uncheck_item_unguarded(uuid,jsonb) to authenticated;

create function private.grocery_remove_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
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
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.grocery_remove_item_unguarded(uuid,jsonb) to authenticated;

-- A list of the household, live (p_removed false) or removed (true), locked for the change to come.
-- NOT_FOUND when the household has no such list at all; CONFLICT when it is in the other state.
create function private.grocery_list_to_change(p_household_id uuid, p_list_id uuid, p_removed boolean)
returns public.grocery_lists
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id
  for no key update;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  elsif (v_list.deleted_at is not null) <> p_removed then
    raise exception '%', case when p_removed then 'this list is not deleted; nothing to restore'
      else 'this list is deleted; restore it first' end
      using errcode = 'MP409', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;
grant execute on function private.grocery_list_to_change(uuid,uuid,boolean) to authenticated;

-- Quantity, unit and prep state, each when given: how a person resolves a unit mismatch (500 g and 1 lb
-- of rice: make the first 1.1 lb). The change of amount is recorded as an adjustment (the difference in the same
-- unit; a change of unit takes the old amount out in the old unit and puts the new one in, in the new), so the
-- ledger holds. An unchecked line that now has another line's merge key folds into it.
create or replace function private.grocery_update_item_unguarded(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
  v_before public.grocery_items := v_item;
  v_previous jsonb;
  v_into public.grocery_items;
begin
  perform from public.grocery_lists l where l.id = v_item.grocery_list_id for no key update;
  v_previous := '{}'::jsonb;
  if p_input ? 'quantity' then v_previous := v_previous || jsonb_build_object('quantity', v_item.quantity); end if;
  if p_input ? 'unit' then v_previous := v_previous || jsonb_build_object('unit', v_item.unit); end if;
  if p_input ? 'prep_state' then
    v_previous := v_previous || jsonb_build_object('prep_state', v_item.prep_state);
  end if;
  update public.grocery_items i set
    quantity = case when p_input ? 'quantity' then (p_input ->> 'quantity')::numeric else i.quantity end,
    unit = case when p_input ? 'unit' then p_input ->> 'unit' else i.unit end,
    prep_state = case when p_input ? 'prep_state' then btrim(p_input ->> 'prep_state') else i.prep_state end
  where i.id = v_item.id
  returning * into v_item;
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
  select v_item.id, p_household_id, change.quantity, change.unit, 'update'
  from (values
    (case when v_item.unit = v_before.unit then v_item.quantity - v_before.quantity else -v_before.quantity end,
      v_before.unit),
    (case when v_item.unit = v_before.unit then 0 else v_item.quantity end, v_item.unit)
  ) as change (quantity, unit)
  where change.quantity <> 0;
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object(
    'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'previous', v_previous,
    'folded_into_item_id', v_into.id,
    'message', case when v_into.id is null then 'Updated.'
      else format('Updated and folded into the matching unchecked line, now %s %s.', v_into.quantity, v_into.unit) end);
end;
$$;
-- Made in app, whose functions authenticated may execute (00_foundation.sql); the grant came along.
grant execute on function private.grocery_update_item_unguarded(uuid,jsonb) to authenticated;

create function app.grocery_rename_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid, false);
  v_previous text := v_list.name;
begin
  update public.grocery_lists l set name = btrim(p_input ->> 'name') where l.id = v_list.id returning * into v_list;
  return jsonb_build_object('list', private.grocery_list_summary_json(v_list), 'previous_name', v_previous);
exception when unique_violation then
  raise exception 'a grocery list named "%" already exists in this household', btrim(p_input ->> 'name')
    using errcode = 'MP409', column = 'name';
end;
$$;

-- Soft: the list, its items and their sources are kept, so grocery.restore_list brings it all back.
create function app.grocery_delete_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid, false);
begin
  update public.grocery_lists l set deleted_at = now() where l.id = v_list.id returning * into v_list;
  return jsonb_build_object('deleted', true,
    'list', jsonb_build_object('id', v_list.id, 'name', v_list.name, 'deleted_at', v_list.deleted_at));
end;
$$;

create function app.grocery_restore_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid, true);
begin
  perform private.hold_household_cap(p_household_id, 'grocery lists');
  update public.grocery_lists l set deleted_at = null where l.id = v_list.id returning * into v_list;
  return jsonb_build_object('restored', true, 'list', private.grocery_list_summary_json(v_list));
exception when unique_violation then
  raise exception 'a live grocery list is already named "%"; rename it first', v_list.name
    using errcode = 'MP409', column = 'grocery_list_id';
end;
$$;

-- Removes (softly) every checked item of the list; each can come back with grocery.restore_item.
create function app.grocery_clear_checked(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists :=
    private.grocery_list_to_change(p_household_id, (p_input ->> 'grocery_list_id')::uuid, false);
  v_removed uuid[];
begin
  with removed as (
    update public.grocery_items i set deleted_at = now()
    where i.grocery_list_id = v_list.id and i.household_id = p_household_id and i.checked and i.deleted_at is null
    returning i.id, i.created_at
  )
  select coalesce(array_agg(removed.id order by removed.created_at, removed.id), '{}') into v_removed from removed;
  return jsonb_build_object('grocery_list_id', v_list.id, 'removed_count', cardinality(v_removed),
    'removed_item_ids', to_jsonb(v_removed), 'item_count', private.live_item_count(v_list.id));
end;
$$;

-- A removed item comes back on its (live) list as it was; an unchecked one folds into a matching line. A line
-- that went into another (a fold, a conversion) is not independent any more: its amounts are that line's, so it
-- is refused, naming the line. So is a line whose amounts are all gone (grocery.sync_plan withdrew them, or
-- history.undo took back the write that made it): nothing of it is left to restore.
create or replace function app.grocery_restore_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items;
  v_into public.grocery_items;
begin
  select i.* into v_item from public.grocery_items i
  where i.id = (p_input ->> 'grocery_item_id')::uuid and i.household_id = p_household_id;
  if v_item.id is null then
    raise exception 'grocery item not found' using errcode = 'MP404', column = 'grocery_item_id';
  elsif v_item.deleted_at is null then
    raise exception 'this item is not removed; nothing to restore' using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  perform private.grocery_list_to_change(p_household_id, v_item.grocery_list_id, false);
  select i.* into v_item from public.grocery_items i where i.id = v_item.id for no key update;
  if v_item.merged_into_id is not null then
    v_into := private.grocery_line_merged_into(v_item);
    raise exception 'this line was merged into another line of the list (%, now % %, id %): its amount is there; change that line instead',
      coalesce(v_into.name, (select i.name from public.ingredients i where i.id = v_into.ingredient_id)),
      v_into.quantity, v_into.unit,
      v_into.id
      using errcode = 'MP409', column = 'grocery_item_id';
  elsif not (select l.holds from private.grocery_ledger(p_household_id, array[v_item.id]) l) then
    raise exception 'nothing of this line is left to restore: what it held was withdrawn by grocery.sync_plan, taken back by history.undo or merged into another line'
      using errcode = 'MP409', column = 'grocery_item_id';
  end if;
  update public.grocery_items i set deleted_at = null where i.id = v_item.id returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object('restored', true, 'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'folded_into_item_id', v_into.id);
end;
$$;

-- What grocery.sync_plan took back from an item for a planned meal (the meal left the range or the plan,
-- or its servings went down). A meal's contribution to a list is its sources minus its withdrawals, so
-- the next sync subtracts exactly what the meal put there, never a guess. History: written once.
create table public.grocery_item_withdrawals (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  planner_meal_id uuid,
  quantity_removed numeric not null
    check (quantity_removed > 0 and quantity_removed <= 1000000 and quantity_removed = round(quantity_removed, 3)),
  unit text not null references public.units (code),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- A sync's withdrawals name it too (as its source rows do), so undoing it puts back exactly what it withdrew.
  invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid,
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade,
  foreign key (household_id, planner_meal_id) references public.planner_meals (household_id, id)
    on delete set null (planner_meal_id)
);
create index grocery_item_withdrawals_household_id_idx on public.grocery_item_withdrawals (household_id);
create index grocery_item_withdrawals_item_idx on public.grocery_item_withdrawals (household_id, grocery_item_id);
create index grocery_item_withdrawals_meal_idx on public.grocery_item_withdrawals (household_id, planner_meal_id)
  where planner_meal_id is not null;
create index grocery_item_withdrawals_unit_idx on public.grocery_item_withdrawals (unit);
revoke all on public.grocery_item_withdrawals from public, anon, authenticated;
grant insert on public.grocery_item_withdrawals to meal_planner_writer;
alter table public.grocery_item_withdrawals enable row level security;
create index grocery_item_withdrawals_invocation_idx on public.grocery_item_withdrawals (household_id, invocation_id)
  where invocation_id is not null;
grant delete on public.grocery_item_withdrawals to meal_planner_writer;
-- A fold moves a line's withdrawals with its sources (the meal's contribution goes where its sources go).
grant update (grocery_item_id) on public.grocery_item_withdrawals to meal_planner_writer;
create index if not exists grocery_item_withdrawals_created_by_idx on public.grocery_item_withdrawals (created_by);
create policy "Grocery item withdrawals are visible to household members" on public.grocery_item_withdrawals
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's grocery item withdrawals" on public.grocery_item_withdrawals
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record grocery item withdrawals, or put back those of an undone write"
  on public.grocery_item_withdrawals
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_withdrawals.household_id and t.user_id = created_by)));
create policy "Members can move withdrawals between their household's items" on public.grocery_item_withdrawals
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));

-- As 20261122000620_grocery_plan.sql made it (search_path pinned by 20261125000700), except that a line without a
-- quantity stays without one: greatest() skips a null, so the old body turned it into 0.001.
create or replace function private.scaled_quantity(p_quantity numeric, p_servings integer, p_base integer)
returns numeric
language sql immutable
set search_path = ''
return case when p_quantity is null then null
  when p_servings is null or p_base is null then p_quantity
  else trim_scale(greatest(round(p_quantity * p_servings / p_base, 3), 0.001)) end;
grant execute on function private.scaled_quantity(numeric,integer,integer) to authenticated;

-- The unrounded amount, for the reply: exact when the division terminates (6/4), else to numeric's precision.
create function private.unrounded_quantity(p_quantity numeric, p_servings integer, p_base integer) returns numeric
language sql immutable
set search_path = ''
return case when p_servings is null or p_base is null then p_quantity
  else trim_scale(p_quantity * p_servings / p_base) end;
grant execute on function private.unrounded_quantity(numeric,integer,integer) to authenticated;

-- As 20261125000410_counted_messages.sql left it, with the lines that have no quantity skipped and listed.
create or replace function app.grocery_push_recipe(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_servings integer := (p_input ->> 'servings')::integer;
  v_recipe public.recipes;
  v_lines jsonb;
  v_scaled jsonb;
  v_skipped jsonb;
  v_skipped_words text;
  v_pushed jsonb;
  v_message text;
begin
  -- The list first, as the merge locks it, so that concurrent writers queue in one order.
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  select * into v_recipe from public.recipes r
  where r.id = (p_input ->> 'recipe_id')::uuid and r.household_id = p_household_id and r.deleted_at is null;
  if v_recipe.id is null then
    raise exception 'recipe not found' using errcode = 'MP404', column = 'recipe_id';
  end if;
  if v_servings is not null and v_recipe.servings is null then
    raise exception 'this recipe has no servings recorded, so it can only be pushed at its own amounts: leave out servings, or set the recipe''s servings with recipe.update first'
      using errcode = 'MP400', column = 'servings';
  end if;

  select
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id,
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings),
      'unit', ri.unit, 'prep_state', ri.prep_state, 'source_recipe_id', v_recipe.id) order by ri.position, ri.id)
      filter (where ri.quantity is not null),
    jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'unit', ri.unit, 'prep_state', ri.prep_state,
      'recipe_quantity', ri.quantity,
      'quantity_unrounded', private.unrounded_quantity(ri.quantity, v_servings, v_recipe.servings),
      'quantity', private.scaled_quantity(ri.quantity, v_servings, v_recipe.servings)) order by ri.position, ri.id)
      filter (where ri.quantity is not null),
    coalesce(jsonb_agg(jsonb_build_object('ingredient_id', ri.ingredient_id, 'ingredient_name', i.name,
      'prep_state', ri.prep_state, 'note', ri.note, 'reason', 'no quantity in the recipe') order by ri.position, ri.id)
      filter (where ri.quantity is null), '[]'::jsonb),
    string_agg(i.name || coalesce(' (' || ri.note || ')', ''), ', ' order by ri.position, ri.id)
      filter (where ri.quantity is null)
  into v_lines, v_scaled, v_skipped, v_skipped_words
  from public.recipe_ingredients ri
  join public.ingredients i on i.id = ri.ingredient_id
  where ri.household_id = p_household_id and ri.recipe_id = v_recipe.id;
  if v_lines is null and v_skipped_words is not null then
    raise exception 'no line of this recipe has a quantity (%), and a grocery list holds only amounts: add what must be bought with grocery.add_item, with an amount',
      v_skipped_words using errcode = 'MP400', column = 'recipe_id';
  elsif v_lines is null then
    raise exception 'this recipe has no ingredient lines to push' using errcode = 'MP400', column = 'recipe_id';
  end if;

  begin
    v_pushed := app.grocery_push_ingredients(p_household_id,
      jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_lines));
  exception when sqlstate 'MP400' then
    -- The only line error a recipe's own lines can meet: an item would pass 1,000,000.
    get stacked diagnostics v_message = message_text;
    raise exception '%', v_message || case when v_servings is null then '' else ' at ' || v_servings || ' servings' end
      using errcode = 'MP400', column = case when v_servings is null then 'recipe_id' else 'servings' end;
  end;

  -- The rows the merge just recorded for this recipe, matched to their lines by key and stored amount.
  update public.grocery_item_sources s set quantity_exact = line.quantity_unrounded
  from jsonb_to_recordset(v_scaled) as line (ingredient_id uuid, unit text, prep_state text,
    quantity_unrounded numeric, quantity numeric),
    public.grocery_items i
  where s.household_id = p_household_id and s.recipe_id = v_recipe.id and s.planner_meal_id is null
    and s.created_at = now() and s.quantity_exact is null
    and i.household_id = s.household_id and i.id = s.grocery_item_id and i.grocery_list_id = v_list_id
    and i.ingredient_id = line.ingredient_id and s.unit = line.unit
    and i.prep_key is not distinct from lower(btrim(line.prep_state))
    and s.quantity_added = line.quantity and line.quantity_unrounded <> line.quantity;

  return v_pushed || jsonb_build_object(
    'recipe_id', v_recipe.id,
    'recipe_title', v_recipe.title,
    'base_servings', v_recipe.servings,
    'servings', coalesce(v_servings, v_recipe.servings),
    'lines', v_scaled,
    'skipped', v_skipped,
    'message', format('Pushed %s of %s%s.', private.counted(jsonb_array_length(v_lines), 'line'), v_recipe.title,
      case when v_servings is null or v_servings = v_recipe.servings then ' at its own amounts'
        else format(' scaled from %s to %s servings', v_recipe.servings, v_servings) end)
      || case when v_skipped_words is null then '' else format(' Skipped %s: no quantity in the recipe.', v_skipped_words) end);
end;
$$;

-- What a sync of [p_start, p_end] into the list would change, computed before anything is written (so
-- that preview and the real run return the same plan). Per planned meal and merge key (ingredient, unit,
-- prep state): the wanted amount (the meal's recipe lines scaled to its servings, each rounded as
-- private.scaled_quantity rounds) against the meal's recorded contribution to this list (its sources
-- minus its withdrawals). A meal with a contribution here that is no longer planned in the range wants 0.
-- More wanted: the difference is added through the merge. Less: it is withdrawn from the live, unchecked
-- items that carry the meal's contribution (each item at most what the meal put there and what it holds);
-- what sits on checked or removed items was bought or refused, and is kept.
create function private.grocery_sync_plan(p_household_id uuid, p_list_id uuid, p_start date, p_end date)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  with meals as (
    select m.id as meal_id, m.recipe_id, m.servings, r.servings as base, r.deleted_at is null as recipe_live
    from public.planner_meals m
    join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
    where m.household_id = p_household_id and m.deleted_at is null and m.date between p_start and p_end
  ),
  wanted as (
    select mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '') as prep_key,
      (array_agg(btrim(ri.prep_state) order by ri.position, ri.id))[1] as prep_state,
      sum(private.scaled_quantity(ri.quantity, mm.servings, mm.base)) as quantity
    from meals mm
    join public.recipe_ingredients ri on ri.household_id = p_household_id and ri.recipe_id = mm.recipe_id
    group by mm.meal_id, ri.ingredient_id, ri.unit, coalesce(lower(btrim(ri.prep_state)), '')
  ),
  items as (
    select i.* from public.grocery_items i
    where i.household_id = p_household_id and i.grocery_list_id = p_list_id and i.ingredient_id is not null
  ),
  contributions as (
    select s.planner_meal_id as meal_id, s.grocery_item_id as item_id, s.unit, s.quantity_added as quantity
    from public.grocery_item_sources s
    where s.household_id = p_household_id and s.planner_meal_id is not null
      and s.grocery_item_id in (select items.id from items)
    union all
    select w.planner_meal_id, w.grocery_item_id, w.unit, -w.quantity_removed
    from public.grocery_item_withdrawals w
    where w.household_id = p_household_id and w.planner_meal_id is not null
      and w.grocery_item_id in (select items.id from items)
  ),
  per_item as (
    select c.meal_id, c.item_id, c.unit, sum(c.quantity) as quantity
    from contributions c group by c.meal_id, c.item_id, c.unit
  ),
  recorded as (
    select p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '') as prep_key,
      min(i.prep_state) as prep_state, sum(p.quantity) as quantity
    from per_item p join items i on i.id = p.item_id
    group by p.meal_id, i.ingredient_id, p.unit, coalesce(i.prep_key, '')
  ),
  differences as (
    select coalesce(w.meal_id, r.meal_id) as meal_id, coalesce(w.ingredient_id, r.ingredient_id) as ingredient_id,
      coalesce(w.unit, r.unit) as unit, coalesce(w.prep_key, r.prep_key) as prep_key,
      coalesce(w.prep_state, r.prep_state) as prep_state,
      coalesce(r.quantity, 0) as recorded, coalesce(w.quantity, 0) as wanted
    from wanted w
    full join recorded r on r.meal_id = w.meal_id and r.ingredient_id = w.ingredient_id and r.unit = w.unit
      and r.prep_key = w.prep_key
    where coalesce(w.quantity, 0) <> coalesce(r.quantity, 0)
  ),
  -- For each shortfall, the meal's live, unchecked items of that key, newest first.
  available as (
    select d.meal_id, d.ingredient_id, d.unit, d.prep_key, d.recorded - d.wanted as need, i.id as item_id,
      i.quantity as item_quantity, least(p.quantity, i.quantity) as quantity, i.created_at
    from differences d
    join per_item p on p.meal_id = d.meal_id and p.unit = d.unit and p.quantity > 0
    join items i on i.id = p.item_id and i.ingredient_id = d.ingredient_id and i.unit = d.unit
      and coalesce(i.prep_key, '') = d.prep_key and not i.checked and i.deleted_at is null
    where d.recorded > d.wanted
  ),
  per_meal as (
    select a.*, greatest(least(a.quantity, a.need - (sum(a.quantity) over (
      partition by a.meal_id, a.ingredient_id, a.unit, a.prep_key order by a.created_at desc, a.item_id
      rows unbounded preceding) - a.quantity)), 0) as wanted_take
    from available a
  ),
  -- Several meals on one item never take more than it holds.
  takes as (
    select pm.meal_id, pm.ingredient_id, pm.unit, pm.prep_key, pm.item_id,
      greatest(least(pm.wanted_take, pm.item_quantity - (sum(pm.wanted_take) over (
        partition by pm.item_id order by pm.meal_id rows unbounded preceding) - pm.wanted_take)), 0) as quantity
    from per_meal pm
  ),
  entries as (
    select d.*, coalesce(t.withdrawn, 0) as withdrawn, t.withdrawals
    from differences d
    left join (
      select tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key, sum(tk.quantity) as withdrawn,
        jsonb_agg(jsonb_build_object('grocery_item_id', tk.item_id, 'planner_meal_id', tk.meal_id,
          'quantity', tk.quantity, 'unit', tk.unit) order by tk.item_id) as withdrawals
      from takes tk where tk.quantity > 0
      group by tk.meal_id, tk.ingredient_id, tk.unit, tk.prep_key
    ) t on t.meal_id = d.meal_id and t.ingredient_id = d.ingredient_id and t.unit = d.unit and t.prep_key = d.prep_key
  ),
  described as (
    select e.*, greatest(e.wanted - e.recorded, 0) as added,
      greatest(e.recorded - e.wanted, 0) - e.withdrawn as kept,
      m.recipe_id, m.date, m.meal_type, r.title as recipe_title, r.deleted_at is null as recipe_live,
      ingredient.name as ingredient_name,
      case when m.deleted_at is not null then 'removed'
        when m.date not between p_start and p_end then 'out_of_range' else 'planned' end as meal_status
    from entries e
    join public.planner_meals m on m.household_id = p_household_id and m.id = e.meal_id
    join public.recipes r on r.household_id = p_household_id and r.id = m.recipe_id
    join public.ingredients ingredient on ingredient.id = e.ingredient_id
  )
  select jsonb_build_object(
    'changes', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'date', d.date, 'meal_type', d.meal_type, 'meal_status', d.meal_status,
        'recipe_id', d.recipe_id, 'recipe_title', d.recipe_title,
        'ingredient_id', d.ingredient_id, 'ingredient_name', d.ingredient_name, 'unit', d.unit,
        'prep_state', d.prep_state, 'quantity_before', trim_scale(d.recorded), 'quantity_after', trim_scale(d.wanted),
        'added', trim_scale(d.added), 'withdrawn', trim_scale(d.withdrawn), 'kept', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0 or d.withdrawn > 0), '[]'::jsonb),
    'kept', coalesce(jsonb_agg(jsonb_build_object(
        'planner_meal_id', d.meal_id, 'meal_status', d.meal_status, 'ingredient_id', d.ingredient_id,
        'ingredient_name', d.ingredient_name, 'unit', d.unit, 'prep_state', d.prep_state,
        'quantity', trim_scale(d.kept))
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.kept > 0), '[]'::jsonb),
    'withdrawals', coalesce((select jsonb_agg(w.value order by w.value ->> 'grocery_item_id', w.value ->> 'planner_meal_id')
      from described d2, jsonb_array_elements(d2.withdrawals) w), '[]'::jsonb),
    'additions', coalesce(jsonb_agg(jsonb_build_object(
        'ingredient_id', d.ingredient_id, 'quantity', trim_scale(d.added), 'unit', d.unit, 'prep_state', d.prep_state,
        'planner_meal_id', d.meal_id, 'source_recipe_id', case when d.recipe_live then d.recipe_id end)
      order by d.date, d.meal_type, d.meal_id, d.ingredient_name, d.unit, d.prep_key)
      filter (where d.added > 0), '[]'::jsonb),
    'meals_in_range', (select count(*) from meals))
  into v_plan
  from described d;
  return v_plan;
end;
$$;
grant execute on function private.grocery_sync_plan(uuid,uuid,date,date) to authenticated;

-- As 20261125000410_counted_messages.sql left it, with `skipped`: the lines without a quantity of the meals planned
-- in the range, which the plan leaves out (the same whether preview or not).
create or replace function app.grocery_sync_plan(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list_id uuid := (p_input ->> 'grocery_list_id')::uuid;
  v_start date := (p_input ->> 'start_date')::date;
  v_end date := (p_input ->> 'end_date')::date;
  v_preview boolean := coalesce((p_input ->> 'preview')::boolean, false);
  v_plan jsonb;
  v_changes integer;
  v_largest integer;
  v_limit constant integer := 2000;
  v_lines bigint;
  v_line_limit constant integer := 5000;
  v_skipped jsonb;
  v_skipped_names text;
  -- What to do instead: the first half of the range, or for one day, its recipes one at a time.
  v_narrower text := case when v_end > v_start
    then format('sync a shorter range, for example %s to %s, then the rest', v_start, v_start + (v_end - v_start) / 2)
    else 'this day alone is too much for one sync; push its recipes with grocery.push_recipe instead' end;
begin
  perform private.check_plan_span(v_start, v_end);
  perform from public.grocery_lists l
  where l.id = v_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if not found then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;

  -- The work first: the plan compares every recipe line of every meal in the range, so a range holding more
  -- than 5000 (meals times their recipes' lines) is refused before it is computed.
  select coalesce(sum(planned.meals * (select count(*) from public.recipe_ingredients ri
      where ri.household_id = p_household_id and ri.recipe_id = planned.recipe_id)), 0)
  into v_lines
  from (
    select m.recipe_id, count(*) as meals from public.planner_meals m
    where m.household_id = p_household_id and m.deleted_at is null and m.date between v_start and v_end
    group by m.recipe_id
  ) planned;
  if v_lines > v_line_limit then
    raise exception 'this range plans % ingredient lines (each meal''s recipe lines); one sync reads at most %: %',
      v_lines, v_line_limit, v_narrower
      using errcode = 'MP409', column = 'end_date', hint = format('limit: %s ingredient lines a sync', v_line_limit);
  end if;

  v_plan := private.grocery_sync_plan(p_household_id, v_list_id, v_start, v_end);
  v_changes := jsonb_array_length(v_plan -> 'changes');
  v_largest := greatest(v_changes, jsonb_array_length(v_plan -> 'kept'), jsonb_array_length(v_plan -> 'withdrawals'));
  if v_largest > v_limit then
    raise exception 'this sync would list % changes (a line per meal and ingredient); one sync lists at most %: %',
      v_largest, v_limit, v_narrower
      using errcode = 'MP409', column = 'end_date', hint = format('limit: %s changes a sync', v_limit);
  end if;

  -- Bounded by the 5000 lines above.
  select coalesce(jsonb_agg(jsonb_build_object(
      'planner_meal_id', m.id, 'date', m.date, 'meal_type', m.meal_type, 'recipe_id', r.id, 'recipe_title', r.title,
      'ingredient_id', ri.ingredient_id, 'ingredient_name', i.name, 'prep_state', ri.prep_state, 'note', ri.note,
      'reason', 'no quantity in the recipe')
      order by m.date, m.meal_type, m.id, ri.position, ri.id), '[]'::jsonb),
    string_agg(distinct i.name, ', ' order by i.name)
  into v_skipped, v_skipped_names
  from public.planner_meals m
  join public.recipes r on r.household_id = m.household_id and r.id = m.recipe_id
  join public.recipe_ingredients ri on ri.household_id = m.household_id and ri.recipe_id = m.recipe_id
  join public.ingredients i on i.id = ri.ingredient_id
  where m.household_id = p_household_id and m.deleted_at is null and m.date between v_start and v_end
    and ri.quantity is null;

  if not v_preview and v_changes > 0 then
    if jsonb_array_length(v_plan -> 'additions') > 0 then
      begin
        perform app.grocery_push_ingredients(p_household_id,
          jsonb_build_object('grocery_list_id', v_list_id, 'ingredients', v_plan -> 'additions'));
      exception when sqlstate 'MP400' then
        raise exception 'an item of this list would pass 1,000,000: sync a shorter range or into another list'
          using errcode = 'MP400', column = 'grocery_list_id';
      end;
    end if;

    with withdrawals as (
      select * from jsonb_to_recordset(v_plan -> 'withdrawals')
        as w (grocery_item_id uuid, planner_meal_id uuid, quantity numeric, unit text)
    ),
    locked as (
      select i.id from public.grocery_items i
      where i.id in (select w.grocery_item_id from withdrawals w)
      order by i.id
      for no key update
    ),
    recorded as (
      insert into public.grocery_item_withdrawals (grocery_item_id, household_id, planner_meal_id, quantity_removed, unit)
      select w.grocery_item_id, p_household_id, w.planner_meal_id, w.quantity, w.unit from withdrawals w
    ),
    per_item as (
      select w.grocery_item_id, sum(w.quantity) as quantity from withdrawals w
      where w.grocery_item_id in (select locked.id from locked)
      group by w.grocery_item_id
    )
    update public.grocery_items i set
      quantity = case when i.quantity > p.quantity then trim_scale(i.quantity - p.quantity) else i.quantity end,
      deleted_at = case when i.quantity > p.quantity then i.deleted_at else now() end
    from per_item p
    where i.id = p.grocery_item_id;
  end if;

  return jsonb_build_object(
    'grocery_list_id', v_list_id,
    'start_date', v_start,
    'end_date', v_end,
    'preview', v_preview,
    'meals_in_range', v_plan -> 'meals_in_range',
    'changes', v_plan -> 'changes',
    'withdrawals', v_plan -> 'withdrawals',
    'kept', v_plan -> 'kept',
    'skipped', v_skipped,
    'item_count', (select count(*) from public.grocery_items i where i.grocery_list_id = v_list_id and i.deleted_at is null),
    'message', case
      when v_changes = 0 then 'The list already matches the plan for this range; nothing changed.'
      when v_preview then format('%s would be made; nothing was written (preview).', private.counted(v_changes, 'change'))
      else format('%s made.', private.counted(v_changes, 'change')) end
      || case when v_skipped_names is null then '' else format(' Skipped %s without a quantity in the recipe (%s).',
        private.counted(jsonb_array_length(v_skipped), 'line'), v_skipped_names) end);
end;
$$;

-- The unchecked, live lines of one ingredient and prep state on the list, in convertible units of one kind,
-- with their amount in the kind's base unit (ml or g), exact.
create function private.convertible_lines(p_household_id uuid, p_list_id uuid)
returns table (item_id uuid, ingredient_id uuid, prep_key text, kind text, unit text, quantity numeric,
  base_quantity numeric, created_at timestamptz)
language sql stable
set search_path = ''
as $$
  select i.id, i.ingredient_id, i.prep_key, u.kind, i.unit, i.quantity, i.quantity * u.factor, i.created_at
  from public.grocery_items i
  join public.units u on u.code = i.unit
  where i.grocery_list_id = p_list_id and i.household_id = p_household_id and i.ingredient_id is not null
    and not i.checked and i.deleted_at is null and u.factor is not null
$$;
grant execute on function private.convertible_lines(uuid,uuid) to authenticated;

-- A group's total in the target unit: exact, and as stored (3 decimals, the quantity bound).
create function private.converted_total(p_base_total numeric, p_unit text) returns numeric
language sql stable
set search_path = ''
return p_base_total / (select u.factor from public.units u where u.code = p_unit);
grant execute on function private.converted_total(numeric,text) to authenticated;

create function app.grocery_propose_conversions(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
begin
  -- Per ingredient, prep state and kind with lines in two or more units; the target is the unit that already
  -- holds the largest share of the amount.
  return jsonb_build_object('grocery_list_id', v_list.id, 'proposals', coalesce((
    select jsonb_agg(proposal order by proposal ->> 'ingredient_name', proposal ->> 'prep_state')
    from (
      select jsonb_build_object(
        'ingredient_id', g.ingredient_id,
        'ingredient_name', ingredient.name,
        'prep_state', (select i.prep_state from public.grocery_items i where i.id = g.item_ids[1]),
        'item_ids', to_jsonb(g.item_ids),
        'unit', g.target_unit,
        'lines', g.lines,
        'exact_quantity', trim_scale(private.converted_total(g.base_total, g.target_unit)),
        'quantity', trim_scale(round(private.converted_total(g.base_total, g.target_unit), 3)),
        'rounded', private.converted_total(g.base_total, g.target_unit)
          <> round(private.converted_total(g.base_total, g.target_unit), 3),
        'arithmetic', g.arithmetic || ' = ' || trim_scale(private.converted_total(g.base_total, g.target_unit))
          || ' ' || g.target_unit
      ) as proposal
      from (
        select l.ingredient_id, l.prep_key, l.kind,
          array_agg(l.item_id order by l.created_at, l.item_id) as item_ids,
          (array_agg(l.unit order by l.base_quantity desc, l.created_at, l.item_id))[1] as target_unit,
          sum(l.base_quantity) as base_total,
          jsonb_agg(jsonb_build_object('item_id', l.item_id, 'quantity', l.quantity, 'unit', l.unit)
            order by l.created_at, l.item_id) as lines,
          string_agg(format('%s %s', trim_scale(l.quantity), l.unit), ' + ' order by l.created_at, l.item_id)
            as arithmetic
        from private.convertible_lines(p_household_id, v_list.id) l
        group by l.ingredient_id, l.prep_key, l.kind
        having count(distinct l.unit) > 1
      ) g
      join public.ingredients ingredient on ingredient.id = g.ingredient_id
    ) proposals
  ), '[]'::jsonb));
end;
$$;

-- Merges the lines a person accepted into the first of them, in the unit they chose: the total (rounded to
-- 3 decimals, the quantity bound) replaces its quantity and unit, every ledger row of the others moves to it
-- (each keeps the amount and unit it was recorded in: the ledger converts them with the units' exact factors),
-- the rounding is recorded as an adjustment in the kind's base unit (ml or g, where it is exact), and the others
-- are removed, marked as merged into it. All or nothing; the list is locked first.
-- `previous` keeps what history.undo needs to put every line back exactly: the kept line's quantity and unit,
-- where each ledger row was, and the rounding's adjustment.
create or replace function app.grocery_apply_conversion(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists := private.live_grocery_list(p_household_id, (p_input ->> 'grocery_list_id')::uuid);
  v_ids uuid[] := array(select jsonb_array_elements_text(p_input -> 'item_ids')::uuid);
  v_unit text := p_input ->> 'unit';
  v_groups integer;
  v_found integer;
  v_kind text;
  v_base_total numeric;
  v_exact numeric;
  v_keep uuid;
  v_item public.grocery_items;
  v_previous jsonb;
  v_into public.grocery_items;
  v_rounding numeric;
  v_rounding_id uuid;
begin
  perform from public.grocery_lists l where l.id = v_list.id for no key update;
  select count(*), count(distinct (l.ingredient_id, l.prep_key, l.kind)), min(l.kind), sum(l.base_quantity)
  into v_found, v_groups, v_kind, v_base_total
  from private.convertible_lines(p_household_id, v_list.id) l
  where l.item_id = any(v_ids);
  if v_found <> cardinality(v_ids) then
    raise exception 'every item must be an unchecked line of this list in a volume or weight unit'
      using errcode = 'MP404', column = 'item_ids';
  elsif v_groups <> 1 then
    raise exception 'the items must be one ingredient with one prep state, in units of one kind (volume or weight)'
      using errcode = 'MP400', column = 'item_ids';
  elsif (select u.kind from public.units u where u.code = v_unit) is distinct from v_kind then
    raise exception 'unit must be a % unit, as the items are', v_kind using errcode = 'MP400', column = 'unit';
  end if;
  v_exact := private.converted_total(v_base_total, v_unit);
  if round(v_exact, 3) <= 0 or round(v_exact, 3) > 1000000 then
    raise exception 'the total in % would be %; choose another unit', v_unit, trim_scale(v_exact)
      using errcode = 'MP400', column = 'unit';
  end if;
  select l.item_id into v_keep from private.convertible_lines(p_household_id, v_list.id) l
  where l.item_id = any(v_ids) order by l.created_at, l.item_id limit 1;
  select jsonb_build_object('quantity', i.quantity, 'unit', i.unit, 'sources', coalesce((
    select jsonb_agg(jsonb_build_object('id', s.id, 'grocery_item_id', s.grocery_item_id) order by s.id)
    from public.grocery_item_sources s
    where s.household_id = p_household_id and s.grocery_item_id = any(v_ids)), '[]'::jsonb))
    || private.ledger_rows_of(p_household_id, v_ids)
  into v_previous
  from public.grocery_items i where i.id = v_keep;
  perform private.move_ledger_rows(p_household_id, v_ids, v_keep);
  update public.grocery_items i set deleted_at = now(), merged_into_id = v_keep
  where i.id = any(v_ids) and i.id <> v_keep;
  update public.grocery_items i set quantity = trim_scale(round(v_exact, 3)), unit = v_unit
  where i.id = v_keep
  returning * into v_item;
  -- The rounding, exact in the base unit: the kept amount there minus the lines' amounts there.
  v_rounding := trim_scale(v_item.quantity * (select u.factor from public.units u where u.code = v_unit) - v_base_total);
  if v_rounding <> 0 then
    insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
    values (v_keep, p_household_id, v_rounding,
      (select u.code from public.units u where u.kind = v_kind and u.factor = 1), 'conversion')
    returning id into v_rounding_id;
  end if;
  v_previous := v_previous || jsonb_build_object('rounding_adjustment_id', v_rounding_id);
  -- A line already in that unit but left out of the proposal would now share the merge key: fold, as always.
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object(
    'grocery_list_id', v_list.id,
    'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'kept_item_id', v_keep,
    'merged_item_ids', to_jsonb(array(select id from unnest(v_ids) id where id <> v_keep)),
    'folded_into_item_id', v_into.id,
    'exact_quantity', trim_scale(v_exact),
    'rounded', v_exact <> round(v_exact, 3),
    'previous', v_previous);
end;
$$;

-- A line coming back unchecked must not meet another unchecked line of its merge key (a later write added one).
create function private.refuse_if_key_taken(p_item public.grocery_items, p_label text) returns void
language plpgsql
set search_path = ''
as $$
begin
  if (private.matching_line(p_item.grocery_list_id, p_item.ingredient_id, p_item.name_key, p_item.unit,
      p_item.prep_key, p_item.id)).id is not null then
    perform private.undo_conflict(format('a later write added a line of %s in %s to the list, which this line would '
      'duplicate; remove or undo it first', p_label, p_item.unit));
  end if;
end;
$$;
grant execute on function private.refuse_if_key_taken(grocery_items,text) to authenticated;

-- Moves one write's contributions (its source rows, minus its withdrawals) off their items (p_put_back false: an
-- undo) or back onto them (true: a redo, with the rows the undo took). Per item, from its live amount (0 when
-- removed): an undo adds back what the write withdrew and subtracts what it added; a redo the other way round. An
-- item that ends at 0 is removed keeping its quantity, as the write (or the undo) left it: only the line the write
-- made (undo) or emptied (redo) may end so; anything else means a later write changed it (CONFLICT).
create function private.move_contributions(p_household_id uuid, p_invocation_id uuid, p_sources jsonb,
  p_withdrawals jsonb, p_put_back boolean, p_at timestamptz, p_strict boolean) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_made_at timestamptz := (select t.created_at from public.tool_invocations t where t.id = p_invocation_id);
  v_list_ids uuid[] := array(
    select distinct i.grocery_list_id from public.grocery_items i
    where i.household_id = p_household_id and i.id in (
      select (e.value ->> 'grocery_item_id')::uuid from jsonb_array_elements(p_sources || p_withdrawals) e));
  v_item record;
  v_live numeric;
  v_plus numeric;
  v_minus numeric;
  v_after numeric;
  v_count integer := 0;
begin
  perform from public.grocery_lists l
  where l.household_id = p_household_id and l.id = any(v_list_ids)
  order by l.id
  for no key update;
  for v_item in
    with own as (
      select (e.value ->> 'grocery_item_id')::uuid as item_id, (e.value ->> 'quantity_added')::numeric as added,
        0::numeric as withdrawn
      from jsonb_array_elements(p_sources) e
      union all
      select (e.value ->> 'grocery_item_id')::uuid, 0, (e.value ->> 'quantity_removed')::numeric
      from jsonb_array_elements(p_withdrawals) e
    )
    select i.*, sum(own.added) as added, sum(own.withdrawn) as withdrawn,
      coalesce(i.name, ingredient.name) as label
    from own
    join public.grocery_items i on i.household_id = p_household_id and i.id = own.item_id
    left join public.ingredients ingredient on ingredient.id = i.ingredient_id
    group by i.id, ingredient.name
    order by i.id
  loop
    perform from public.grocery_items i where i.id = v_item.id for no key update;
    if v_item.checked then
      perform private.undo_conflict(format('%s was checked since', v_item.label));
    end if;
    perform private.refuse_if_changed_since(v_item.label, v_item.updated_at, p_at, p_strict);
    -- Removed: only the line this write emptied (undo) or made (redo, after the undo removed it) comes back.
    if v_item.deleted_at is not null and not (case when p_put_back
        then v_item.created_at = v_made_at and v_item.withdrawn = 0 and v_item.quantity = v_item.added
        else v_item.withdrawn > 0 and v_item.quantity = v_item.withdrawn end) then
      perform private.undo_conflict(format('%s was removed since', v_item.label));
    end if;
    v_live := case when v_item.deleted_at is null then v_item.quantity else 0 end;
    v_plus := case when p_put_back then v_item.added else v_item.withdrawn end;
    v_minus := case when p_put_back then v_item.withdrawn else v_item.added end;
    v_after := v_live + v_plus - v_minus;
    if v_after > 1000000 then
      perform private.undo_conflict(format('%s would pass 1,000,000', v_item.label));
    elsif v_after > 0 then
      if v_item.deleted_at is not null then
        perform private.refuse_if_key_taken((select i from public.grocery_items i where i.id = v_item.id),
          v_item.label);
      end if;
      update public.grocery_items i set quantity = trim_scale(v_after), deleted_at = null where i.id = v_item.id;
    elsif v_after = 0 and (case when p_put_back then v_item.withdrawn > 0 else v_item.created_at = v_made_at end) then
      update public.grocery_items i set quantity = trim_scale(v_live + v_plus), deleted_at = now()
      where i.id = v_item.id;
    else
      perform private.undo_conflict(format('%s no longer holds what this write %s', v_item.label,
        case when p_put_back then 'withdrew' else 'added' end));
    end if;
    v_count := v_count + 1;
  end loop;
  perform private.live_item_count(list_id) from unnest(v_list_ids) list_id;
  return v_count;
end;
$$;
grant execute on function private.move_contributions(uuid,uuid,jsonb,jsonb,boolean,timestamptz,boolean) to authenticated;

-- The redo of undo_contributions: the rows it took come back as they were, and so do their amounts.
create or replace function private.put_back_contributions(p_household_id uuid, p_invocation_id uuid, p_rows jsonb,
  p_at timestamptz, p_strict boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_write public.tool_invocations;
  v_count integer;
begin
  select * into v_write from public.tool_invocations t
  where t.household_id = p_household_id and t.id = p_invocation_id;
  if v_write.id is null then
    perform private.undo_conflict('the write this undo took back is no longer recorded; repeat it instead');
  end if;
  perform private.refuse_if_converted(p_household_id, (p_rows -> 'sources') || (p_rows -> 'withdrawals'));
  v_count := private.move_contributions(p_household_id, p_invocation_id, p_rows -> 'sources',
    p_rows -> 'withdrawals', true, p_at, p_strict);
  insert into public.grocery_item_sources
  select * from jsonb_populate_recordset(null::public.grocery_item_sources, p_rows -> 'sources');
  insert into public.grocery_item_withdrawals
  select * from jsonb_populate_recordset(null::public.grocery_item_withdrawals, p_rows -> 'withdrawals');
  perform private.record_undo_inverse(v_write.tool, v_write.response, v_write.id);
  return format('Put back what %s added to %s item%s.', v_write.tool, v_count,
    case when v_count = 1 then '' else 's' end);
end;
$$;
grant execute on function private.put_back_contributions(uuid,uuid,jsonb,timestamptz,boolean) to authenticated;

-- What a person's edit (grocery.update_item), a conversion's rounding or this migration's backfill changed in
-- an item's amount, signed, in the unit it was recorded in. History: written once; moved only by a fold.
create table public.grocery_item_adjustments (
  id uuid primary key default gen_random_uuid(),
  grocery_item_id uuid not null,
  household_id uuid not null,
  quantity numeric not null check (quantity <> 0),
  unit text not null references public.units (code),
  reason text not null check (reason in ('update', 'conversion', 'backfill')),
  invocation_id uuid default nullif(pg_catalog.current_setting('meal_planner.invocation_id', true), '')::uuid,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (household_id, grocery_item_id) references public.grocery_items (household_id, id) on delete cascade
);
create index grocery_item_adjustments_item_idx on public.grocery_item_adjustments (household_id, grocery_item_id);
create index grocery_item_adjustments_unit_idx on public.grocery_item_adjustments (unit);
create index grocery_item_adjustments_created_by_idx on public.grocery_item_adjustments (created_by);
create index grocery_item_adjustments_invocation_idx on public.grocery_item_adjustments (household_id, invocation_id)
  where invocation_id is not null;
revoke all on public.grocery_item_adjustments from public, anon, authenticated;
grant insert, delete, update (grocery_item_id) on public.grocery_item_adjustments to meal_planner_writer;
alter table public.grocery_item_adjustments enable row level security;
create policy "Grocery item adjustments are visible to household members" on public.grocery_item_adjustments
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can record adjustments, or put back an undone write's"
  on public.grocery_item_adjustments
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()) and (created_by = (select auth.uid()) or exists (
    select 1 from public.tool_invocations t
    where t.id = invocation_id and t.household_id = grocery_item_adjustments.household_id and t.user_id = created_by)));
create policy "Members can move adjustments between their household's items" on public.grocery_item_adjustments
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can remove their household's grocery item adjustments" on public.grocery_item_adjustments
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));

-- Per item and kind (a count unit is a kind of its own), the ledger's net amount in the kind's base unit.
create function private.grocery_ledger_nets(p_household_id uuid, p_item_ids uuid[])
returns table (grocery_item_id uuid, dimension text, base_amount numeric)
language sql stable
set search_path = ''
as $$
  select e.item_id, case when u.factor is null then u.code else u.kind end, sum(e.quantity * coalesce(u.factor, 1))
  from (
    select s.grocery_item_id as item_id, s.quantity_added as quantity, s.unit from public.grocery_item_sources s
    where s.household_id = p_household_id and s.grocery_item_id = any(p_item_ids)
    union all
    select w.grocery_item_id, -w.quantity_removed, w.unit from public.grocery_item_withdrawals w
    where w.household_id = p_household_id and w.grocery_item_id = any(p_item_ids)
    union all
    select a.grocery_item_id, a.quantity, a.unit from public.grocery_item_adjustments a
    where a.household_id = p_household_id and a.grocery_item_id = any(p_item_ids)
  ) e
  join public.units u on u.code = e.unit
  group by 1, 2
$$;
grant execute on function private.grocery_ledger_nets(uuid,uuid[]) to authenticated;

-- The ledger of each item named (live or removed): its quantity, what its ledger rows sum to in its unit, the
-- net amounts left in kinds other than its unit's (in their base unit; null when none), and whether it holds.
create function private.grocery_ledger(p_household_id uuid, p_item_ids uuid[])
returns table (grocery_item_id uuid, quantity numeric, unit text, ledger_quantity numeric, other_kinds jsonb,
  holds boolean)
language sql stable
set search_path = ''
as $$
  with items as (
    select i.id, i.quantity, i.unit, case when u.factor is null then u.code else u.kind end as dimension,
      coalesce(u.factor, 1) as factor
    from public.grocery_items i join public.units u on u.code = i.unit
    where i.household_id = p_household_id and i.id = any(p_item_ids)
  ),
  nets as (select * from private.grocery_ledger_nets(p_household_id, p_item_ids))
  select it.id, it.quantity, it.unit,
    trim_scale(coalesce(own.base_amount, 0) / it.factor),
    others.amounts,
    coalesce(own.base_amount, 0) = it.quantity * it.factor and others.amounts is null
  from items it
  left join nets own on own.grocery_item_id = it.id and own.dimension = it.dimension
  left join lateral (
    select jsonb_object_agg(n.dimension, trim_scale(n.base_amount)) as amounts from nets n
    where n.grocery_item_id = it.id and n.dimension <> it.dimension and n.base_amount <> 0
  ) others on true
$$;
grant execute on function private.grocery_ledger(uuid,uuid[]) to authenticated;

-- The invariant: the live items of a list whose quantity differs from their ledger, with both figures. Empty when
-- the ledger holds. The tests (HTTP and pgTAP) call it after every write.
create function private.grocery_ledger_violations(p_list_id uuid)
returns table (grocery_item_id uuid, quantity numeric, unit text, ledger_quantity numeric, other_kinds jsonb)
language sql stable
set search_path = ''
as $$
  select l.grocery_item_id, l.quantity, l.unit, l.ledger_quantity, l.other_kinds
  from public.grocery_lists list
  cross join lateral private.grocery_ledger(list.household_id, array(
    select i.id from public.grocery_items i
    where i.household_id = list.household_id and i.grocery_list_id = list.id and i.deleted_at is null)) l
  where list.id = p_list_id and not l.holds
$$;

-- Records the adjustments that make an item's ledger equal its quantity: what was left in other kinds is
-- cancelled in their base unit, and the difference in its own kind is recorded in its unit when that is exact,
-- else in the base unit (ml or g), where it always is. Only the backfill below uses it: every tool records its
-- own part, so that a tool that forgets one shows as a violation instead of being papered over.
create function private.grocery_ledger_restate(p_household_id uuid, p_item_ids uuid[], p_reason text) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  with items as (
    select i.id, i.household_id, i.quantity, i.unit, case when u.factor is null then u.code else u.kind end as dimension,
      coalesce(u.factor, 1) as factor
    from public.grocery_items i join public.units u on u.code = i.unit
    where i.household_id = p_household_id and i.id = any(p_item_ids)
  ),
  nets as (select * from private.grocery_ledger_nets(p_household_id, p_item_ids)),
  base_units as (
    select u.kind as dimension, u.code from public.units u where u.factor = 1
    union all
    select u.code, u.code from public.units u where u.factor is null
  ),
  wanted as (
    select it.id, it.household_id, -n.base_amount as base_amount, b.code as unit, 1::numeric as factor
    from items it
    join nets n on n.grocery_item_id = it.id and n.dimension <> it.dimension and n.base_amount <> 0
    join base_units b on b.dimension = n.dimension
    union all
    select it.id, it.household_id, it.quantity * it.factor - coalesce(own.base_amount, 0),
      case when ((it.quantity * it.factor - coalesce(own.base_amount, 0)) / it.factor) * it.factor
        = it.quantity * it.factor - coalesce(own.base_amount, 0) then it.unit else b.code end,
      case when ((it.quantity * it.factor - coalesce(own.base_amount, 0)) / it.factor) * it.factor
        = it.quantity * it.factor - coalesce(own.base_amount, 0) then it.factor else 1 end
    from items it
    left join nets own on own.grocery_item_id = it.id and own.dimension = it.dimension
    join base_units b on b.dimension = it.dimension
    where coalesce(own.base_amount, 0) <> it.quantity * it.factor
  )
  insert into public.grocery_item_adjustments (grocery_item_id, household_id, quantity, unit, reason)
  select w.id, w.household_id, trim_scale(w.base_amount / w.factor), w.unit, p_reason from wanted w;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Where a line went: following merged_into_id from a removed line to the line that now holds its amounts.
create function private.grocery_line_merged_into(p_item public.grocery_items) returns public.grocery_items
language plpgsql stable
set search_path = ''
as $$
declare
  v_line public.grocery_items := p_item;
  v_hops integer := 0;
begin
  while v_line.merged_into_id is not null and v_hops < 1000 loop
    select * into v_line from public.grocery_items i
    where i.household_id = p_item.household_id and i.id = v_line.merged_into_id;
    v_hops := v_hops + 1;
  end loop;
  return v_line;
end;
$$;
grant execute on function private.grocery_line_merged_into(grocery_items) to authenticated;

-- Moves every ledger row of one line onto another (a fold, a conversion). Returns what moved, for undo:
-- {sources, withdrawals, adjustments}, each a list of ids.
create function private.move_ledger_rows(p_household_id uuid, p_from uuid[], p_to uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_sources jsonb;
  v_withdrawals jsonb;
  v_adjustments jsonb;
begin
  with moved as (
    update public.grocery_item_sources s set grocery_item_id = p_to
    where s.household_id = p_household_id and s.grocery_item_id = any(p_from) and s.grocery_item_id <> p_to
    returning s.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_sources from moved;
  with moved as (
    update public.grocery_item_withdrawals w set grocery_item_id = p_to
    where w.household_id = p_household_id and w.grocery_item_id = any(p_from) and w.grocery_item_id <> p_to
    returning w.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_withdrawals from moved;
  with moved as (
    update public.grocery_item_adjustments a set grocery_item_id = p_to
    where a.household_id = p_household_id and a.grocery_item_id = any(p_from) and a.grocery_item_id <> p_to
    returning a.id
  )
  select coalesce(jsonb_agg(moved.id order by moved.id), '[]'::jsonb) into v_adjustments from moved;
  return jsonb_build_object('sources', v_sources, 'withdrawals', v_withdrawals, 'adjustments', v_adjustments);
end;
$$;
grant execute on function private.move_ledger_rows(uuid,uuid[],uuid) to authenticated;

-- The ledger rows of these lines, each with the line it is on now: what an undo puts back where it was.
create function private.ledger_rows_of(p_household_id uuid, p_item_ids uuid[]) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'withdrawals', coalesce((select jsonb_agg(jsonb_build_object('id', w.id, 'grocery_item_id', w.grocery_item_id)
      order by w.id) from public.grocery_item_withdrawals w
      where w.household_id = p_household_id and w.grocery_item_id = any(p_item_ids)), '[]'::jsonb),
    'adjustments', coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'grocery_item_id', a.grocery_item_id)
      order by a.id) from public.grocery_item_adjustments a
      where a.household_id = p_household_id and a.grocery_item_id = any(p_item_ids)), '[]'::jsonb))
$$;
grant execute on function private.ledger_rows_of(uuid,uuid[]) to authenticated;

-- Puts withdrawals and adjustments back on the lines they were on (p_rows as ledger_rows_of gave them), when each
-- is on one of p_now_on; CONFLICT (p_label) when one has moved elsewhere since.
create function private.put_ledger_rows_back(p_household_id uuid, p_rows jsonb, p_now_on uuid[], p_label text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select count(*) from public.grocery_item_withdrawals w
      join jsonb_to_recordset(coalesce(p_rows -> 'withdrawals', '[]')) as was (id uuid, grocery_item_id uuid)
        on was.id = w.id
      where w.household_id = p_household_id and w.grocery_item_id = any(p_now_on))
     <> jsonb_array_length(coalesce(p_rows -> 'withdrawals', '[]'))
     or (select count(*) from public.grocery_item_adjustments a
      join jsonb_to_recordset(coalesce(p_rows -> 'adjustments', '[]')) as was (id uuid, grocery_item_id uuid)
        on was.id = a.id
      where a.household_id = p_household_id and a.grocery_item_id = any(p_now_on))
     <> jsonb_array_length(coalesce(p_rows -> 'adjustments', '[]')) then
    perform private.undo_conflict(format('the amounts of %s moved since', p_label));
  end if;
  update public.grocery_item_withdrawals w set grocery_item_id = was.grocery_item_id
  from jsonb_to_recordset(coalesce(p_rows -> 'withdrawals', '[]')) as was (id uuid, grocery_item_id uuid)
  where w.household_id = p_household_id and w.id = was.id and w.grocery_item_id <> was.grocery_item_id;
  update public.grocery_item_adjustments a set grocery_item_id = was.grocery_item_id
  from jsonb_to_recordset(coalesce(p_rows -> 'adjustments', '[]')) as was (id uuid, grocery_item_id uuid)
  where a.household_id = p_household_id and a.id = was.id and a.grocery_item_id <> was.grocery_item_id;
end;
$$;
grant execute on function private.put_ledger_rows_back(uuid,jsonb,uuid[],text) to authenticated;

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

create or replace function app.grocery_get_list(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_reply jsonb := private.grocery_list_as_read(p_household_id, p_input);
begin
  return v_reply || jsonb_build_object('version', (select l.version from public.grocery_lists l
    where l.household_id = p_household_id and l.id = (v_reply #>> '{list,id}')::uuid),
    'aisle_order', private.aisle_order_json(p_household_id));
end;
$$;

-- A live item as grocery.get_list shows it (its latest 20 sources, its category, what to buy): the body of
-- 20261125001510_aisles_and_buying.sql.
create or replace function private.grocery_item_with_sources_json(p_item public.grocery_items) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
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
            order by s.created_at desc, s.id desc limit 20) recent),
    'category', (select ingredient.aisle from public.ingredients ingredient
      where ingredient.id = p_item.ingredient_id),
    'buy', private.grocery_item_buy(p_item.ingredient_id, p_item.quantity, p_item.unit))
$$;
grant execute on function private.grocery_item_with_sources_json(grocery_items) to authenticated;

-- As they were (20261125001510_aisles_and_buying.sql, 20261125001100_change_feed.sql), plus the horizon check.
create or replace function app.grocery_changes(p_household_id uuid, p_input jsonb)
 returns jsonb
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  v_list public.grocery_lists;
  v_since bigint := (p_input ->> 'since')::bigint;
  v_limit integer := coalesce((p_input ->> 'limit')::integer, 500);
  v_after jsonb := private.decode_cursor(p_input ->> 'cursor');
  v_page public.grocery_items[];
  v_pruned bigint;
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
  -- Removed items are kept 30 days (private.prune_retention): a pull from before the last one pruned could miss a
  -- removal. Read in the same snapshot as the items, so a pruning commits either both or neither for this pull.
  select h.pruned_version into v_pruned from private.change_feed_horizons h
  where h.household_id = p_household_id and h.grocery_list_id = v_list.id;
  if v_since > 0 and v_since < v_pruned then
    raise exception 'since (%) is older than this list''s kept changes (removed items are kept 30 days; removals up to version % are gone): re-read it with grocery.get_list',
      v_since, v_pruned using errcode = 'MP409', column = 'since';
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
      'v', v_page[v_limit].version, 'i', v_page[v_limit].id)) end,
    'aisle_order', private.aisle_order_json(p_household_id));
end;
$function$;
grant execute on function app.grocery_changes(uuid,jsonb) to authenticated;

-- Undoing a push, an add or a sync (and redoing it) found by the ledger's random test: the undo locks the lists it
-- touches before it reads its own rows (an undo racing a conversion of the same line took back sources the
-- conversion had just moved), and it is refused when a later write changed the line's unit (it took back cups from
-- a line in tablespoons). Otherwise as 20261122000910_history_undo_grocery.sql.
-- A write's rows are taken back (or put back) in their own unit, from the line they are on. A line whose unit a later
-- write changed (a conversion, or update_item to another unit) cannot take them exactly: refused, naming the line,
-- as the undo of a write whose line changed since is.
create function private.refuse_if_converted(p_household_id uuid, p_rows jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_line record;
begin
  select coalesce(i.name, ingredient.name) as label, i.unit, e.value ->> 'unit' as row_unit into v_line
  from jsonb_array_elements(p_rows) e
  join public.grocery_items i on i.household_id = p_household_id and i.id = (e.value ->> 'grocery_item_id')::uuid
  left join public.ingredients ingredient on ingredient.id = i.ingredient_id
  where i.unit <> e.value ->> 'unit'
  limit 1;
  if found then
    perform private.undo_conflict(format('%s is in %s since a later write (it was added in %s); undo that write first',
      v_line.label, v_line.unit, v_line.row_unit));
  end if;
end;
$$;
grant execute on function private.refuse_if_converted(uuid,jsonb) to authenticated;

create function private.grocery_refusal(p_type text, p_message text, p_field text, p_details jsonb) returns jsonb
language sql immutable
set search_path = ''
return pg_catalog.jsonb_build_object('refusal', pg_catalog.jsonb_build_object('type', p_type, 'message', p_message,
  'field', p_field, 'details', p_details));
grant execute on function private.grocery_refusal(text,text,text,jsonb) to authenticated;

-- Why a write of this tool (check_item, uncheck_item, update_item, remove_item) must not run, as a refusal; null
-- when it may. Locks the item's list, then the item, as private.live_grocery_item does (so the decision holds until
-- the write commits). An item of another household, an unknown one or one on a removed list gets null here: the
-- tool itself answers NOT_FOUND as before.
create function private.grocery_item_write_refusal(p_household_id uuid, p_tool text, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item_id uuid := (p_input ->> 'grocery_item_id')::uuid;
  v_seen bigint := (p_input ->> 'seen_version')::bigint;
  v_me uuid := auth.uid();
  v_list public.grocery_lists;
  v_item public.grocery_items;
  v_into public.grocery_items;
  v_name text;
  v_checked_by_other boolean;
  v_amount_by_other boolean;
  v_what text;
begin
  select l.* into v_list from public.grocery_lists l
  where l.id = (select i.grocery_list_id from public.grocery_items i
                where i.id = v_item_id and i.household_id = p_household_id)
  for no key update;
  if v_list.id is null or v_list.deleted_at is not null then
    return null;
  end if;
  select i.* into v_item from public.grocery_items i
  where i.id = v_item_id and i.household_id = p_household_id
  for no key update;
  v_name := private.grocery_item_json(v_item) ->> 'name';

  if v_item.deleted_at is not null then
    v_into := private.grocery_line_merged_into(v_item);
    if v_item.merged_into_id is not null and v_into.deleted_at is null then
      return private.grocery_refusal('NOT_FOUND', format(
        '"%s" was merged into another line of %s: "%s", now %s %s. Nothing changed; apply it to that line if you still mean it.',
        v_name, v_list.name, private.grocery_item_json(v_into) ->> 'name', v_into.quantity, v_into.unit),
        'grocery_item_id', jsonb_build_object('reason', 'merged', 'grocery_list_id', v_list.id,
          'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
            || jsonb_build_object('deleted_at', v_item.deleted_at),
          'merged_into', private.grocery_item_detail_json(v_into)));
    end if;
    return private.grocery_refusal('NOT_FOUND', format(
      '"%s" was removed from %s. Nothing changed.', v_name, v_list.name),
      'grocery_item_id', jsonb_build_object('reason', 'removed', 'grocery_list_id', v_list.id,
        'version', v_list.version, 'item', private.grocery_item_detail_json(v_item)
          || jsonb_build_object('deleted_at', v_item.deleted_at), 'merged_into', null));
  end if;

  if v_seen is null then
    return null;
  end if;
  if v_seen > v_list.version then
    raise exception 'seen_version (%) is past this list''s version (%): it was not read from this list; re-read it with grocery.get_list',
      v_seen, v_list.version using errcode = 'MP409', column = 'seen_version';
  end if;
  v_checked_by_other := v_item.checked_version > v_seen and v_item.checked_changed_by is distinct from v_me;
  v_amount_by_other := v_item.amount_version > v_seen and v_item.amount_changed_by is distinct from v_me;
  v_what := case
    when p_tool = 'grocery.check_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by someone else after you last read %s; it stays unticked. Tick it again if you still mean it.',
        v_name, v_list.name)
    when p_tool in ('grocery.uncheck_item', 'grocery.remove_item') and v_item.checked and v_checked_by_other then
      format('"%s" was ticked by someone else after you last read %s; it stays ticked. %s',
        v_name, v_list.name, case when p_tool = 'grocery.remove_item' then 'Remove it again if you still mean it.'
        else 'Untick it again if you still mean it.' end)
    when p_tool = 'grocery.remove_item' and not v_item.checked and v_checked_by_other then
      format('"%s" was unticked by someone else after you last read %s; it stays on the list. Remove it again if you still mean it.',
        v_name, v_list.name)
    when p_tool in ('grocery.update_item', 'grocery.remove_item') and v_amount_by_other then
      format('"%s" was changed by someone else after you last read %s: it is now %s %s%s. Nothing changed; %s it again if you still mean it.',
        v_name, v_list.name, v_item.quantity, v_item.unit,
        coalesce(', ' || v_item.prep_state, ''),
        case when p_tool = 'grocery.remove_item' then 'remove' else 'change' end)
  end;
  if v_what is null then
    return null;
  end if;
  return private.grocery_refusal('CONFLICT', v_what, 'seen_version', jsonb_build_object(
    'reason', case when v_checked_by_other and p_tool <> 'grocery.update_item' then 'checked_changed'
      else 'amount_changed' end,
    'grocery_list_id', v_list.id, 'version', v_list.version,
    'item', private.grocery_item_detail_json(v_item),
    'changed_by', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_changed_by
      else v_item.amount_changed_by end,
    'changed_at_version', case when v_checked_by_other and p_tool <> 'grocery.update_item' then v_item.checked_version
      else v_item.amount_version end));
end;
$$;
grant execute on function private.grocery_item_write_refusal(uuid,text,jsonb) to authenticated;

create function app.grocery_check_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.check_item', p_input),
    private.grocery_check_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_uncheck_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.uncheck_item', p_input),
    private.grocery_uncheck_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_update_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.update_item', p_input),
    private.grocery_update_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

create function app.grocery_remove_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return coalesce(private.grocery_item_write_refusal(p_household_id, 'grocery.remove_item', p_input),
    private.grocery_remove_item_unguarded(p_household_id, p_input - 'seen_version'));
end;
$$;

-- What to buy for a need, or null when the catalog says nothing about how it is sold: a rule of the ingredient for
-- this unit first, then one of the same weight or volume kind, then a unit bought whole.
create function private.grocery_item_buy(p_ingredient_id uuid, p_quantity numeric, p_unit text) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_count numeric;
  v_unit text;
  v_singular text;
  v_plural text;
begin
  if p_ingredient_id is not null then
    select pg_catalog.ceil(p_quantity * coalesce(line.factor / need.factor, 1) / rule.per_purchase),
      rule.purchase_unit, rule.singular, rule.plural
    into v_count, v_unit, v_singular, v_plural
    from public.ingredient_purchase_units rule
    join public.units need on need.code = rule.need_unit
    join public.units line on line.code = p_unit
    where rule.ingredient_id = p_ingredient_id
      and (rule.need_unit = p_unit or (need.kind = line.kind and need.kind <> 'count'))
    order by rule.need_unit = p_unit desc, rule.need_unit
    limit 1;
  end if;
  if v_unit is null then
    select pg_catalog.ceil(p_quantity), whole.unit into v_count, v_unit
    from public.units_bought_whole whole where whole.unit = p_unit;
  end if;
  if v_unit is null then
    return null;
  end if;
  return pg_catalog.jsonb_build_object('quantity', v_count, 'unit', v_unit, 'wording', private.counted(v_count,
    coalesce(v_singular, v_unit), coalesce(v_plural, case when v_unit = 'whole' then 'whole' else v_unit || 's' end)));
end;
$$;
grant execute on function private.grocery_item_buy(uuid,numeric,text) to authenticated;

create function private.poke_aisle_order_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.poke_household(coalesce(new.household_id, old.household_id), jsonb_build_object('kind', 'aisle_order'));
  return null;
end;
$$;
revoke all on function private.poke_aisle_order_changed() from public;

create table public.household_aisle_orders (
  household_id uuid primary key references public.households (id) on delete cascade,
  -- The categories the household named, in its order; the others follow in the default order.
  categories text[] not null check (cardinality(categories) between 1 and 50),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
create index household_aisle_orders_updated_by_idx on public.household_aisle_orders (updated_by);
revoke all on public.household_aisle_orders from public, anon, authenticated;
grant select on public.household_aisle_orders to meal_planner_reader, meal_planner_writer;
grant insert, update, delete on public.household_aisle_orders to meal_planner_writer;
alter table public.household_aisle_orders enable row level security;
create policy "Aisle orders are visible to the household's members" on public.household_aisle_orders
  for select to authenticated
  using (household_id in (select private.member_household_ids()));
create policy "Members can set their household's aisle order" on public.household_aisle_orders
  for insert to authenticated
  with check (household_id in (select private.member_household_ids()));
create policy "Members can change their household's aisle order" on public.household_aisle_orders
  for update to authenticated
  using (household_id in (select private.member_household_ids()))
  with check (household_id in (select private.member_household_ids()));
create policy "Members can reset their household's aisle order" on public.household_aisle_orders
  for delete to authenticated
  using (household_id in (select private.member_household_ids()));
create trigger household_aisle_orders_poke
after insert or update or delete on public.household_aisle_orders
for each row execute function private.poke_aisle_order_changed();

-- Every category once, in the household's order: those it named first, then the rest in the default order.
create function private.aisle_order_json(p_household_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('category', c.code, 'label', c.label)
    order by pg_catalog.array_position(o.categories, c.code) nulls last, c.default_position)
  from public.grocery_categories c
  left join public.household_aisle_orders o on o.household_id = p_household_id
$$;
grant execute on function private.aisle_order_json(uuid) to authenticated;

-- Any member may set it (it is how they walk their shop); an empty list puts the default order back. The reply
-- keeps the order before (null: the default), which undoing puts back.
create function app.household_set_aisle_order(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_categories text[];
  v_previous text[];
  v_unknown text;
  v_name text := (select h.name from public.households h where h.id = p_household_id);
begin
  if jsonb_typeof(p_input -> 'categories') is distinct from 'array' then
    raise exception 'categories must be a list of category codes' using errcode = 'MP400', column = 'categories';
  end if;
  select array_agg(element.value order by element.position) into v_categories
  from jsonb_array_elements_text(p_input -> 'categories') with ordinality element(value, position);
  select given.code into v_unknown from unnest(v_categories) given(code)
  where given.code not in (select c.code from public.grocery_categories c)
  limit 1;
  if v_unknown is not null then
    raise exception 'unknown category "%"; the categories are: %', v_unknown,
      (select string_agg(c.code, ', ' order by c.default_position) from public.grocery_categories c)
      using errcode = 'MP400', column = 'categories';
  end if;
  if (select count(distinct given.code) from unnest(v_categories) given(code)) <> coalesce(cardinality(v_categories), 0)
  then
    raise exception 'categories must name each category at most once' using errcode = 'MP400', column = 'categories';
  end if;
  -- One change of a household's order at a time, so that each reply's previous order is the one it replaced.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('aisle order:' || p_household_id::text, 0));
  select o.categories into v_previous from public.household_aisle_orders o where o.household_id = p_household_id;
  if coalesce(cardinality(v_categories), 0) = 0 then
    v_categories := null;
    delete from public.household_aisle_orders o where o.household_id = p_household_id;
  else
    insert into public.household_aisle_orders as o (household_id, categories, updated_by)
    values (p_household_id, v_categories, (select auth.uid()))
    on conflict (household_id) do update
      set categories = excluded.categories, updated_by = excluded.updated_by, updated_at = now();
  end if;
  return jsonb_build_object('household_id', p_household_id, 'household_name', v_name,
    'categories', to_jsonb(v_categories), 'previous_categories', to_jsonb(v_previous),
    'aisle_order', private.aisle_order_json(p_household_id),
    'message', case when v_categories is null
      then format('Put the aisle order of "%s" back to the usual one.', v_name)
      else format('Set the aisle order of "%s": %s first.', v_name, (
        select string_agg(c.label, ', ' order by given.position)
        from unnest(v_categories) with ordinality given(code, position)
        join public.grocery_categories c on c.code = given.code)) end);
end;
$$;
