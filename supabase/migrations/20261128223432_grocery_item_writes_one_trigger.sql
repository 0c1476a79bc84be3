-- plpgsql: called with perform, an SQL function's body was parsed and planned again at every call.
create or replace function private.remember_version(p_key text, p_version bigint) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.set_config('meal_planner.versions',
    coalesce(pg_catalog.current_setting('meal_planner.versions', true), '') || p_key || '=' || p_version || ';', true);
end;
$$;

-- Every update of an item meets this one trigger (one call, no WHEN clause to read back for each statement): it
-- stamps the row (as private.stamp_update does) unless the update stamped it itself, gives it the list's version for
-- the transaction, and records which aspect changed at that version. One function instead of three: a single-row
-- write such as a check paid for three trigger calls and three WHEN clauses, each parsed again for every statement.
-- A list's updated_at needs nothing more here: the transaction's first change to the list raises its version by
-- updating the list row, which stamps it.
create or replace function private.stamp_grocery_item_update() returns trigger
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

drop trigger if exists grocery_items_stamp_update on public.grocery_items;
create trigger grocery_items_stamp_update before update on public.grocery_items
  for each row execute function private.stamp_grocery_item_update();

drop trigger if exists grocery_items_touch_list_on_insert on public.grocery_items;

drop trigger if exists grocery_items_touch_list_on_update on public.grocery_items;

drop trigger if exists grocery_items_version_on_update on public.grocery_items;

drop trigger if exists grocery_items_version_stamps_aspects on public.grocery_items;

drop trigger if exists grocery_lists_version on public.grocery_lists;
-- Only the list's own changes call it: the raise by private.list_version_for_change (every item write's first) skips
-- the call.
create trigger grocery_lists_version before update on public.grocery_lists
  for each row when (new.version = old.version) execute function private.stamp_grocery_list_version();

drop function private.stamp_grocery_item_aspects();

drop function private.touch_grocery_lists();
