set check_function_bodies = off;

-- The insert trigger reads the taken version itself (the expression of version_taken, inline: no call per row) and
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

-- Every update of an item meets this one trigger (one call, no WHEN clause to read back for each statement): it
-- stamps the row (as private.stamp_update does) unless the update stamped it itself, gives it the list's version for
-- the transaction, and records which aspect changed at that version. One function instead of three: a single-row
-- write such as a check paid for three trigger calls and three WHEN clauses, each parsed again for every statement.
-- A list's updated_at needs nothing more here: the transaction's first change to the list raises its version by
-- updating the list row, which stamps it.
create function private.stamp_grocery_item_update() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint := nullif(pg_catalog.split_part(pg_catalog.split_part(
    ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';l' || new.grocery_list_id || '=',
    2), ';', 1), '')::bigint;
begin
  -- The merge sets updated_at itself; any update that changes created_at or created_by is still stamped.
  if new.updated_at is not distinct from old.updated_at or new.created_at is distinct from old.created_at
     or new.created_by is distinct from old.created_by then
    new.created_at := old.created_at;
    if new.created_by is not null then
      new.created_by := old.created_by;
    end if;
    new.updated_at := now();
  end if;
  if new.version is distinct from v_version or new.updated_at = now() then
    if v_version is null then
      v_version := private.list_version_for_change(new.household_id, new.grocery_list_id);
    end if;
    new.version := v_version;
    -- The time of the change, not of its transaction's start (see 20261125001100_change_feed.sql).
    if new.updated_at = now() then
      new.updated_at := clock_timestamp();
    end if;
  end if;
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
)
-- Room on each page for the next version of its rows: a merge (the amount, the stamps) changes no indexed column, so
-- with room on the page it is a HOT update and writes no index entry. Full pages sent every merged row to another
-- page with an entry in each of the table's eight indexes, a sixth of a 500-line push.
with (fillfactor = 70);
-- No index of household_id alone: unique (household_id, id) leads with it (the policies' and the Data API's
-- household filter use it), and every index is a cost on each write of the merge.
-- A list's rows by list and household, the two conditions every read of a list gives: on the list alone, the
-- planner's generic plan for the list read ANDed it with the household's index, and so read every item the
-- household ever had (3,050 index entries for a 50-item list in the benchmark) to find the list's 50.
create index grocery_items_list_idx on public.grocery_items (grocery_list_id, household_id);
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
-- Its WHEN clause lets through every row the function has something to do for, and spares the push's merge a call per
-- merged row: the merge stamps its rows itself (updated_at, the version, and amount_version with who changed it). It
-- asks only whether the statement wrote each stamp itself, never what the list's version is: PostgreSQL reads a WHEN
-- clause back from its stored text for every statement, and reading the version's expression there cost a check more
-- than the call it saved. So an update that writes version must write the transaction's version for the list (only
-- the merge writes it).
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row
  when (new.updated_at is not distinct from old.updated_at or new.updated_at = now()
        or new.created_at is distinct from old.created_at or new.created_by is distinct from old.created_by
        or new.version is not distinct from old.version
        or (new.checked is distinct from old.checked and new.checked_version is not distinct from old.checked_version)
        or ((new.quantity is distinct from old.quantity or new.unit is distinct from old.unit
             or new.prep_state is distinct from old.prep_state)
            and new.amount_version is not distinct from old.amount_version))
  execute function private.stamp_grocery_item_update();
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
create trigger grocery_items_version before insert on public.grocery_items
  for each row
  when (new.version is distinct from nullif(pg_catalog.split_part(pg_catalog.split_part(
    ';' || coalesce(pg_catalog.current_setting('meal_planner.versions', true), ''), ';l' || new.grocery_list_id || '=',
    2), ';', 1), '')::bigint)
  execute function private.stamp_grocery_item_version();

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

-- These three are plpgsql, not sql: a SQL function with a SET clause is never inlined and, before PostgreSQL 18, is
-- planned again at every call, and one write's reply called two of them in turn (check an item: 2.5 of 9.2 million
-- instructions, counted with callgrind).
create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text)
returns json
language plpgsql stable
set search_path = ''
as $$
begin
  return pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked
  );
end;
$$;
grant execute on function private.grocery_item_as_json(grocery_items,text) to authenticated;

create or replace function private.grocery_item_as_json(p_item public.grocery_items, p_ingredient_name text,
  p_quantity_before numeric) returns json
language plpgsql stable
set search_path = ''
as $$
begin
  return pg_catalog.json_build_object(
    'id', p_item.id,
    'ingredient_id', p_item.ingredient_id,
    'name', coalesce(p_item.name, p_ingredient_name),
    'quantity', p_item.quantity,
    'unit', p_item.unit,
    'prep_state', p_item.prep_state,
    'checked', p_item.checked,
    'quantity_before', p_quantity_before,
    'quantity_after', p_item.quantity
  );
end;
$$;
grant execute on function private.grocery_item_as_json(grocery_items,text,numeric) to authenticated;

create or replace function private.grocery_item_json(p_item public.grocery_items, p_ingredient_name text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  return private.grocery_item_as_json(p_item, p_ingredient_name)::jsonb;
end;
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

-- An item's name as the list shows it: its own, else its ingredient's.
create function private.grocery_item_name(p_item public.grocery_items) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  return coalesce(p_item.name, (select i.name from public.ingredients i where i.id = p_item.ingredient_id));
end;
$$;
grant execute on function private.grocery_item_name(grocery_items) to authenticated;

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
