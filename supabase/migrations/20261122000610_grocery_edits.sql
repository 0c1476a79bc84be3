-- ============================================================================
-- Tools: editing lists and items, and undoing removals (grocery.update_item, rename_list, delete_list,
-- restore_list, clear_checked, restore_item)
-- ============================================================================

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

-- Quantity, unit and prep state, each when given: how a person resolves a unit mismatch (500 g and 1 lb
-- of rice: make the first 1.1 lb). An unchecked line that now has another line's merge key folds into it.
create function app.grocery_update_item(p_household_id uuid, p_input jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_item public.grocery_items := private.live_grocery_item(p_household_id, (p_input ->> 'grocery_item_id')::uuid);
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
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object(
    'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'previous', v_previous,
    'folded_into_item_id', v_into.id,
    'message', case when v_into.id is null then 'Updated.'
      else format('Updated and folded into the matching unchecked line, now %s %s.', v_into.quantity, v_into.unit) end);
end;
$$;

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

-- A removed item comes back on its (live) list as it was; an unchecked one folds into a matching line.
create function app.grocery_restore_item(p_household_id uuid, p_input jsonb) returns jsonb
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
  update public.grocery_items i set deleted_at = null where i.id = v_item.id returning * into v_item;
  perform private.live_item_count(v_item.grocery_list_id);
  v_into := private.fold_into_matching_line(v_item);
  return jsonb_build_object('restored', true, 'item', private.grocery_item_detail_json(coalesce(v_into, v_item)),
    'folded_into_item_id', v_into.id);
end;
$$;

grant execute on function private.grocery_list_to_change(uuid, uuid, boolean) to authenticated;
