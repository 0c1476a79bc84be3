set check_function_bodies = off;

-- The list's own changes (rename, removal, restore) raise its version too, once a transaction; the raise by
-- private.list_version_for_change is not one of them (it changes the version itself). Set here, not by an update
-- of the row inside its own trigger.
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
-- Only the list's own changes call it: the raise by private.list_version_for_change (every item write's first) skips
-- the call.
create trigger grocery_lists_version before update on public.grocery_lists
  for each row when (new.version = old.version) execute function private.stamp_grocery_list_version();

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

-- The writes that add lines to a list (push, add_item, add_text, push_recipe, sync_plan) wait their turn here, first
-- come first served, before they lock the list's row. Each of them updates that row, so a writer waiting on the row
-- lock must follow it to the row's next version when the holder commits, and a writer arriving just then, which
-- reads the new version directly, may take it first: with ten pushes into one list, one could be passed over again
-- and again, for several times the median wait. A transaction-level advisory lock keeps one queue.
-- Every caller takes it before it holds the list's row, so no writer holds the row while it waits here; the other
-- writes of a list (a tick, a rename) lock the row alone and never wait here.
create function private.queue_for_grocery_list(p_list_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('grocery list:' || p_list_id::text, 0));
end;
$$;
grant execute on function private.queue_for_grocery_list(uuid) to authenticated;

-- A live list of the household, locked for the lines a write adds to it: one statement where a read and then a lock
-- were two. A list removed while the lock was awaited is no longer live when the row is read again under the lock, so
-- nothing is added to it. NOT_FOUND, as private.live_grocery_list, when the household has no such live list.
create function private.live_grocery_list_to_change(p_household_id uuid, p_list_id uuid) returns public.grocery_lists
language plpgsql
set search_path = ''
as $$
declare
  v_list public.grocery_lists;
begin
  perform private.queue_for_grocery_list(p_list_id);
  select * into v_list from public.grocery_lists l
  where l.id = p_list_id and l.household_id = p_household_id and l.deleted_at is null
  for no key update;
  if v_list.id is null then
    raise exception 'grocery list not found' using errcode = 'MP404', column = 'grocery_list_id';
  end if;
  return v_list;
end;
$$;
grant execute on function private.live_grocery_list_to_change(uuid,uuid) to authenticated;

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
